import { api as apiMessages, customerPage, returnWords, shipmentWords } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { DeliveryDto } from "@shop/shared/schemas/delivery";
import type { Settings } from "@shop/shared/schemas/settings";
import { dataOf } from "./support/api";
import type { ProductRow } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder, placeOrder, saveAddress } from "./support/orders";
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

test.describe("a cash on delivery parcel refused at the door", () => {
  test.use({ signedInAs: "admin" });

  test("on a phone, the admin says why the parcel came back; a refusal bars the shopper's COD, shown on the customer page and lifted there", async ({
    page,
    api,
    newShopper,
  }, testInfo) => {
    const admin = await api.as("admin");
    const settings = await dataOf<Settings>(await admin.get("/api/settings"), 200);
    const putCheckout = (data: Settings["checkout"]) => admin.put("/api/settings/checkout", { data });
    const cod = { ...settings.checkout.cod, enabled: true, blockAfterRefusal: true, maxOrderValue: 100000 };
    await dataOf(await putCheckout({ ...settings.checkout, cod }), 200);
    const out = (name: string) => testInfo.outputPath(name);
    try {
      const shopper = await newShopper({
        firstName: ADDRESS.name.firstName,
        lastName: ADDRESS.name.lastName,
      });
      const rows = await dataOf<ProductRow[]>(await shopper.api.get("/api/products?size=50"), 200);
      const product = rows.find((row) => row.options.length === 0 && row.stock > 2);
      if (!product) throw new Error("the demo catalogue has a product without options in stock");
      const orderId = await placeOrder(shopper.api, {
        products: [product._id],
        shippingAddress: await saveAddress(shopper.api, ADDRESS),
      });
      await dataOf(
        await shopper.api.post("/api/payments", { data: { order: orderId, paymentGateway: "cod" } }),
        201,
      );
      await dataOf(await admin.post(`/api/orders/${orderId}/confirm-cod`, { data: {} }), 200);
      await dataOf(
        await admin.post(`/api/orders/${orderId}/shipments`, {
          data: { carrier: "Other", carrierName: "Hand delivery", trackingNumber: "RTO390" },
        }),
        201,
      );

      // The admin marks the parcel returned to origin, choosing why: refused at the door.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/dashboard/orders/order/${orderId}`);
      await page
        .getByRole("button", { name: shipmentWords.markReturnedOf("Hand delivery", "RTO390") })
        .click();
      const dialog = page.getByRole("dialog", { name: shipmentWords.confirmReturnedTitle });
      const reason = dialog.getByRole("combobox", { name: shipmentWords.returnReason });
      await expect(reason).toHaveValue("");
      await reason.selectOption("refused");
      await screenshots(page, "cod-rto-reason-dialog", out, { fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await dialog.getByRole("button", { name: shipmentWords.confirmReturnedAction }).click();
      await closeToast(page, shipmentWords.returnedToast);
      await expect(
        page.getByText(shipmentWords.returnedBecause(shipmentWords.rtoReasons.refused), { exact: false }),
      ).toBeVisible();

      // The shopper's delivery answer says what checkout will do: no cash on delivery for them.
      const answer = await dataOf<DeliveryDto>(
        await shopper.api.get(`/api/delivery/${ADDRESS.pinCode}`),
        200,
      );
      expect(answer).toMatchObject({ deliverable: true, cod: false, codReason: "barred" });

      // The customer page shows the bar with its reason and date, and lifts it.
      await page.goto(`/dashboard/customers/${shopper.id}`);
      const bar = page.getByRole("region", { name: customerPage.codBarTitle });
      await expect(bar).toContainText(shipmentWords.rtoReasons.refused);
      await screenshots(page, "cod-customer-bar", out);
      await page.setViewportSize({ width: 390, height: 844 });
      await bar.getByRole("button", { name: customerPage.liftCodBar }).click();
      await page
        .getByRole("dialog", { name: customerPage.liftCodBarTitle })
        .getByRole("button", { name: customerPage.liftCodBar })
        .click();
      await closeToast(page, customerPage.codBarLifted);
      await expect(bar).toBeHidden();
      const after = await dataOf<DeliveryDto>(await shopper.api.get(`/api/delivery/${ADDRESS.pinCode}`), 200);
      expect(after).toMatchObject({ cod: true, codReason: null });
    } finally {
      await dataOf(await putCheckout(settings.checkout), 200);
    }
  });
});
