import { shiprocketShip, trackingStatusWords } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { Settings } from "@shop/shared/schemas/settings";
import { dataOf } from "./support/api";
import type { ProductRow } from "./support/catalogue";
import { paidInvoicedOrder } from "./support/orders";
import { screenshots } from "./support/pages";
import { expect, test } from "./support/shiprocket";

const ADDRESS = {
  name: { firstName: "Meera", lastName: "Nair" },
  countryCode: "91",
  phoneNumber: "9820011223",
  building: "Flat 8, Palm Grove",
  street: "Hill Road, Bandra West",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400050",
  country: "India",
} satisfies AddressInput;

const MINUTE = 60_000;

test.describe("shipping with Shiprocket", () => {
  test.use({ signedInAs: "admin" });

  test("staff ship an order with the cheapest courier and open its label; the courier's updates turn the shopper's order to out for delivery, then delivered", async ({
    page,
    browser,
    api,
    roles,
    shopURL,
    shiprocket,
  }, testInfo) => {
    const out = (name: string) => testInfo.outputPath(name);
    const admin = await api.as("admin");
    const { shipping } = await dataOf<Settings>(await admin.get("/api/settings"), 200);
    await dataOf(
      await admin.put("/api/settings/shipping", {
        data: { ...shipping, shiprocket: { ...shipping.shiprocket, pickupLocation: "Primary" } },
      }),
      200,
    );
    const shopper = await api.as("shopper");
    const rows = await dataOf<ProductRow[]>(await shopper.get("/api/products?size=50"), 200);
    const product = rows.find((row) => row.options.length === 0 && row.stock > 4);
    if (!product) throw new Error("the demo catalogue has a product without options in stock");
    const shopperContext = await browser.newContext({
      baseURL: shopURL,
      storageState: await roles.storageState("shopper"),
    });
    try {
      const shopperPage = await shopperContext.newPage();
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await shopperPage.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        const { orderId } = await paidInvoicedOrder(shopper, { products: [product._id], address: ADDRESS });

        // Staff open the order and ship it with Shiprocket: the cheapest courier is chosen for them.
        await page.goto(`/dashboard/orders/order/${orderId}`);
        await page.getByRole("button", { name: shiprocketShip.action }).click();
        const dialog = page.getByRole("dialog", { name: shiprocketShip.dialogTitle });
        const cheapest = dialog.getByRole("radio", { name: /Xpressbees Surface/ });
        await expect(cheapest).toBeChecked();
        await expect(dialog.getByRole("radio", { name: /Blue Dart Air/ })).not.toBeChecked();
        if (width === 390) await screenshots(page, "shiprocket-ship-dialog", out, { fullPage: false });
        await dialog.getByRole("button", { name: shiprocketShip.submit, exact: true }).click();
        const label = dialog.getByRole("link", { name: shiprocketShip.openLabel, exact: true });
        await expect(label).toBeVisible();
        const order = await dataOf<OrderDto>(await admin.get(`/api/orders/${orderId}`), 200);
        const awb = order.shipments[0]?.trackingNumber ?? "";
        expect(order).toMatchObject({ status: "shipped", shipments: [{ carrier: "Xpressbees Surface" }] });
        await expect(dialog.getByText(awb)).toBeVisible();
        if (width === 390) await screenshots(page, "shiprocket-booked", out, { fullPage: false });
        const [labelPage] = await Promise.all([page.waitForEvent("popup"), label.click()]);
        expect(labelPage.url()).toMatch(new RegExp(`^${shiprocket.fake.url}/.*\\.pdf$`));
        await labelPage.close();

        // The courier picks it up, takes it out for delivery: the shopper's order says so.
        const started = Date.now();
        for (const [status, minutes] of [
          [42, 1],
          [17, 2],
        ] as const) {
          const update = shiprocket.fake.scanUpdate(awb, status, new Date(started + minutes * MINUTE));
          expect((await shiprocket.fake.postTrackingUpdate(shiprocket.trackingUrl, update)).status).toBe(200);
        }
        await shopperPage.goto(`/account/orders/${orderId}`);
        await expect(
          shopperPage.getByText(trackingStatusWords.out_for_delivery, { exact: true }),
        ).toBeVisible();
        if (width === 390) await screenshots(shopperPage, "shiprocket-out-for-delivery", out);

        const delivered = shiprocket.fake.scanUpdate(awb, 7, new Date(started + 3 * MINUTE));
        expect((await shiprocket.fake.postTrackingUpdate(shiprocket.trackingUrl, delivered)).status).toBe(
          200,
        );
        await shopperPage.reload();
        await expect(
          shopperPage.getByText(trackingStatusWords.delivered, { exact: true }).first(),
        ).toBeVisible();
        await expect(
          shopperPage.getByText(trackingStatusWords.out_for_delivery, { exact: true }),
        ).toHaveCount(0);
        expect((await dataOf<OrderDto>(await admin.get(`/api/orders/${orderId}`), 200)).status).toBe(
          "delivered",
        );
        if (width === 390) await screenshots(shopperPage, "shiprocket-delivered", out);
      }
    } finally {
      await shopperContext.close();
    }
  });
});
