import type { Browser, Locator, Page } from "@playwright/test";
import { documents, orderSummary, settingsPage, successes } from "@shop/shared/messages";
import type { AddressInput } from "@shop/shared/schemas/address";
import { extractText } from "unpdf";
import { submitLogin } from "./support/auth-forms";
import { productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { GOOD_CARD, saveAddress } from "./support/orders";
import { download, screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";

const MUMBAI = {
  name: { firstName: "Ishaan", lastName: "Mehta" },
  countryCode: "91",
  phoneNumber: "9820012345",
  building: "Flat 9, Palm Grove",
  street: "Carter Road, Bandra West",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400050",
  country: "India",
} satisfies AddressInput;

const KOCHI = {
  ...MUMBAI,
  building: "House 21, Marine Villas",
  street: "Marine Drive",
  city: "Kochi",
  state: "Kerala",
  pinCode: "682031",
} satisfies AddressInput;

const { sections, currency, taxes, shipping } = settingsPage;

/** The amount beside a label of the price summary ('Subtotal', 'Total'...). */
function summaryRow(page: Page, label: string | RegExp): Locator {
  return page
    .getByRole("complementary")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: typeof label === "string" }) })
    .getByRole("definition");
}

async function saveSection(page: Page, title: string) {
  await page.getByRole("button", { name: settingsPage.saveSection(title) }).click();
  await closeToast(page, settingsPage.saved(title));
}

