import path from "node:path";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import {
  keptCart,
  mail,
  reminderUnsubscribe,
  salesReports,
  settingsPage,
  successes,
} from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { fromCents, unitPriceCents } from "@shop/shared/pricing";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { CartDto } from "@shop/shared/schemas/cart";
import type { MarketingSettings } from "@shop/shared/schemas/marketing";
import type { Settings } from "@shop/shared/schemas/settings";
import { dataOf } from "./support/api";
import { submitLogin } from "./support/auth-forms";
import { cartLink, firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { linkPath, messagesTo, readMessage } from "./support/mailbox";
import { placeOrder, saveAddress } from "./support/orders";
import { screenshots } from "./support/pages";
import { closeToast, expectToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Kavya", lastName: "Iyer" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "Flat 4B, Lotus Residency",
  street: "14th Cross Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560038",
  country: "India",
} satisfies AddressInput;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Replaces the settings' marketing section, as the settings page's save does. */
async function saveMarketing(admin: APIRequestContext, marketing: MarketingSettings) {
  await dataOf(await admin.put("/api/settings/marketing", { data: marketing }), 200);
}

/** From the cart page to the shipping step, which tells the server the cart reached checkout. */
async function continueToCheckout(page: Page) {
  await page.goto("/cart");
  const reached = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/api/cart/checkout",
  );
  await page.getByRole("button", { name: "Continue" }).click();
  expect((await reached).status()).toBe(200);
}

/** Pictures of one part of a page at a phone's and a desktop's width (E2E_SCREENSHOTS, as support/pages.ts). */
async function partScreenshots(page: Page, part: Locator, name: string, testInfo: TestInfo) {
  const folder = process.env.E2E_SCREENSHOTS;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await part.scrollIntoViewIfNeeded();
    const file = `${name}-${viewport.width}.png`;
    await part.screenshot({ path: folder ? path.join(folder, file) : testInfo.outputPath(file) });
  }
}

