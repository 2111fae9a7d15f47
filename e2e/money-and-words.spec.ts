import type { Locator, Page } from "@playwright/test";
import { orderHistory, orderStatusLabels, orderSummary, successes } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./support/api";
import { signInThroughForm } from "./support/auth-forms";
import { firstProduct, type ProductRow } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { paidInvoicedOrder, saveAddress } from "./support/orders";
import { screenshots } from "./support/pages";
import { closeToast } from "./support/toasts";

const PUNE = {
  name: { firstName: "Meera", lastName: "Joshi" },
  countryCode: "91",
  phoneNumber: "9822012345",
  building: "B-4, Koregaon Heights",
  street: "North Main Road",
  city: "Pune",
  state: "Maharashtra",
  pinCode: "411001",
  country: "India",
} satisfies AddressInput;

const RUPEES = { code: "INR", locale: "en-IN" };

/** The amount beside a label of the page's price summary. */
function summaryRow(page: Page, label: string): Locator {
  return page
    .getByRole("complementary")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

test.use({ viewport: { width: 390, height: 844 } });

// NOTE: the journeys of a worker share its server: this one puts the currency and the taxes back as
// it found them, whatever happens, before the next journey of the worker runs.
test("in an INR shop with prices including GST, the cart and the checkout say the same GST for a product at 5%", async ({
  page,
  api,
  newShopper,
}, testInfo) => {
  const admin = await api.as("admin");
  const before = (await (await admin.get("/api/settings")).json()).data;
  try {
    await dataOf(await admin.put("/api/settings/currency", { data: RUPEES }), 200);
    await dataOf(
      await admin.put("/api/settings/taxes", { data: { ...before.taxes, pricesIncludeTax: true } }),
      200,
    );
    // A category at 5% beside the shop's 18%, and a kurta in it at ₹149.98.
    const token = Math.random().toString(36).slice(2, 8);
    const category = await dataOf<{ _id: string }>(
      await admin.post("/api/categories", { data: { name: `Kurtas ${token}`, slug: `kurtas-${token}` } }),
      201,
    );
    await dataOf(
      await admin.put(`/api/categories/${category._id}/tax`, {
        data: { taxRate: 5, taxSlabs: null, hsnCode: "6211" },
      }),
      200,
    );
    const demo = await firstProduct(admin);
    const kurta = await dataOf<{ _id: string; name: string }>(
      await admin.post("/api/products", {
        data: {
          name: `Cotton kurta ${token}`,
          description:
            "A straight kurta in handloom cotton, block-printed by hand in Jaipur, with side pockets.",
          price: 149.98,
          onSale: false,
          stock: 50,
          isActive: true,
          category: category._id,
          thumbnail: demo.thumbnail._id,
          gallery: [],
        },
      }),
      201,
    );

    // What the server makes of this cart, to Maharashtra by the cheapest method: the GST both pages show.
    const priced = await dataOf<{ taxPrice: number; totalPrice: number }>(
      await admin.post("/api/cart/price", {
        data: { products: [{ product: kurta._id, quantity: 1 }], state: PUNE.state },
      }),
      200,
    );
    const includes = orderSummary.includesTax(formatMoney(priced.taxPrice, RUPEES));
    // The figure a rate in the browser gave: 18% taken out of the same total.
    const atEighteen = orderSummary.includesTax(
      formatMoney(Math.round((priced.totalPrice - priced.totalPrice / 1.18) * 100) / 100, RUPEES),
    );
    expect(includes).not.toBe(atEighteen);

    const shopper = await newShopper({ firstName: PUNE.name.firstName, lastName: PUNE.name.lastName });
    await saveAddress(shopper.api, PUNE);
    await signInThroughForm(page, shopper);
    await page.goto(`/product/${kurta._id}`);
    await expect(page.getByRole("heading", { level: 1, name: kurta.name })).toBeVisible();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await closeToast(page, successes.addedToCart(1));

    await page.goto("/cart");
    await expect(page.getByText(includes, { exact: true })).toBeVisible();
    await expect(page.getByText(atEighteen, { exact: true })).toHaveCount(0);
    await expect(summaryRow(page, "Total")).toHaveText(formatMoney(priced.totalPrice, RUPEES));
    await screenshots(page, "cart-inr-five-percent", (name) => testInfo.outputPath(name));

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: /continue/i }).click();
    await expect(page).toHaveURL("/account/shipping");
    await page.getByRole("radio", { name: new RegExp(PUNE.building) }).check();
    await page.getByRole("button", { name: /continue/i }).click();
    await expect(page).toHaveURL("/account/checkout");
    await expect(page.getByText(includes, { exact: true })).toBeVisible();
    await expect(summaryRow(page, "Total")).toHaveText(formatMoney(priced.totalPrice, RUPEES));
    await screenshots(page, "checkout-inr-five-percent", (name) => testInfo.outputPath(name));
  } finally {
    for (const section of ["currency", "taxes"] as const) {
      const response = await admin.put(`/api/settings/${section}`, { data: before[section] });
      expect(response.status()).toBe(200);
    }
  }
});

