import path from "node:path";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { keptCart, reminderUnsubscribe, salesReports, settingsPage, successes } from "@shop/shared/messages";
import type { CartDto } from "@shop/shared/schemas/cart";
import { dataOf } from "./support/api";
import { submitLogin } from "./support/auth-forms";
import { cartLink, firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { screenshots } from "./support/pages";
import { closeToast, expectToast } from "./support/toasts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

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

  // On the phone, not signed in: the cart is the device's own.
  const phoneContext = await browser.newContext({ ...signedOut, viewport: PHONE });
  const desktopContext = await browser.newContext({ ...signedOut, viewport: DESKTOP });
  try {
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

    // On the desktop, a reminder's link asks to sign in, then opens the same cart.
    const desktop = await desktopContext.newPage();
    await desktop.goto("/cart?reminder=a1a1a1a1a1a1a1a1a1a1a1a1");
    await expect(desktop.getByRole("heading", { name: keptCart.signInTitle })).toBeVisible();
    await screenshots(desktop, "kept-cart-reminder-sign-in", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
    await desktop.getByRole("link", { name: keptCart.signIn }).click();
    await expect(desktop).toHaveURL(/\/auth\/login\?redirect=/);
    await submitLogin(desktop, shopper);
    await expect(desktop).toHaveURL(/\/cart\?reminder=/);
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

    // The unsubscribe link's page, before its one tap.
    await desktop.goto("/unsubscribe?token=a1a1a1a1a1a1a1a1a1a1a1a1.secret");
    await expect(desktop.getByRole("button", { name: reminderUnsubscribe.action })).toBeVisible();
    await screenshots(desktop, "reminder-unsubscribe", (name) => testInfo.outputPath(name), {
      fullPage: false,
    });
  } finally {
    await phoneContext.close();
    await desktopContext.close();
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
    await section.getByRole("switch", { name: settingsPage.marketing.enabled }).click();
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
      .click();
    await page
      .getByRole("button", { name: settingsPage.saveSection(settingsPage.sections.marketing.title) })
      .click();
    await expectToast(page, settingsPage.saved(settingsPage.sections.marketing.title));
  });
});