test("a cart filled on a phone is the same cart on a desktop once signed in, and a reminder's link opens it", async ({
  browser,
  api,
  newShopper,
  shopURL,
}, testInfo) => {
  const shopper = await newShopper({ firstName: "Kavya", lastName: "Iyer" });
  const product = await firstProduct(await api.signedOut(), { minStock: 3 });
  const signedOut = { baseURL: shopURL, storageState: { cookies: [], origins: [] } };
  const admin = await api.as("admin");
  const before = await dataOf<Settings>(await admin.get("/api/settings"), 200);

  const phoneContext = await browser.newContext({ ...signedOut, viewport: PHONE });
  const desktopContext = await browser.newContext({ ...signedOut, viewport: DESKTOP });
  try {
    // Reminders on, the first 10 minutes after checkout: the journeys' sender reads its clock 10
    // minutes ahead and looks every second (playwright.config.ts), so it goes at once.
    await saveMarketing(admin, {
      abandonedCheckout: { ...before.marketing.abandonedCheckout, enabled: true, firstAfterMinutes: 10 },
    });

    // On the phone, not signed in: the cart is the device's own.
    const phone = await phoneContext.newPage();
    await phone.goto(`/product/${product._id}`);
    await expect(phone.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await phone.getByRole("button", { name: "Add to cart" }).click();
    await closeToast(phone, successes.addedToCart(1));
    await expect(cartLink(phone, 1)).toBeVisible();

    // Signing in on the phone merges it into the account's cart.
    await phone.goto("/auth/login");
    await submitLogin(phone, shopper);
    await expect(phone).not.toHaveURL(/\/auth\/login/);
    await expect
      .poll(async () => {
        const cart = await dataOf<CartDto>(await shopper.api.get("/api/cart"), 200);
        return cart.lines.map((line) => [line.product._id, line.quantity]);
      })
      .toEqual([[product._id, 1]]);

    // The shopper goes on to checkout on the phone and leaves it there: the reminder comes.
    await continueToCheckout(phone);
    await expect.poll(async () => (await messagesTo(admin, shopper.email, "cartReminder")).length).toBe(1);
    const [summary] = await messagesTo(admin, shopper.email, "cartReminder");
    if (!summary) throw new Error("no reminder");
    const reminder = await readMessage(admin, summary._id);
    expect(reminder.subject).toBe(mail.cartReminder.subject);
    // The cart's line at today's price, as the shop writes its amounts.
    const price = formatMoney(fromCents(unitPriceCents(product)), before.currency);
    expect(reminder.text).toContain(mail.order.line(1, product.name, price, price));
    const cartPath = linkPath(reminder, mail.cartReminder.action);
    const unsubscribePath = linkPath(reminder, mail.cartReminder.unsubscribe);
    expect(cartPath).toMatch(/^\/cart\?reminder=[0-9a-f]{24}$/);
    expect(unsubscribePath).toMatch(/^\/unsubscribe\?token=[0-9a-f]{24}\.[\w-]+$/);

    // On the desktop, the reminder's link asks to sign in, then opens the same cart.
    const desktop = await desktopContext.newPage();
    await desktop.goto(cartPath);
    await expect(desktop.getByRole("heading", { name: keptCart.signInTitle })).toBeVisible();
    await screenshots(desktop, "kept-cart-reminder-sign-in", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
    await desktop.getByRole("link", { name: keptCart.signIn }).click();
    await expect(desktop).toHaveURL(/\/auth\/login\?redirect=/);
    await submitLogin(desktop, shopper);
    await expect(desktop).toHaveURL((url) => url.pathname + url.search === cartPath);
    const products = desktop.getByRole("list", { name: "Products in your cart" });
    await expect(products.getByRole("heading", { name: product.name })).toBeVisible();
    await expect(desktop.getByRole("heading", { name: keptCart.signInTitle })).toHaveCount(0);
    await expect(cartLink(desktop, 1)).toBeVisible();

    // One more on the desktop: the phone shows it when it comes back into view.
    await desktop.getByRole("button", { name: "Increase quantity" }).click();
    await expect(cartLink(desktop, 2)).toBeVisible();
    await expect
      .poll(async () => (await dataOf<CartDto>(await shopper.api.get("/api/cart"), 200)).lines[0]?.quantity)
      .toBe(2);
    await phone.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(cartLink(phone, 2)).toBeVisible();

    await screenshots(desktop, "kept-cart-signed-in", (name) => testInfo.outputPath(name));

    // The reminder's unsubscribe link: its page, then its one tap.
    await desktop.goto(unsubscribePath);
    const unsubscribe = desktop.getByRole("button", { name: reminderUnsubscribe.action });
    await expect(unsubscribe).toBeVisible();
    await screenshots(desktop, "reminder-unsubscribe", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
    await unsubscribe.click();
    await expect(desktop.getByRole("status")).toHaveText(reminderUnsubscribe.done);
    await screenshots(desktop, "reminder-unsubscribed", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });

    // No more reminders, even for a cart that could have one again: an order (cancelled, so its
    // stock comes back) ends the reminders' round, and the next checkout would start a new one.
    const orderId = await placeOrder(shopper.api, {
      products: [product._id],
      shippingAddress: await saveAddress(shopper.api, ADDRESS),
    });
    await dataOf(await shopper.api.patch(`/api/orders/${orderId}/cancel`), 200);
    await continueToCheckout(phone);
    // Three of the sender's runs, a second apart here.
    await phone.waitForTimeout(3_000);
    expect(await messagesTo(admin, shopper.email, "cartReminder")).toHaveLength(1);
  } finally {
    await phoneContext.close();
    await desktopContext.close();
    // Off again, as the other journeys expect the shop.
    await saveMarketing(admin, before.marketing);
  }
});

test.describe("the owner's reminders", () => {
  test.use({ signedInAs: "admin" });

  test("turns the abandoned-checkout reminders on with a code, and reads them on the report", async ({
    page,
    api,
  }, testInfo) => {
    const admin = await api.as("admin");
    const code = `BACK${Date.now().toString(36).toUpperCase()}`;
    await dataOf(await admin.post("/api/discounts", { data: { code, type: "percentage", value: 10 } }), 201);

    await page.goto("/dashboard/settings");
    const section = page.getByRole("form", { name: settingsPage.sections.marketing.title });
    // Checked, not clicked: the switch says on whatever a journey before left it at.
    await section.getByRole("switch", { name: settingsPage.marketing.enabled }).check();
    await section.getByLabel(settingsPage.marketing.firstAfterMinutes).fill("60");
    await section.getByLabel(settingsPage.marketing.secondAfterHours).fill("24");
    await section.getByLabel(settingsPage.marketing.discountCode).fill(code.toLowerCase());
    await section
      .getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.marketing.title) })
      .click();
    await closeToast(page, settingsPage.saved(settingsPage.sections.marketing.title));
    const saved = await dataOf<{ marketing: { abandonedCheckout: unknown } }>(
      await admin.get("/api/settings"),
      200,
    );
    expect(saved.marketing.abandonedCheckout).toEqual({
      enabled: true,
      firstAfterMinutes: 60,
      secondAfterHours: 24,
      discountCode: code,
    });
    await partScreenshots(page, section, "reminder-settings", testInfo);

    await page.goto("/dashboard/reports");
    const card = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: salesReports.cartReminders.title }) });
    await expect(card).toContainText(salesReports.cartReminders.sent);
    await partScreenshots(page, card, "reminder-report", testInfo);

    // Off again, as the other journeys expect the shop.
    await page.goto("/dashboard/settings");
    await page
      .getByRole("form", { name: settingsPage.sections.marketing.title })
      .getByRole("switch", { name: settingsPage.marketing.enabled })
      .uncheck();
    await page
      .getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.marketing.title) })
      .click();
    await expectToast(page, settingsPage.saved(settingsPage.sections.marketing.title));
  });
});
