import { readFile } from "node:fs/promises";
import { productCsv } from "@shop/shared/messages";
import { expect, test } from "./support/fixtures";

test.use({ signedInAs: "admin" });

test("the admin exports the catalogue as CSV, checks the same file for import and finds nothing to change", async ({
  page,
}, testInfo) => {
  await page.goto("/dashboard/products");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: productCsv.exportButton }).click();
  const file = await (await download).path();
  const csv = await readFile(file, "utf8");
  const lines = csv.trim().split("\n");
  expect(lines[0]).toContain("Handle,Name,Description,Category,Option1 Name");
  // One row per variant: the demo's shoes and clothes come in sizes, so more rows than products.
  expect(lines.length).toBeGreaterThan(60);

  await page.getByRole("button", { name: productCsv.importButton }).click();
  const dialog = page.getByRole("dialog", { name: productCsv.importTitle });
  await dialog.getByLabel(productCsv.chooseFile).setInputFiles(file);
  await dialog.getByRole("button", { name: productCsv.check }).click();
  await expect(dialog.getByRole("status")).toContainText(
    /^0 to create, 0 to update, \d+ unchanged, 0 refused\./,
  );
  await expect(dialog.getByText(productCsv.nothingToApply)).toBeVisible();
  await expect(dialog.getByRole("button", { name: productCsv.apply })).toBeDisabled();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`import-dialog-${width}.png`) });
  }
});

test("a file with a refused row shows the row and its reason, and nothing is applied", async ({
  page,
}, testInfo) => {
  await page.goto("/dashboard/products");
  await page.getByRole("button", { name: productCsv.importButton }).click();
  const dialog = page.getByRole("dialog", { name: productCsv.importTitle });
  const header =
    "Handle,Name,Description,Category,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,Price,Sale Price,Stock,Active,Variant Active,Image URL";
  await dialog.getByLabel(productCsv.chooseFile).setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `${header}\nnew-thing,Nice Thing,Too short,no-such-category,,,,,,,THING-1,abc,,1,true,true,\n`,
    ),
  });
  await dialog.getByRole("button", { name: productCsv.check }).click();
  await expect(dialog.getByRole("status")).toContainText("1 refused");
  await expect(dialog.getByText(productCsv.fixAndRetry)).toBeVisible();
  await expect(
    dialog.getByRole("cell", { name: productCsv.categoryUnknown("no-such-category") }),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: productCsv.apply })).toBeDisabled();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`import-refused-${width}.png`) });
  }
});

test("the demo's dashboard home shows orders, total sales and the sales chart", async ({
  page,
}, testInfo) => {
  await page.goto("/dashboard/home");
  await expect(page.getByText("Total sales").first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1100 });
    await page.screenshot({ path: testInfo.outputPath(`home-${width}.png`), fullPage: true });
  }
});
