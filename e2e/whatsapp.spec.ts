import {
  api as apiMessages,
  cashOnDelivery,
  codConfirmation,
  messageLog,
  messagesPage,
  whatsappCard,
  whatsappConsent,
} from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { Settings } from "@shop/shared/schemas/settings";
import type { TemplateBody } from "../apps/api/test/whatsapp-fake";
import { WhatsAppFake } from "../apps/api/test/whatsapp-fake";
import { dataOf } from "./support/api";
import { firstProduct } from "./support/catalogue";
import { saveAddress } from "./support/orders";
import { screenshots } from "./support/pages";
import { expectToast } from "./support/toasts";
import { expect, test } from "./support/whatsapp";

/** The shopper's delivery address: its phone is the WhatsApp number the messages go to. */
const ADDRESS = {
  name: { firstName: "Asha", lastName: "Kulkarni" },
  countryCode: "91",
  phoneNumber: "9822033445",
  building: "Flat 3, Sai Sadan",
  street: "Karve Road, Kothrud",
  city: "Pune",
  state: "Maharashtra",
  pinCode: "411038",
  country: "India",
} satisfies AddressInput;
const NUMBER = `91${ADDRESS.phoneNumber}`;

test.describe("WhatsApp", () => {
  test.use({ signedInAs: "shopper" });

  test("a shopper opts in at checkout and places a cash on delivery order; a tap on Confirm order confirms it, and staff see the message's states", async ({
    page,
    api,
    browser,
    roles,
    shopURL,
    whatsapp,
  }, testInfo) => {
    const out = (name: string) => testInfo.outputPath(name);
    const admin = await api.as("admin");
    const settings = await dataOf<Settings>(await admin.get("/api/settings"), 200);
    await dataOf(
      await admin.put("/api/settings/checkout", {
        data: {
          ...settings.checkout,
          cod: { ...settings.checkout.cod, enabled: true, maxOrderValue: 100_000 },
        },
      }),
      200,
    );
    await dataOf(
      await admin.put("/api/settings/whatsapp", { data: { ...settings.whatsapp, enabled: true } }),
      200,
    );
    const shopper = await api.as("shopper");
    await saveAddress(shopper, ADDRESS);
    const product = await firstProduct(shopper, { minStock: 2 });

    // On a phone: the cart, the address, and the checkout's tick beside the delivery address.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/product/${product._id}`);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.goto("/cart");
    await page.getByRole("button", { name: /continue/i }).click();
    await expect(page).toHaveURL("/account/shipping");
    await page.getByRole("radio", { name: new RegExp(ADDRESS.building) }).check();
    await page.getByRole("button", { name: /continue/i }).click();
    await expect(page).toHaveURL("/account/checkout");
    const updates = page.getByRole("checkbox", { name: whatsappConsent.orders });
    await expect(updates).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: whatsappConsent.marketing })).not.toBeChecked();
    await updates.check();
    await screenshots(page, "whatsapp-checkout-consent", out, { fullPage: false });
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);
    const orderId = page.url().split("/").pop() ?? "";

    // Cash on delivery: the order waits for the shopper's confirmation, asked on WhatsApp.
    await page
      .getByRole("region", { name: cashOnDelivery.option })
      .getByRole("button", { name: cashOnDelivery.confirm })
      .click();
    await expectToast(page, apiMessages.codChosen);
    await expect(page.getByRole("region", { name: codConfirmation.awaitingYours })).toBeVisible();
    const order = await dataOf<OrderDto>(await shopper.get(`/api/orders/current-user/${orderId}`), 200);
    const findAsk = () =>
      whatsapp.fake.sent.find((sent) => sent.to === NUMBER && isCodAsk(sent.body, order.number));
    await expect.poll(() => findAsk() !== undefined, { timeout: 15_000 }).toBe(true);
    const asked = findAsk();
    if (!asked) throw new Error("the confirmation was not asked on WhatsApp");
    const confirm = buttonPayload(asked.body, 0);
    expect(confirm).toMatch(new RegExp(`^cod:confirm:${orderId}:`));

    // The shopper's phone: the message delivered and read, then "Confirm order" tapped.
    for (const status of ["delivered", "read"] as const)
      expect(
        (
          await whatsapp.fake.postWebhook(
            whatsapp.webhookUrl,
            WhatsAppFake.statusPayload(asked.wamid, status),
          )
        ).status,
      ).toBe(200);
    const tap = WhatsAppFake.buttonTapPayload({
      from: NUMBER,
      payload: confirm,
      text: "Confirm order",
      contextWamid: asked.wamid,
    });
    expect((await whatsapp.fake.postWebhook(whatsapp.webhookUrl, tap)).status).toBe(200);

    // The order page turns to confirmed.
    await page.goto(`/account/orders/${orderId}`);
    await expect(page.getByText(codConfirmation.confirmed)).toBeVisible();
    await expect(page.getByRole("region", { name: codConfirmation.awaitingYours })).toHaveCount(0);
    await screenshots(page, "whatsapp-order-confirmed", out);

    // The account shows the consent given at checkout, and changes it.
    await page.goto("/account/profile");
    const card = page.getByRole("region", { name: whatsappCard.title, exact: true });
    await expect(card.getByRole("checkbox", { name: whatsappConsent.orders })).toBeChecked();
    await expect(card.getByText(/^Given at checkout on /)).toBeVisible();
    await screenshots(page, "whatsapp-account-card", out, { fullPage: false });

    // Staff see the message on the order: on WhatsApp, read.
    const context = await browser.newContext({
      baseURL: shopURL,
      storageState: await roles.storageState("admin"),
    });
    try {
      const staff = await context.newPage();
      await staff.setViewportSize({ width: 390, height: 844 });
      await staff.goto(`/dashboard/orders/order/${orderId}`);
      const messages = staff.getByRole("list", { name: messageLog.title });
      await messages.scrollIntoViewIfNeeded();
      const ask = messages.getByRole("listitem").filter({ hasText: messageLog.events.codConfirm });
      await expect(ask).toContainText(messageLog.channels.whatsapp);
      await expect(ask).toContainText(NUMBER);
      await expect(ask).toContainText(messageLog.states.read);
      const reply = messages.getByRole("listitem").filter({ hasText: messageLog.events.reply });
      await expect(reply).toContainText(messageLog.channels.whatsapp);
      await screenshots(staff, "whatsapp-order-messages", out);
      // The Messages page: WhatsApp's figures, its read message among them.
      await staff.goto("/dashboard/messages");
      await expect(staff.getByRole("heading", { level: 1, name: messagesPage.title })).toBeVisible();
      await expect(
        staff
          .getByRole("list", { name: messageLog.title })
          .getByRole("listitem")
          .filter({ hasText: NUMBER })
          .first(),
      ).toBeVisible();
      await screenshots(staff, "whatsapp-messages-page", out);
    } finally {
      await context.close();
    }
  });
});

function isCodAsk(body: unknown, number: number): boolean {
  const template = (body as TemplateBody).template;
  if (template?.name !== "cod_confirm") return false;
  const params = template.components?.find((component) => component.type === "body")?.parameters ?? [];
  return params[1]?.text === `#${number}`;
}

function buttonPayload(body: unknown, index: number): string {
  const button = (body as TemplateBody).template.components?.find(
    (component) => component.type === "button" && component.index === String(index),
  );
  return button?.parameters?.[0]?.payload ?? "";
}
