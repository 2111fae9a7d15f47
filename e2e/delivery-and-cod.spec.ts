import {
  api as apiMessages,
  cashOnDelivery,
  codConfirmation,
  deliveryApi,
  deliveryCheck,
  successes,
} from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { EmailDto, EmailSummaryDto } from "@shop/shared/schemas/email";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { Settings } from "@shop/shared/schemas/settings";
import { dataOf } from "./support/api";
import { signInThroughForm } from "./support/auth-forms";
import { productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { saveAddress } from "./support/orders";
import { screenshots } from "./support/pages";
import { closeToast, expectToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Lakshmi", lastName: "Iyer" },
  countryCode: "91",
  phoneNumber: "9840012345",
  building: "Plot 7, Kavuri Hills",
  street: "Road No. 2, Madhapur",
  city: "Hyderabad",
  state: "Telangana",
  pinCode: "500081",
  country: "India",
} satisfies AddressInput;

/** A shipping method serving a PIN code list: the address's PIN code, two days, cash on delivery possible. */
const PIN_METHOD = {
  _id: "5e771e9000000000000000e1",
  name: "Hyderabad Express",
  price: 30,
  freeAbove: null,
  estimatedDays: null,
  states: null,
  enabled: true,
  serves: "pincodes" as const,
  days: null,
};

test("on a phone, a shopper checks a PIN code on a product page, orders with cash on delivery, confirms it from the email's link, and the order is ready to ship", async ({
  page,
  api,
  newShopper,
}, testInfo) => {
  const admin = await api.as("admin");
  const settings = await dataOf<Settings>(await admin.get("/api/settings"), 200);
  const put = (section: string, data: unknown) => admin.put(`/api/settings/${section}`, { data });
  await dataOf(
    await put("shipping", { ...settings.shipping, methods: [...settings.shipping.methods, PIN_METHOD] }),
    200,
  );
  await dataOf(
    await put("checkout", {
      ...settings.checkout,
      cod: { ...settings.checkout.cod, enabled: true, fee: 40 },
    }),
    200,
  );
  try {
    const uploaded = await admin.put(`/api/settings/shipping/${PIN_METHOD._id}/pincodes`, {
      headers: { "content-type": "text/csv" },
      data: `pincode,days,cod\n${ADDRESS.pinCode},2,yes\n500001,3,no\n`,
    });
    expect((await dataOf<{ rows: number }>(uploaded, 200)).rows).toBe(2);

    const shopper = await newShopper({ firstName: ADDRESS.name.firstName, lastName: ADDRESS.name.lastName });
    await saveAddress(shopper.api, ADDRESS);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(page, shopper);

    // The product page answers for the PIN code typed: the day it arrives by and cash on delivery.
    const cap = await productByName(page.request, "Classic Baseball Cap");
    await page.goto(`/product/${cap._id}`);
    const check = page.getByRole("region", { name: deliveryCheck.title });
    const pincode = check.getByRole("textbox", { name: deliveryCheck.pincode });
    await pincode.fill("50008");
    await check.getByRole("button", { name: deliveryCheck.check }).click();
    await expect(check.getByText(deliveryApi.pincode)).toBeVisible();
    await pincode.fill(ADDRESS.pinCode);
    await check.getByRole("button", { name: deliveryCheck.check }).click();
    // The day as the shop's locale writes it ("Sat, 30 Nov" in India, "Sat, Nov 30" in the demo's en-US).
    await expect(check.getByText(/^Delivered by \w{3}, (\d{1,2} \w{3}|\w{3} \d{1,2})$/)).toBeVisible();
    // Cash on delivery possible there, up to the owner's order-value limit (left to the order).
    await expect(check.getByText(/^Cash on delivery available for orders up to /)).toBeVisible();
    await screenshots(page, "product-check-delivery", (name) => testInfo.outputPath(name));
    await page.setViewportSize({ width: 390, height: 844 });

    // Remembered on the device: the next product page answers for it without typing.
    await page.reload();
    await expect(
      page
        .getByRole("region", { name: deliveryCheck.title })
        .getByRole("textbox", { name: deliveryCheck.pincode }),
    ).toHaveValue(ADDRESS.pinCode);

    await page.getByRole("button", { name: "Add to cart" }).click();
    await closeToast(page, successes.addedToCart(1));
    await page.goto("/cart");
    await page.getByRole("button", { name: /continue/i }).click();
    await expect(page).toHaveURL("/account/shipping");
    await page.getByRole("radio", { name: new RegExp(ADDRESS.building) }).check();
    await page.getByRole("button", { name: /continue/i }).click();
    await expect(page).toHaveURL("/account/checkout");
    // The PIN code list's method is offered for this address, with the day it delivers by.
    const method = page.getByRole("radio", { name: new RegExp(PIN_METHOD.name) });
    await expect(method).toBeVisible();
    await method.check();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);
    const orderId = page.url().split("/").pop() ?? "";

    // Cash on delivery, chosen on the pay page, waits for the shopper's confirmation.
    const option = page.getByRole("region", { name: cashOnDelivery.option });
    await option.getByRole("button", { name: cashOnDelivery.confirm }).click();
    await expectToast(page, apiMessages.codChosen);
    await expect(page.getByText(codConfirmation.awaitingYours).first()).toBeVisible();
    const toShip = async () =>
      (await dataOf<OrderDto[]>(await admin.get("/api/orders/status/processing?size=100"), 200)).some(
        (order) => order._id === orderId,
      );
    expect(await toShip()).toBe(false);

    // The confirmation email's link, read from the shop's outbox, confirms it in one tap.
    let message: EmailSummaryDto | undefined;
    await expect(async () => {
      const list = await dataOf<EmailSummaryDto[]>(
        await admin.get(`/api/emails?keyword=${encodeURIComponent(shopper.email)}&size=20`),
        200,
      );
      message = list.find((email) => email.kind === "orderCodConfirmed");
      expect(message).toBeDefined();
    }).toPass();
    const email = await dataOf<EmailDto>(await admin.get(`/api/emails/${message?._id}`), 200);
    const link = email.text.match(/https?:\/\/\S+\/orders\/[0-9a-f]{24}\/confirm-cod\?token=[\w%-]+/)?.[0];
    expect(link, email.text).toBeDefined();
    const url = new URL(link ?? "");
    await page.goto(`${url.pathname}${url.search}`);
    const placed = await dataOf<OrderDto>(await admin.get(`/api/orders/${orderId}`), 200);
    await page.getByRole("button", { name: codConfirmation.pageConfirm }).click();
    await expect(page.getByText(codConfirmation.pageDone(placed.number))).toBeVisible();
    await screenshots(page, "cod-confirmed", (name) => testInfo.outputPath(name));
    // Read once the page says it is done: the confirmation's answer has come back by then.
    const order = await dataOf<OrderDto>(await admin.get(`/api/orders/${orderId}`), 200);
    expect(order.codConfirmation).toBe("confirmed");
    expect(await toShip()).toBe(true);
  } finally {
    await dataOf(await put("checkout", settings.checkout), 200);
    await dataOf(await put("shipping", settings.shipping), 200);
  }
});
