import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { cashOnDelivery, mail, paymentOptions, settingsPage, successes } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./support/api";
import { signInThroughForm } from "./support/auth-forms";
import { productByName } from "./support/catalogue";
import { placeOrder, saveAddress } from "./support/orders";
import { gotoSettled, screenshots } from "./support/pages";
import { expect, test } from "./support/razorpay";
import { closeToast } from "./support/toasts";

// These journeys run on a shop server of their own, with Razorpay against its fake and Checkout's
// stand-in (support/razorpay.ts), in rupees as Razorpay takes them.

const PHONE = { width: 390, height: 844 };

const PUNE = {
  name: { firstName: "Ananya", lastName: "Kulkarni" },
  countryCode: "91",
  phoneNumber: "9822012345",
  building: "Flat 4, Lotus Residency",
  street: "Law College Road, Erandwane",
  city: "Pune",
  state: "Maharashtra",
  pinCode: "411004",
  country: "India",
} satisfies AddressInput;

const PAY_WITH_RAZORPAY = /^Pay ₹[\d,]+\.\d{2} with Razorpay$/;

test.use({ viewport: PHONE });

/** The shop in rupees (Razorpay takes nothing else), with cash on delivery on or off. */
async function rupeeShop(admin: APIRequestContext, codEnabled: boolean) {
  await dataOf(await admin.put("/api/settings/currency", { data: { code: "INR", locale: "en-IN" } }), 200);
  const { checkout } = await dataOf<{ checkout: { cod: object } & Record<string, unknown> }>(
    await admin.get("/api/settings"),
    200,
  );
  await dataOf(
    await admin.put("/api/settings/checkout", {
      data: { ...checkout, cod: { ...checkout.cod, enabled: codEnabled, maxOrderValue: 100_000 } },
    }),
    200,
  );
}

