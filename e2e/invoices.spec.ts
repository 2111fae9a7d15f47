import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { documents } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";

const ADDRESS = {
  name: { firstName: "Kavya", lastName: "Rao" },
  countryCode: "91",
  phoneNumber: "9844012345",
  building: "No. 14, Lakeview Residency",
  street: "Outer Ring Road",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560103",
  country: "India",
} satisfies AddressInput;

/** Full-page pictures at a phone's and a desktop's width, in the folder E2E_SCREENSHOTS names, else the test's output. */
async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  const folder = process.env.E2E_SCREENSHOTS;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: folder ? path.join(folder, file) : outputPath(file), fullPage: true });
  }
}

/** Clicks a download link and answers the file's suggested name and first bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  const saved = await file.path();
  return { filename: file.suggestedFilename(), head: (await readFile(saved)).subarray(0, 5).toString() };
}

/** A paid order of the demo shopper to Bengaluru; answers its id and invoice number. */
async function paidOrder(api: { as(role: "shopper"): Promise<APIRequestContext> }) {
  const shopper = await api.as("shopper");
  const product = await firstProduct(shopper, { minStock: 2 });
  return paidInvoicedOrder(shopper, { products: [product._id], address: ADDRESS });
}

const fileName = (invoiceNumber: string) => invoiceNumber.replaceAll("/", "-");

test.describe("the shopper", () => {
  test.use({ signedInAs: "shopper" });

  test("downloads the invoice of a paid order from its pay page", async ({ page, api }, testInfo) => {
    const { orderId, invoiceNumber } = await paidOrder(api);
    await page.goto(`/account/pay/${orderId}`);
    await expect(page.getByRole("complementary").getByText(/^Paid \$/)).toBeVisible();
    const invoice = await download(page, documents.downloadInvoice);
    expect(invoice).toEqual({ filename: `invoice-${fileName(invoiceNumber)}.pdf`, head: "%PDF-" });
    await screenshots(page, "pay-page-invoice", (name) => testInfo.outputPath(name));
  });
});

test.describe("the admin", () => {
  test.use({ signedInAs: "admin" });

  test("downloads a paid order's invoice and packing slip from its dashboard page", async ({
    page,
    api,
  }, testInfo) => {
    const { orderId, invoiceNumber } = await paidOrder(api);
    await page.goto(`/dashboard/orders/order/${orderId}`);
    await expect(page.getByRole("link", { name: documents.packingSlip })).toBeVisible();
    expect(await download(page, documents.invoice)).toEqual({
      filename: `invoice-${fileName(invoiceNumber)}.pdf`,
      head: "%PDF-",
    });
    expect(await download(page, documents.packingSlip)).toEqual({
      filename: `packing-slip-${fileName(invoiceNumber)}.pdf`,
      head: "%PDF-",
    });
    await screenshots(page, "dashboard-order-documents", (name) => testInfo.outputPath(name));
  });
});
