import type { APIRequestContext } from "@playwright/test";
import { documents, orderHistory } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder, placeOrder, saveAddress } from "./support/orders";
import { brokenWords, download, screenshots } from "./support/pages";

const ADDRESS = {
  name: { firstName: "Meera", lastName: "Iyer" },
  countryCode: "91",
  phoneNumber: "9822012345",
  building: "B-204, Palm Grove Towers",
  street: "Senapati Bapat Road",
  city: "Pune",
  state: "Maharashtra",
  pinCode: "411016",
  country: "India",
} satisfies AddressInput;

/** A paid, invoiced order of the shopper signed in on `shopper`; answers its id, number and invoice number. */
async function paidOrder(shopper: APIRequestContext) {
  const product = await firstProduct(shopper, { minStock: 2 });
  return paidInvoicedOrder(shopper, { products: [product._id], address: ADDRESS });
}

test.describe("the shopper", () => {
  test.use({ signedInAs: "shopper" });

  test("opens a paid order from My Orders, sees its timeline and downloads the invoice", async ({
    page,
    api,
  }, testInfo) => {
    const { orderId, number, invoiceNumber } = await paidOrder(await api.as("shopper"));
    await page.goto("/account/profile");
    await page.getByRole("link", { name: new RegExp(`^Order #${number} `) }).click();
    await expect(page).toHaveURL(`/account/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order #${number}` })).toBeVisible();

    const timeline = page.getByRole("list", { name: orderHistory.title });
    await expect(timeline.getByRole("listitem")).toHaveCount(2);
    await expect(timeline.getByRole("listitem").first()).toContainText(orderHistory.placed);
    await expect(timeline.getByRole("listitem").nth(1)).toContainText(/^Paid \$/);
    await expect(page.getByText(ADDRESS.street)).toBeVisible();
    // Paid: nothing to pay or cancel any more.
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

    const invoice = await download(page, new RegExp(`^${documents.downloadInvoice}`));
    expect(invoice.filename).toBe(`invoice-${invoiceNumber.replaceAll("/", "-")}.pdf`);
    expect(invoice.body.subarray(0, 5).toString()).toBe("%PDF-");
    await screenshots(page, "order-page", (name) => testInfo.outputPath(name));
    // On the narrowest phone the payment's line wraps between its words, never inside one.
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await brokenWords(page.getByText(/ · transaction /))).toEqual([]);
  });

  test("pays or cancels a pending order from its page, and a stranger's order is not found", async ({
    page,
    api,
  }) => {
    const shopper = await api.as("shopper");
    const product = await firstProduct(shopper, { minStock: 2 });
    const orderId = await placeOrder(shopper, {
      products: [product._id],
      shippingAddress: await saveAddress(shopper, ADDRESS),
    });
    await page.goto(`/account/orders/${orderId}`);
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveAttribute(
      "href",
      `/account/pay/${orderId}`,
    );
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
    await expect(page.getByText("This order has been cancelled and can no longer be paid.")).toBeVisible();
    await expect(page.getByRole("list", { name: orderHistory.title })).toContainText(orderHistory.cancelled);

    await page.goto("/account/orders/000000000000000000000000");
    await expect(page.getByText("Order not found.")).toBeVisible();
  });
});

test.describe("the admin", () => {
  test.use({ signedInAs: "admin" });

  test("finds a shopper's order by their email in the dashboard list, within a date range, and exports it", async ({
    page,
    newShopper,
  }, testInfo) => {
    const shopper = await newShopper({ firstName: "Meera", lastName: "Iyer" });
    const { orderId, number } = await paidOrder(shopper.api);

    await page.goto("/dashboard/orders");
    // As a person does: the list is there before they search it.
    await expect(page.getByRole("link", { name: `#${number} — open order ${orderId}` })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search orders" }).fill(shopper.email);
    await page.getByRole("searchbox", { name: "Search orders" }).press("Enter");
    const row = page.getByRole("link", { name: `#${number} — open order ${orderId}` });
    await expect(row).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(2);

    // Today, by the shop's clock, keeps the order; a range of days long past drops it.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-31");
    await expect(page.getByText("No orders found.")).toBeVisible();
    await expect(page).toHaveURL(/from=2020-01-01/);
    await page.getByLabel("To", { exact: true }).fill(today);
    await expect(row).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`page=1.*to=${today}|to=${today}.*page=1`));
    // The address keeps the filters: a reload shows the same list.
    await page.reload();
    await expect(row).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search orders" })).toHaveValue(shopper.email);

    const csv = await download(page, "Export CSV");
    expect(csv.filename).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.body
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`#${number},${orderId},`);
    expect(lines[1]).toContain(shopper.email);
    await screenshots(page, "dashboard-orders-filters", (name) => testInfo.outputPath(name));
  });
});
