import type { Page } from "@playwright/test";
import { salesReports, setAllPrices, settingsPage, taxFields } from "@shop/shared/messages";
import { dataOf } from "./support/api";
import type { ProductRow } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { gotoSettled, screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";

const { sections, currency } = settingsPage;

test.use({ signedInAs: "admin", viewport: { width: 390, height: 844 } });

async function saveCurrency(page: Page) {
  await page.getByRole("button", { name: settingsPage.saveSection(sections.currency.title) }).click();
}

// NOTE: the journeys of a worker share its server: the first puts the currency back as it found it.
test("the admin switches the demo's dollars to rupees, warned that past orders keep theirs, and reads the dollar orders apart in Reports", async ({
  page,
}, testInfo) => {
  const before = await dataOf<{ currency: { code: string; locale: string } }>(
    await page.request.get("/api/settings"),
    200,
  );
  expect(before.currency.code).toBe("USD");
  try {
    await gotoSettled(page, "/dashboard/settings");
    await page.getByRole("textbox", { name: currency.code }).fill("INR");
    await page.getByRole("textbox", { name: currency.locale }).fill("en-IN");
    const warning = page.getByRole("status").filter({ hasText: currency.switchWarning("USD", "INR") });
    await expect(warning).toBeVisible();
    await warning.scrollIntoViewIfNeeded();
    await screenshots(page, "money-currency-warning", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });

    await saveCurrency(page);
    const asked = page.getByRole("dialog", { name: currency.switchTitle });
    await expect(asked).toContainText(currency.switchWarning("USD", "INR"));
    await screenshots(page, "money-currency-dialog", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
    await asked.getByRole("button", { name: currency.switchConfirm("INR") }).click();
    await closeToast(page, settingsPage.saved(sections.currency.title));

    // The demo's orders were all in dollars: Reports counts them apart, in dollars, and none in rupees.
    await gotoSettled(page, "/dashboard/reports");
    const note = page.getByRole("note");
    await expect(note).toContainText(salesReports.otherCurrenciesNote);
    await expect(note).toContainText(/and [\d,]+ orders? in USD: \$[\d,]+\.\d{2}/);
    await expect(page.getByText("₹0.00").first()).toBeVisible();
    await screenshots(page, "money-reports-other-currencies", (name) => testInfo.outputPath(name));

    // Home says the same under its tiles.
    await gotoSettled(page, "/dashboard/home");
    await expect(page.getByRole("note")).toContainText(/orders? in USD: \$/);
  } finally {
    const put = await page.request.put("/api/settings/currency", { data: before.currency });
    expect(put.status()).toBe(200);
  }
});

test("Set all prices asks what becomes of a sale price no longer below the price, and Rate by price drops the category default's hint", async ({
  page,
}, testInfo) => {
  const rows = await dataOf<ProductRow[]>(await page.request.get("/api/products?size=50"), 200);
  const sized = rows.find((row) => row.options.length > 0);
  if (!sized) throw new Error("the demo has no product with options");
  await gotoSettled(page, `/dashboard/products/edit/${sized._id}`);

  // A sale price on the first variant, then every price set below it.
  const first = page
    .getByRole("group")
    .filter({ has: page.getByLabel("Sale price ($)") })
    .first();
  await first.getByLabel("Sale price ($)").fill("5");
  await page.getByLabel("Price for every variant ($)").fill("4");
  await page.getByRole("button", { name: "Set all prices" }).click();
  const asked = page.getByRole("dialog", { name: setAllPrices.title });
  await expect(asked).toContainText(/not below \$4\.00/);
  await asked.getByRole("radio", { name: setAllPrices.set }).check();
  await asked.getByRole("spinbutton").fill("4");
  await asked.getByRole("button", { name: setAllPrices.confirm }).click();
  await expect(asked).toContainText("The sale price must be lower than the price.");
  await screenshots(page, "money-set-all-prices", (name) => testInfo.outputPath(name), { fullPage: false });
  await asked.getByRole("button", { name: setAllPrices.cancel }).click();
  await expect(asked).toBeHidden();

  // The tax editor: "Rate by price" opens the slabs, and the category default's hint goes.
  const rate = page.getByRole("combobox", { name: taxFields.rate });
  await expect(page.getByText(taxFields.productRateHint)).toBeVisible();
  await rate.selectOption({ label: taxFields.byPrice });
  await expect(page.getByRole("group", { name: taxFields.slabsTitle })).toBeVisible();
  await expect(page.getByText(taxFields.productRateHint)).toHaveCount(0);
  await rate.scrollIntoViewIfNeeded();
  await screenshots(page, "money-tax-editor", (name) => testInfo.outputPath(name), { fullPage: false });
});
