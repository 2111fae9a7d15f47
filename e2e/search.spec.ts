import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { searchNotes, searchTexts } from "@shop/shared/messages";
import { expect, test } from "./support/fixtures";
import { gotoSettled } from "./support/pages";

// Finding products: typos, filters with counts, the address keeping them, suggestions by keyboard.

const BOOTS = "Leather Chelsea Boots";
/** "Chelsea" with two neighbouring letters swapped: one typo. */
const TYPO = "chelsae";
const SHOTS = process.env.E2E_SCREENSHOTS;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

/** The product cards of the grid: each is a level-2 heading under the page's h1. */
function cards(page: Page): Locator {
  return page.getByRole("main").getByRole("list").last().getByRole("heading", { level: 2 });
}

/** Presses Tab until `target` has the focus (at most 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("the target could not be reached with Tab");
}

test("a misspelt word in the header's box still finds the product", async ({ page }) => {
  await gotoSettled(page, "/");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  await box.fill(TYPO);
  await box.press("Enter");
  await expect(page).toHaveURL(`/search?keyword=${TYPO}`);
  await expect(page.getByRole("main").getByRole("link", { name: BOOTS })).toBeVisible();
});

test("a word the catalogue lacks is dropped, and the page says so", async ({ page }) => {
  await gotoSettled(page, "/search?keyword=boots%20zzzq");
  await expect(page.getByText(searchNotes.fallback("boots zzzq", "boots"))).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: BOOTS })).toBeVisible();
});

test("a filter narrows the grid to its count, shows as a chip, and the address keeps it through a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoSettled(page, "/product-category/shoes?size=50");
  const sidebar = page.getByRole("complementary", { name: searchTexts.filters });
  // The grid draws its cards after a placeholder: wait for the cards the subtitle counts.
  const total = Number(
    /^(\d+) products?/.exec(
      await page
        .getByRole("main")
        .getByText(/^\d+ products?$/)
        .first()
        .innerText(),
    )?.[1],
  );
  await expect(cards(page)).toHaveCount(total);
  const before = total;

  // The filter value with the fewest products, but some: each value shows its count.
  const choices = await sidebar.locator("label:has(input[type=checkbox])").evaluateAll((labels) =>
    labels.map((label) => ({
      value: label.querySelector("span")?.textContent ?? "",
      count: Number(/\((\d+) products?\)/.exec(label.textContent ?? "")?.[1] ?? 0),
      enabled: !label.querySelector("input")?.disabled,
    })),
  );
  const choice = choices
    .filter(({ enabled, count }) => enabled && count > 0 && count < before)
    .sort((a, b) => a.count - b.count)[0];
  if (!choice) throw new Error(`no filter narrows the shoes: ${JSON.stringify(choices)}`);

  const checkbox = sidebar.getByRole("checkbox", { name: `${choice.value} (${choice.count} product` });
  // NOTE: the box shows the address's state, which follows the click a moment later: click, then wait for it.
  await checkbox.click();
  await expect(checkbox).toBeChecked();
  await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("1");
  const chips = page.getByRole("region", { name: searchTexts.activeFilters });
  const chip = chips.getByRole("button", { name: / — remove filter$/ });
  await expect(chip).toHaveCount(1);
  await expect(chip).toContainText(choice.value);
  await expect(cards(page)).toHaveCount(choice.count);

  // Sorted too, then reloaded: the same filter, sort and products. NOTE: the grid keeps the unsorted
  // cards (as many) until the sorted answer comes: the order is read from that answer, then waited for.
  const sortedAnswer = page.waitForResponse(
    (response) => response.url().includes("/products?") && response.url().includes("sort=price-asc"),
  );
  await page.getByRole("combobox", { name: searchTexts.sortLabel }).selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(/page=1/);
  const order = ((await (await sortedAnswer).json()) as { data: { name: string }[] }).data.map(
    (product) => product.name,
  );
  expect(order).toHaveLength(choice.count);
  await expect(cards(page)).toHaveText(order);
  const url = page.url();
  await shoot(page, "category-filtered-1280");

  await page.reload();
  expect(page.url()).toBe(url);
  await expect(checkbox).toBeChecked();
  await expect(chip).toHaveCount(1);
  await expect(page.getByRole("combobox", { name: searchTexts.sortLabel })).toHaveValue("price-asc");
  await expect(cards(page)).toHaveText(order);

  // The chip takes the filter off again; the back button brings it back.
  await chip.click();
  await expect(cards(page)).toHaveCount(before);
  await page.goBack();
  await expect(cards(page)).toHaveCount(choice.count);

  expect(await seriousViolations(page)).toEqual([]);
});

test("the suggestions listbox works by keyboard alone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products" });
  await tabTo(page, box);
  await page.keyboard.type(TYPO);
  const list = page.getByRole("listbox", { name: searchTexts.suggestionsLabel });
  const boots = list.getByRole("option", { name: new RegExp(BOOTS) });
  await expect(boots).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await shoot(page, "suggestions-1280");
  expect(await seriousViolations(page)).toEqual([]);
  const id = await boots.getAttribute("id");

  // Escape closes the list; the down arrow opens it again.
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue(TYPO);

  for (let presses = 0; presses < 10; presses += 1) {
    await page.keyboard.press("ArrowDown");
    if ((await box.getAttribute("aria-activedescendant")) === id) break;
  }
  await expect(box).toHaveAttribute("aria-activedescendant", id ?? "");
  await expect(boots).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: BOOTS })).toBeVisible();
});

test("on a phone the filters open in a drawer, named and clean for assistive technology", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoSettled(page, "/search?keyword=boots&inStock=true");
  await expect(page.getByRole("complementary", { name: searchTexts.filters })).toBeHidden();
  await expect(page.getByRole("region", { name: searchTexts.activeFilters })).toBeVisible();
  await shoot(page, "search-390");
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: searchTexts.showFilters(1) }).click();
  const drawer = page.getByRole("dialog", { name: searchTexts.filters });
  await expect(drawer.getByRole("checkbox", { name: /^In stock/ })).toBeChecked();
  await shoot(page, "filters-drawer-390");
  expect(await seriousViolations(page)).toEqual([]);
  const inStock = drawer.getByRole("checkbox", { name: /^In stock/ });
  await inStock.click();
  await expect(inStock).not.toBeChecked();
  await expect(page).not.toHaveURL(/inStock/);
  await drawer.getByRole("button", { name: /^Show \d+ results?$/ }).click();
  await expect(drawer).toBeHidden();
});
