import { api as apiMessages, cashOnDelivery, codConfirmation, documents } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { CheckoutSettings } from "@shop/shared/schemas/settings";
import { dataOf } from "./support/api";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { placeOrder, saveAddress } from "./support/orders";
import { screenshots } from "./support/pages";
import { expectToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Kavya", lastName: "Reddy" },
  countryCode: "91",
  phoneNumber: "9848012345",
  building: "House 21, Jubilee Enclave",
  street: "Road No. 36, Jubilee Hills",
  city: "Hyderabad",
  state: "Telangana",
  pinCode: "500033",
  country: "India",
} satisfies AddressInput;

test.describe("cash on delivery", () => {
  test.use({ signedInAs: "shopper" });

  test("a shopper chooses it on the pay page; the order is delivered and staff record the cash", async ({
    page,
    api,
    browser,
    roles,
    shopURL,
  }, testInfo) => {
    const admin = await api.as("admin");
    const settings = await dataOf<{ checkout: CheckoutSettings }>(await admin.get("/api/settings"), 200);
    const putCheckout = (checkout: CheckoutSettings) =>
      admin.put("/api/settings/checkout", { data: checkout });
    await dataOf(
      await putCheckout({
        ...settings.checkout,
        cod: { ...settings.checkout.cod, enabled: true, maxOrderValue: 100_000, fee: 40 },
      }),
      200,
    );
    try {
      const shopper = await api.as("shopper");
      const product = await firstProduct(shopper, { minStock: 1 });
      const orderId = await placeOrder(shopper, {
        products: [product._id],
        shippingAddress: await saveAddress(shopper, ADDRESS),
      });

      // The pay page offers it with the fee, beside the card form.
      await page.goto(`/account/pay/${orderId}`);
      const option = page.getByRole("region", { name: cashOnDelivery.option });
      await expect(option).toContainText("$40.00");
      await screenshots(page, "pay-page-cash-on-delivery", (name) => testInfo.outputPath(name));
      await page.setViewportSize({ width: 1280, height: 800 });
      await option.getByRole("button", { name: cashOnDelivery.confirm }).click();
      await expectToast(page, apiMessages.codChosen);
      await expect(page.getByText(cashOnDelivery.toCollect).first()).toBeVisible();
      await expect(page.getByText(cashOnDelivery.feeLine)).toBeVisible();
      await expect(option).toHaveCount(0);
      await screenshots(page, "pay-page-cod-to-collect", (name) => testInfo.outputPath(name));

      // It ships once the shopper confirms it: the page asks, as the email's link does.
      const prompt = page.getByRole("region", { name: codConfirmation.awaitingYours });
      await prompt.getByRole("button", { name: codConfirmation.confirm }).click();
      await expectToast(page, codConfirmation.confirmed);
      await expect(prompt).toHaveCount(0);

      // Staff ship and deliver it; the cash is recorded on the dashboard's order page.
      for (const status of ["shipped", "delivered"])
        await dataOf(await admin.patch(`/api/orders/${orderId}/update`, { data: { status } }), 200);
      const context = await browser.newContext({
        baseURL: shopURL,
        storageState: await roles.storageState("admin"),
      });
      try {
        const adminPage = await context.newPage();
        await adminPage.goto(`/dashboard/orders/order/${orderId}`);
        await expect(adminPage.getByText(cashOnDelivery.toCollect)).toBeVisible();
        await adminPage.getByRole("button", { name: cashOnDelivery.recordCollected }).click();
        const dialog = adminPage.getByRole("dialog", { name: cashOnDelivery.recordCollected });
        await dialog.getByRole("button", { name: cashOnDelivery.recordCollected }).click();
        await expectToast(adminPage, apiMessages.codCollected);
        await expect(adminPage.getByText(cashOnDelivery.toCollect)).toHaveCount(0);
        await expect(adminPage.getByRole("link", { name: documents.invoice })).toBeVisible();
      } finally {
        await context.close();
      }

      // The shopper's page now reads it paid, in cash.
      await page.reload();
      await expect(page.getByText("Cash on delivery ·")).toBeVisible();
      await expect(page.getByRole("link", { name: documents.downloadInvoice })).toBeVisible();
    } finally {
      await dataOf(await putCheckout(settings.checkout), 200);
    }
  });
});
