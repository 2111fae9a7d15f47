import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type Locator, type Page, type Request } from "@playwright/test";

/** How long the network stays quiet before a page counts as settled, as Playwright's "networkidle". */
const QUIET_MS = 500;

/**
 * Opens a page of the shop and waits until it has settled: the app has rendered it, and no request
 * has been under way for half a second since, so that its lazy code and its data are in.
 * NOTE: on a busy machine Playwright's "networkidle" can come before the app's first render (the
 * scripts are in, not yet run), and once reached it is never waited for again: this counts the
 * page's requests itself, from the navigation on.
 */
export async function gotoSettled(page: Page, path: string) {
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    pending.delete(request);
    lastChange = Date.now();
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    await expect
      .poll(() => pending.size === 0 && Date.now() - lastChange >= QUIET_MS, {
        message: `${path} settles: no request for ${QUIET_MS} ms`,
        intervals: [100],
      })
      .toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/**
 * Pictures at a phone's and a desktop's width, for a person to look at: in the folder E2E_SCREENSHOTS
 * names, else in the test's output folder. Whole pages unless `fullPage` is false (a dialog in view).
 */
export async function screenshots(
  page: Page,
  name: string,
  outputPath: (name: string) => string,
  { fullPage = true }: { fullPage?: boolean } = {},
) {
  const folder = process.env.E2E_SCREENSHOTS;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: folder ? path.join(folder, file) : outputPath(file), fullPage });
  }
}

/** Clicks a download link and answers the file's suggested name and its bytes. */
export async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return { filename: file.suggestedFilename(), body: await readFile(await file.path()) };
}

/**
 * Opens the header's categories dropdown. It is pointed at first, and pressed only once its own
 * button has taken over from the stand-in that loads it (categories-menu.tsx): a press made while
 * the two swap starts on one button and ends on the other, and no click comes of it.
 */
export async function openCategoriesMenu(page: Page) {
  const button = page.getByRole("banner").getByRole("button", { name: "Categories" });
  await button.hover();
  await expect(button).toHaveAttribute("id", /^headlessui-popover-button-/);
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

/**
 * The words of an element's text that its lines break inside of ("transacti / on") though they would fit
 * on a line of their own: none when it wraps between words, and a word longer than a line may break.
 */
export function brokenWords(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const broken: string[] = [];
    const line = root.getBoundingClientRect().width;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = Array.from(range.getClientRects());
        const tops = new Set(rects.map((rect) => Math.round(rect.top)));
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        if (tops.size > 1 && width <= line) broken.push(word[0]);
      }
    }
    return broken;
  });
}