/** The amount beside a label of the order's summary ('Amount paid'). */
function summaryRow(page: Page, label: string): Locator {
  return page
    .getByRole("complementary")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

/** The ways to pay the pay page offers, top to bottom, by their headings. */
async function offered(page: Page, names: readonly string[]) {
  const headings = await page.getByRole("heading", { level: 3 }).allTextContents();
  return headings.map((text) => text.trim()).filter((text) => names.includes(text));
}

test.describe("a shopper on a phone", () => {
  test("pays an INR order with UPI in Razorpay's Checkout and sees it paid; no other page loads Checkout", async ({
    page,
    api,
    newShopper,
    razorpay,
  }, testInfo) => {
    // A shopper's whole payment, with four screenshots: longer than one page's test.
    test.setTimeout(120_000);
    await rupeeShop(await api.as("admin"), false);
    const shopper = await newShopper({ firstName: "Ananya", lastName: "Kulkarni" });
    const product = await productByName(shopper.api, "Minimalist Leather Strap Watch");
    const orderId = await placeOrder(shopper.api, {
      products: [product._id],
      shippingAddress: await saveAddress(shopper.api, PUNE),
    });

    // Checkout's script is the pay page's alone.
    const checkoutLoads: string[] = [];
    page.on("request", (request) => {
      if (request.url() === razorpay.checkoutUrl) checkoutLoads.push(page.url());
    });
    await gotoSettled(page, "/");
    await gotoSettled(page, `/product/${product._id}`);
    await signInThroughForm(page, shopper);
    await gotoSettled(page, "/account/profile");
    expect(checkoutLoads).toEqual([]);
    expect(await (await page.request.get("/")).text()).not.toContain(razorpay.checkoutUrl);

    await page.goto(`/account/pay/${orderId}`);
    const option = page.getByRole("region", { name: paymentOptions.razorpay });
    await expect(option).toBeVisible();
    // A shop on Razorpay takes no test cards.
    await expect(page.getByRole("form", { name: "Test card payment" })).toHaveCount(0);
    const pay = option.getByRole("button", { name: PAY_WITH_RAZORPAY });
    await expect(pay).toBeVisible();
    const total = ((await pay.textContent()) ?? "").replace(/^Pay (₹[\d,]+\.\d{2}) with Razorpay$/, "$1");
    await screenshots(page, "pay-page-razorpay", (name) => testInfo.outputPath(name));
    await page.setViewportSize(PHONE);

    // Checkout opens for the order, with the shopper's details filled in.
    await pay.click();
    const checkout = page.getByRole("dialog", { name: "Razorpay Checkout" });
    await expect(checkout).toBeVisible();
    await expect(checkout).toContainText(`INR ${total.replace(/[₹,]/g, "")}`);
    await expect(checkout).toContainText(`${PUNE.name.firstName} ${PUNE.name.lastName}`);
    await expect(checkout).toContainText(`+${PUNE.countryCode}${PUNE.phoneNumber}`);
    expect(checkoutLoads).toHaveLength(1);
    await checkout.getByRole("button", { name: "UPI", exact: true }).click();

    await closeToast(page, successes.orderPaid);
    await expect(summaryRow(page, "Amount paid")).toHaveText(total);
    await expect(
      page.getByText(
        new RegExp(`^${mail.gateways.razorpay} · ${mail.paymentMethods.upi} · transaction pay_`),
      ),
    ).toBeVisible();
    await expect(option).toHaveCount(0);
    await screenshots(page, "pay-page-razorpay-paid", (name) => testInfo.outputPath(name));

    // The server read the payment back from Razorpay and captured it: paid, by UPI.
    const order = await dataOf<{ status: string; payment: { paymentGateway: string; method: string } }>(
      await shopper.api.get(`/api/orders/current-user/${orderId}`),
      200,
    );
    expect(order).toMatchObject({
      status: "processing",
      payment: { paymentGateway: "razorpay", method: "upi" },
    });
    expect(razorpay.fake.callsTo(/^\/v1\/payments\/pay_\w+\/capture$/)).toHaveLength(1);
  });
});

test.describe("the owner", () => {
  test.use({ signedInAs: "admin" });

  test("moves cash on delivery above Razorpay in the settings, and the pay page follows", async ({
    page,
    api,
    browser,
    newShopper,
    shopURL,
  }, testInfo) => {
    // Two people's pages, with four screenshots: longer than one page's test.
    test.setTimeout(120_000);
    await rupeeShop(await api.as("admin"), true);
    const shopper = await newShopper({ firstName: "Ananya", lastName: "Kulkarni" });
    const product = await productByName(shopper.api, "Minimalist Leather Strap Watch");
    const orderId = await placeOrder(shopper.api, {
      products: [product._id],
      shippingAddress: await saveAddress(shopper.api, PUNE),
    });
    const names = [paymentOptions.razorpay, cashOnDelivery.option];

    // The shopper's pay page, in a browser of their own: SPEC's order, Razorpay first.
    const context = await browser.newContext({
      baseURL: shopURL,
      storageState: { cookies: [], origins: [] },
      viewport: PHONE,
    });
    const buyer = await context.newPage();
    await signInThroughForm(buyer, shopper);
    await buyer.goto(`/account/pay/${orderId}`);
    await expect(buyer.getByRole("button", { name: PAY_WITH_RAZORPAY })).toBeVisible();
    await expect(buyer.getByRole("button", { name: cashOnDelivery.confirm })).toBeVisible();
    expect(await offered(buyer, names)).toEqual(names);

    // The owner moves cash on delivery up, from the keyboard, and saves.
    const { checkout: labels, sections } = settingsPage;
    await page.goto("/dashboard/settings");
    const section = page.getByRole("form", { name: sections.checkout.title });
    const methods = section.getByRole("group", { name: labels.paymentMethods });
    await expect(methods.getByRole("listitem")).toHaveText([
      new RegExp(mail.gateways.razorpay),
      new RegExp(mail.gateways.cod),
    ]);
    const up = methods.getByRole("button", { name: labels.moveMethodUp(mail.gateways.cod) });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(methods.getByRole("listitem")).toHaveText([
      new RegExp(mail.gateways.cod),
      new RegExp(mail.gateways.razorpay),
    ]);
    // At the top, its Move up is disabled: the focus stayed with it, on Move down.
    await expect(
      methods.getByRole("button", { name: labels.moveMethodDown(mail.gateways.cod) }),
    ).toBeFocused();
    await screenshots(page, "settings-payment-methods", (name) => testInfo.outputPath(name));
    await page.setViewportSize(PHONE);
    await section.getByRole("button", { name: settingsPage.saveSection(sections.checkout.title) }).click();
    await closeToast(page, settingsPage.saved(sections.checkout.title));

    // The history records it.
    const history = await dataOf<{ section: string; after: { paymentMethods: string[] } }[]>(
      await (await api.as("admin")).get("/api/settings/history?size=1"),
      200,
    );
    expect(history[0]).toMatchObject({ section: "checkout", after: { paymentMethods: ["cod", "razorpay"] } });

    // The pay page, opened again, offers cash on delivery first.
    await buyer.reload();
    await expect(buyer.getByRole("button", { name: PAY_WITH_RAZORPAY })).toBeVisible();
    expect(await offered(buyer, names)).toEqual([cashOnDelivery.option, paymentOptions.razorpay]);
    await screenshots(buyer, "pay-page-methods-reordered", (name) => testInfo.outputPath(name));
    await context.close();
  });
});
