import { expect, type Page, type Request } from "@playwright/test";

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