/** A browser of its own, signed in through the login form as the shopper. */
async function shopperPage(
  browser: Browser,
  shopURL: string,
  credentials: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL: shopURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/auth/login");
  await submitLogin(page, credentials);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

/** From the shipping step with this address chosen to the checkout page. */
async function checkoutTo(page: Page, address: AddressInput) {
  await page.goto("/account/shipping");
  await page.getByRole("radio", { name: new RegExp(address.building) }).check();
  await page.getByRole("button", { name: /continue/i }).click();
  await expect(page).toHaveURL("/account/checkout");
}

test.use({ signedInAs: "admin" });

// NOTE: the journeys of a worker share its server: this one puts the currency, taxes and shipping
// methods back as it found them, whatever happens, before the next journey of the worker runs.
test("the admin switches the shop to INR with tax included and adds Express for two states; a shopper there pays in rupees for Express and gets an invoice that says so, one elsewhere is not offered it", async ({
  page,
  api,
  browser,
  shopURL,
  newShopper,
}, testInfo) => {
  // Two people's whole journeys, with six screenshots: longer than one page's test.
  test.setTimeout(120_000);
  const admin = await api.as("admin");
  const before = (await (await admin.get("/api/settings")).json()).data;
  try {
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { name: settingsPage.title, level: 1 })).toBeVisible();
    await page.getByRole("textbox", { name: currency.code }).fill("INR");
    await page.getByRole("textbox", { name: currency.locale }).fill("en-IN");
    // A switch of currency is asked again: past orders keep theirs.
    await page.getByRole("button", { name: settingsPage.saveSection(sections.currency.title) }).click();
    await page
      .getByRole("dialog", { name: currency.switchTitle })
      .getByRole("button", { name: currency.switchConfirm("INR") })
      .click();
    await closeToast(page, settingsPage.saved(sections.currency.title));
    const included = page.getByRole("switch", { name: taxes.pricesIncludeTax });
    await included.click();
    await expect(included).toBeChecked();
    // A registered shop taxes shipping with the goods: the invoice prints it as a taxed row.
    const charges = page.getByRole("switch", { name: taxes.chargesTaxed });
    await charges.click();
    await expect(charges).toBeChecked();
    await saveSection(page, sections.taxes.title);

    // Express: 150, for Maharashtra and Karnataka only.
    await page.getByRole("button", { name: shipping.add }).click();
    await page
      .getByRole("group", { name: shipping.method(2) })
      .getByRole("textbox", { name: shipping.name })
      .fill("Express");
    // The method's fields are named by its name from then on.
    const express = page.getByRole("group", { name: "Express" });
    await express.getByRole("spinbutton", { name: /^Price/ }).fill("150");
    await express.getByRole("textbox", { name: shipping.estimatedDays }).fill("1–2 days");
    await express.getByRole("switch", { name: shipping.allStates }).click();
    const states = express.getByRole("group", { name: shipping.states });
    await states.getByRole("checkbox", { name: "Maharashtra" }).check();
    await states.getByRole("checkbox", { name: "Karnataka" }).check();
    await saveSection(page, sections.shipping.title);
    await page.reload();
    await expect(page.getByRole("group", { name: "Express" })).toBeVisible();
    await screenshots(page, "settings-inr-express", (name) => testInfo.outputPath(name));

    // A shopper in Mumbai: prices in rupees from the first paint, Express offered and chosen.
    const shopper = await newShopper({ firstName: MUMBAI.name.firstName, lastName: MUMBAI.name.lastName });
    await saveAddress(shopper.api, MUMBAI);
    await saveAddress(shopper.api, KOCHI);
    const product = await productByName(shopper.api, "Minimalist Leather Strap Watch");
    const buyer = await shopperPage(browser, shopURL, shopper);
    await buyer.goto(`/product/${product._id}`);
    await expect(buyer.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(buyer.getByRole("main")).toContainText("₹");
    await expect(buyer.getByRole("main")).not.toContainText("$");
    await buyer.getByRole("button", { name: "Add to cart" }).click();
    await closeToast(buyer, successes.addedToCart(1));
    await buyer.goto("/cart");
    await expect(summaryRow(buyer, "Total")).toHaveText(/^₹/);
    await expect(buyer.getByText(/^Includes ₹[\d,]+\.\d{2} GST$/)).toBeVisible();

    await checkoutTo(buyer, KOCHI);
    const methods = buyer.getByRole("group", { name: orderSummary.shippingMethods });
    await expect(methods.getByRole("radio")).toHaveCount(1);
    await expect(methods.getByRole("radio", { name: /Express/ })).toHaveCount(0);

    await checkoutTo(buyer, MUMBAI);
    await expect(methods.getByRole("radio")).toHaveCount(2);
    await methods.getByRole("radio", { name: /Express/ }).check();
    await expect(summaryRow(buyer, /^Shipping/)).toHaveText("₹150.00");
    await screenshots(buyer, "checkout-inr-express", (name) => testInfo.outputPath(name));
    const total = (await summaryRow(buyer, "Total").textContent()) ?? "";
    expect(total).toMatch(/^₹[\d,]+\.\d{2}$/);
    await buyer.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(buyer).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);
    const form = buyer.getByRole("form", { name: "Test card payment" });
    await form.getByLabel("Card number").fill(GOOD_CARD);
    await form.getByLabel("Expiry (MM/YY)").fill("12/30");
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: /^Pay ₹/ }).click();
    await closeToast(buyer, successes.orderPaid);
    await expect(summaryRow(buyer, "Amount paid")).toHaveText(total);

    // The invoice: Express, the amounts in rupees, the GST of Maharashtra split into CGST and SGST.
    const invoice = await download(buyer, documents.downloadInvoice);
    const { text } = await extractText(new Uint8Array(invoice.body), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Shipping (Express)");
    expect(flat).toContain(`INR ${total.slice(1)}`);
    expect(flat).toMatch(/Amount in words: Rupees [a-z -]+ only/);
    expect(flat).toContain("CGST 9%");
    expect(flat).toContain(documents.pricesIncludeTax);
    await screenshots(buyer, "pay-page-inr", (name) => testInfo.outputPath(name));
    await buyer.context().close();
  } finally {
    for (const section of ["currency", "taxes", "shipping"] as const) {
      const response = await admin.put(`/api/settings/${section}`, { data: before[section] });
      expect(response.status()).toBe(200);
    }
  }
});
