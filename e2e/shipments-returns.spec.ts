import { api as apiMessages, returnWords, shipmentWords } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./support/api";
import type { ProductRow } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder } from "./support/orders";
import { screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Kavya", lastName: "Iyer" },
  countryCode: "91",
  phoneNumber: "9820054321",
  building: "Flat 3, Lotus Court Building",
  street: "Carter Road, Bandra West",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400050",
  country: "India",
} satisfies AddressInput;

test.describe("shipping in parcels and taking items back", () => {
  test.use({ signedInAs: "admin" });

  test("the admin ships one of two lines with a tracking number, the shopper follows the link, returns it, and the admin approves, receives and refunds", async ({
    page,
    browser,
    api,
    roles,
    shopURL,
  }, testInfo) => {
    const shopper = await api.as("shopper");
    const rows = await dataOf<ProductRow[]>(await shopper.get("/api/products?size=50"), 200);
    // Products named in plain words: other journeys add products whose names are markup, which a
    // control's accessible name would not match as a pattern.
    const [first, second] = rows.filter(
      (row) => row.options.length === 0 && row.stock > 2 && /^[\p{L}\p{N} ,.'&-]+$/u.test(row.name),
    );
    if (!first || !second) throw new Error("the demo catalogue has two products without options in stock");
    const { orderId } = await paidInvoicedOrder(shopper, {
      products: [first._id, second._id],
      address: ADDRESS,
    });
    const out = (name: string) => testInfo.outputPath(name);

    // The admin ships the first line with Blue Dart.
    await page.goto(`/dashboard/orders/order/${orderId}`);
    await page.getByRole("button", { name: shipmentWords.shipItems }).click();
    const dialog = page.getByRole("dialog", { name: shipmentWords.dialogTitle });
    await dialog.getByLabel(shipmentWords.carrier, { exact: true }).selectOption("Blue Dart");
    await dialog.getByLabel(shipmentWords.trackingNumber).fill("BD77001234");
    await dialog.getByRole("spinbutton", { name: new RegExp(second.name) }).fill("0");
    await screenshots(page, "dashboard-ship-items", out, { fullPage: false });
    await dialog.getByRole("button", { name: shipmentWords.submit, exact: true }).click();
    await closeToast(page, shipmentWords.created);
    const tracking = page.getByRole("link", { name: shipmentWords.trackNumberOf("Blue Dart", "BD77001234") });
    await expect(tracking).toHaveAttribute("href", /bluedart\.com.*BD77001234/);
    // One line left to ship: the order is still being prepared, and can ship again.
    await expect(page.getByRole("button", { name: shipmentWords.shipItems })).toBeVisible();
    await screenshots(page, "dashboard-order-shipments", out);

    // The shopper sees the parcel with its link.
    const context = await browser.newContext({
      baseURL: shopURL,
      storageState: await roles.storageState("shopper"),
    });
    try {
      const shopperPage = await context.newPage();
      await shopperPage.goto(`/account/orders/${orderId}`);
      const track = shopperPage.getByRole("link", { name: shipmentWords.trackOf("Blue Dart", "BD77001234") });
      await expect(track).toHaveAttribute("href", /BD77001234/);
      await screenshots(shopperPage, "account-order-shipment", out);

      // Delivered: the shopper asks to return the unit.
      await page
        .getByRole("button", { name: shipmentWords.markDeliveredOf("Blue Dart", "BD77001234") })
        .click();
      await closeToast(page, shipmentWords.deliveredToast);
      await shopperPage.reload();
      await shopperPage.getByRole("spinbutton", { name: new RegExp(first.name) }).fill("1");
      await shopperPage.getByLabel(returnWords.reason).selectOption("wrong_size");
      await shopperPage.getByLabel(returnWords.note).fill("Too small around the shoulders.");
      await screenshots(shopperPage, "account-order-return-form", out);
      await shopperPage.getByRole("button", { name: returnWords.submit }).click();
      await closeToast(shopperPage, apiMessages.returnRequested);
      await expect(shopperPage.getByText("Status: requested")).toBeVisible();

      // The admin approves with a message, receives and refunds from the Returns page.
      await page.goto("/dashboard/returns?status=requested");
      const row = page.getByRole("row").filter({ hasText: "Too small around the shoulders." });
      await row.getByRole("button", { name: /^Approve/ }).click();
      const approve = page.getByRole("dialog");
      await approve.getByLabel(returnWords.message).fill("Please keep the tags on.");
      await approve.getByRole("button", { name: returnWords.approve, exact: true }).click();
      await expect(approve).toHaveCount(0);
      await page.goto("/dashboard/returns");
      const returned = page.getByRole("row").filter({ hasText: "Too small around the shoulders." });
      await returned.getByRole("button", { name: /^Mark received/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: returnWords.receive, exact: true }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await returned.getByRole("button", { name: /^Refund/ }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Refund / })
        .click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(returned.getByText("Status: refunded")).toBeVisible();
      await screenshots(page, "dashboard-returns", out);

      // The shopper sees each step: the return refunded, the message, and the payment partly refunded.
      await shopperPage.reload();
      await expect(shopperPage.getByText("Status: refunded").first()).toBeVisible();
      await expect(shopperPage.getByText(returnWords.yourMessage("Please keep the tags on."))).toBeVisible();
      await screenshots(shopperPage, "account-order-returned", out);
    } finally {
      await context.close();
    }
  });
});
