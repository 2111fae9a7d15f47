import type { APIRequestContext, Page } from "@playwright/test";
import { documents } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { download, screenshots } from "./support/pages";

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

/** A PDF download as the tests compare it: its file name and its first bytes. */
async function pdfDownload(page: Page, name: string) {
  const { filename, body } = await download(page, name);
  return { filename, head: body.subarray(0, 5).toString() };
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
    const invoice = await pdfDownload(page, documents.downloadInvoice);
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
    expect(await pdfDownload(page, documents.invoice)).toEqual({
      filename: `invoice-${fileName(invoiceNumber)}.pdf`,
      head: "%PDF-",
    });
    expect(await pdfDownload(page, documents.packingSlip)).toEqual({
      filename: `packing-slip-${fileName(invoiceNumber)}.pdf`,
      head: "%PDF-",
    });
    await screenshots(page, "dashboard-order-documents", (name) => testInfo.outputPath(name));
  });
});