test("an order with one of its two lines shipped reads 'Partially shipped' for staff and shopper, and the shopper's history names the shop, not the staff member", async ({
  browser,
  api,
  roles,
  shopURL,
  newShopper,
}, testInfo) => {
  const admin = await api.as("admin");
  const staff = await dataOf<{ name: { firstName: string; lastName: string } }>(
    await admin.get("/api/users/current-user"),
    200,
  );
  const shopper = await newShopper({ firstName: PUNE.name.firstName, lastName: PUNE.name.lastName });
  const rows = await dataOf<ProductRow[]>(await shopper.api.get("/api/products?size=50"), 200);
  // Products named in plain words: other journeys add products whose names are markup.
  const [first, second] = rows.filter(
    (row) => row.options.length === 0 && row.stock > 2 && /^[\p{L}\p{N} ,.'&-]+$/u.test(row.name),
  );
  if (!first || !second) throw new Error("the demo catalogue has two products without options in stock");
  const { orderId, number } = await paidInvoicedOrder(shopper.api, {
    products: [first._id, second._id],
    address: PUNE,
  });
  // The admin ships the first line: a history row made by a staff member.
  const order = await dataOf<{ products: { _id: string }[] }>(await admin.get(`/api/orders/${orderId}`), 200);
  const [line] = order.products;
  if (!line) throw new Error("the order has its lines");
  await dataOf(
    await admin.post(`/api/orders/${orderId}/shipments`, {
      data: { carrier: "Blue Dart", trackingNumber: "BD55001234", lines: [{ line: line._id, quantity: 1 }] },
    }),
    201,
  );
  const badge = (page: Page) => page.getByRole("main").getByText(orderStatusLabels.partially_shipped).first();

  // Staff, at a phone's width: the list and the order page say so, and the filter finds it.
  const desk = await browser.newContext({
    baseURL: shopURL,
    storageState: await roles.storageState("admin"),
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await desk.newPage();
    await page.goto("/dashboard/orders?fulfilment=partially_shipped");
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: new RegExp(`#${number}\\b`) }) });
    await expect(row).toContainText(orderStatusLabels.partially_shipped);
    await expect(row).not.toContainText(orderStatusLabels.processing);
    await page.goto(`/dashboard/orders/order/${orderId}`);
    await expect(badge(page)).toBeVisible();
    await screenshots(page, "dashboard-order-partially-shipped", (name) => testInfo.outputPath(name));
  } finally {
    await desk.close();
  }

  // The shopper, at a phone's width: the same words, and the shop where staff acted.
  const home = await browser.newContext({ baseURL: shopURL, viewport: { width: 390, height: 844 } });
  try {
    const page = await home.newPage();
    await signInThroughForm(page, shopper);
    await page.goto(`/account/orders/${orderId}`);
    await expect(badge(page)).toBeVisible();
    const history = page.getByRole("list", { name: orderHistory.title });
    await expect(history).toContainText(orderHistory.byShop);
    await expect(history).not.toContainText(staff.name.firstName);
    await expect(history).not.toContainText(staff.name.lastName);
    await expect(history).not.toContainText("(admin)");
    await screenshots(page, "account-order-partially-shipped", (name) => testInfo.outputPath(name));
  } finally {
    await home.close();
  }
});
