import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { successes } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import { dataOf } from "./support/api";
import { expect, test } from "./support/fixtures";
import { expectToast } from "./support/toasts";

const DESCRIPTION =
  "A soft organic cotton tee cut for everyday wear, in three sizes and two colours, made to last.";

test.use({ signedInAs: "admin" });

/** A variant's line in the grid, named by its values ("M / Blue"). */
function variantRow(page: Page, label: string) {
  return page.getByRole("group", { name: label, exact: true });
}

async function addOption(page: Page, name: string, values: string) {
  await page.getByRole("button", { name: "Add option" }).click();
  await page
    .getByRole("textbox", { name: /^Option \d name$/ })
    .last()
    .fill(name);
  const input = page.getByRole("textbox", { name: `${name} values` });
  await input.fill(values);
  await input.press("Enter");
}

test("the admin creates a product in three sizes and two colours, then changes one variant's stock", async ({
  page,
}) => {
  const name = `Journey Tee ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto("/dashboard/products/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill(DESCRIPTION);
  await page.getByLabel("Category").selectOption({ label: "Shoes" });
  await page.getByRole("button", { name: "Choose thumbnail" }).click();
  const picker = page.getByRole("dialog", { name: "Choose the thumbnail" });
  await picker
    .getByRole("button", { name: /^Select / })
    .first()
    .click();
  await picker.getByRole("button", { name: "Use selected image" }).click();

  await addOption(page, "Size", "S, M, L");
  await addOption(page, "Colour", "Black, Blue");
  await expect(page.getByText("6 variants", { exact: true })).toBeVisible();
  for (const label of ["S / Black", "S / Blue", "M / Black", "M / Blue", "L / Black", "L / Blue"]) {
    await expect(variantRow(page, label)).toBeVisible();
  }
  // The options and the grid, named and labelled for assistive technology (axe, serious or critical).
  const axe = await new AxeBuilder({ page })
    .include("form")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);

  await page.getByLabel("Price for every variant ($)").fill("25");
  await page.getByRole("button", { name: "Set all prices" }).click();
  await page.getByLabel("Stock for every variant").fill("10");
  await page.getByRole("button", { name: "Set all stock" }).click();
  await expect(variantRow(page, "L / Blue").getByLabel("Stock")).toHaveValue("10");

  await page.getByRole("button", { name: "Create Product" }).click();
  await expectToast(page, successes.productSaved);
  await expect(page).toHaveURL("/dashboard/products");

  // The list sums the stock over the variants and counts them.
  await page.goto(`/dashboard/products?keyword=${encodeURIComponent(name)}`);
  const listed = page.getByRole("row").filter({ hasText: name });
  await expect(listed).toContainText("60 in stock · 6 variants");

  // Edit one variant's stock.
  await listed.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(variantRow(page, "M / Blue").getByLabel("Stock")).toHaveValue("10");
  await variantRow(page, "M / Blue").getByLabel("Stock").fill("3");
  await page.getByRole("button", { name: "Save Product" }).click();
  await expectToast(page, successes.productSaved);
  await expect(page).toHaveURL("/dashboard/products");

  // It stuck: the product page read has the new stock on that variant only, and so does the form.
  const [row] = await dataOf<{ _id: string; name: string }[]>(
    await page.request.get("/api/products", { params: { keyword: name } }),
    200,
  );
  expect(row?.name).toBe(name);
  const product = await dataOf<ProductDto>(await page.request.get(`/api/products/${row?._id}`), 200);
  expect(product.options).toEqual([
    { name: "Size", values: ["S", "M", "L"] },
    { name: "Colour", values: ["Black", "Blue"] },
  ]);
  expect(product.stock).toBe(53);
  expect(
    product.variants.map((variant) => [variant.options.Size, variant.options.Colour, variant.stock]),
  ).toEqual([
    ["S", "Black", 10],
    ["S", "Blue", 10],
    ["M", "Black", 10],
    ["M", "Blue", 3],
    ["L", "Black", 10],
    ["L", "Blue", 10],
  ]);
  expect(new Set(product.variants.map((variant) => variant.sku)).size).toBe(6);
  expect(product.variants.every((variant) => variant.price === 25 && /^JOURNEY-TEE-/.test(variant.sku))).toBe(
    true,
  );

  await page.goto(`/dashboard/products/edit/${product._id}`);
  await expect(variantRow(page, "M / Blue").getByLabel("Stock")).toHaveValue("3");
  await expect(variantRow(page, "M / Black").getByLabel("Stock")).toHaveValue("10");
});
