import path from "node:path";
import type { Page } from "@playwright/test";
import { stock, stockAlertWords, successes, validation } from "@shop/shared/messages";
import { formatPrice } from "@shop/shared/pricing";
import type { AddressInput } from "@shop/shared/schemas/address";
import type { EmailSummaryDto } from "@shop/shared/schemas/email";
import { dataOf } from "./support/api";
import { signInThroughForm } from "./support/auth-forms";
import { cartLink, productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { GOOD_CARD, saveAddress } from "./support/orders";
import { closeToast } from "./support/toasts";

const SHOE = "Trail Running Shoes";

const ADDRESS = {
  name: { firstName: "Asha", lastName: "Iyer" },
  countryCode: "91",
  phoneNumber: "9822012345",
  building: "Flat 12, Sea Breeze Apartments",
  street: "Carter Road, Bandra West",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400050",
  country: "India",
} satisfies AddressInput;

interface Variant {
  _id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  stock: number;
  isActive: boolean;
}

/**
 * Full-page pictures at a phone's and a desktop's width, for a person to look at: in the folder
 * E2E_SCREENSHOTS names, else in the test's output folder.
 */
async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  const folder = process.env.E2E_SCREENSHOTS;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const shoot = async (file: string, fullPage: boolean) =>
    page.screenshot({ path: folder ? path.join(folder, file) : outputPath(file), fullPage });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await shoot(`${name}-${width}.png`, true);
  }
  // NOTE: a full-page picture draws a bar stuck to the bottom of the screen (the product page's
  // Add to cart on phones) where the first screen ends: the phone's screen is taken as well, from
  // the page's heading down.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("heading", { level: 1 }).evaluate((heading) => heading.scrollIntoView());
  await page.waitForTimeout(300);
  await shoot(`${name}-390-screen.png`, false);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(size);
}

test("a shopper chooses a size of a shoe, finds a sold-out size offered for an email, buys two sizes as two lines, pays and sees the sizes on the order", async ({
  page,
  newShopper,
}, testInfo) => {
  const shopper = await newShopper({ firstName: ADDRESS.name.firstName, lastName: ADDRESS.name.lastName });
  await saveAddress(shopper.api, ADDRESS);
  await signInThroughForm(page, shopper);

  const shoe = await productByName(page.request, SHOE);
  const detail = await dataOf<{ variants: Variant[] }>(
    await page.request.get(`/api/products/${shoe._id}`),
    200,
  );
  const size = (value: string) => {
    const variant = detail.variants.find((v) => v.options.Size === value);
    if (!variant) throw new Error(`${SHOE} has no size ${value}`);
    return variant;
  };
  const [soldOut, eight, ten] = [size("UK 6"), size("UK 8"), size("UK 10")];
  expect(soldOut.stock).toBe(0);
  expect(eight.stock).toBeGreaterThan(0);
  expect(ten.stock).toBeGreaterThan(1);

  await page.goto(`/product/${shoe._id}`);
  await expect(page.getByRole("heading", { level: 1, name: SHOE })).toBeVisible();
  const sizes = page.getByRole("group", { name: "Size" });
  const addToCart = page.getByRole("button", { name: "Add to cart" });

  // The sold-out size is offered, crossed out.
  const soldOutRadio = sizes.getByRole("radio", { name: `UK 6 (${stock.soldOut})` });
  await expect(sizes.getByText("UK 6", { exact: true })).toHaveCSS("text-decoration-line", "line-through");

  // Without a size, Add to cart asks for one and adds nothing.
  await addToCart.click();
  await expect(page.getByText(validation.chooseOption("Size"))).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();

  // The sold-out size can be chosen, to be told when it is back; nothing of it can be added.
  await soldOutRadio.check();
  await expect(addToCart).toBeDisabled();
  await expect(page.getByRole("heading", { name: stockAlertWords.heading })).toBeVisible();

  // A size: its stock line, and the address names it without adding a history entry.
  const historyLength = await page.evaluate(() => history.length);
  await sizes.getByRole("radio", { name: "UK 8", exact: true }).check();
  await expect(page).toHaveURL(`/product/${shoe._id}?variant=${eight._id}`);
  await expect(page.getByText(validation.chooseOption("Size"))).toHaveCount(0);
  await expect(page.getByText(stock.lowStock(eight.stock))).toBeVisible();
  await screenshots(page, "product-page-size-chosen", (name) => testInfo.outputPath(name));
  await addToCart.click();
  await closeToast(page, successes.addedToCart(1));

  await sizes.getByRole("radio", { name: "UK 10", exact: true }).check();
  await expect(page).toHaveURL(`/product/${shoe._id}?variant=${ten._id}`);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
  await page.getByRole("main").getByRole("button", { name: "Increase quantity" }).click();
  await addToCart.click();
  await closeToast(page, successes.addedToCart(2));
  await expect(cartLink(page, 3)).toBeVisible();

  // A shared link opens the size it names, with what the cart already holds of it.
  await page.goto(`/product/${shoe._id}?variant=${ten._id}`);
  await expect(sizes.getByRole("radio", { name: "UK 10", exact: true })).toBeChecked();
  await expect(page.getByText(stock.inCart(2))).toBeVisible();

  // The cart: one line per size, each naming its size.
  await page.goto("/cart");
  const lines = page.getByRole("list", { name: "Products in your cart" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Size: UK 8");
  await expect(lines.nth(1)).toContainText("Size: UK 10");
  await expect(
    page.getByRole("group", { name: `Quantity of ${SHOE}, Size: UK 10` }).getByRole("spinbutton"),
  ).toHaveValue("2");
  await screenshots(page, "cart-two-sizes", (name) => testInfo.outputPath(name));

  // Shipping, checkout (the sizes again), then the order is placed with a variant on each line.
  await page.getByRole("button", { name: /continue/i }).click();
  await expect(page).toHaveURL("/account/shipping");
  await page.getByRole("radio", { name: new RegExp(ADDRESS.building) }).check();
  await page.getByRole("button", { name: /continue/i }).click();
  await expect(page).toHaveURL("/account/checkout");
  const review = page.getByRole("list", { name: "Products in this order" }).getByRole("listitem");
  await expect(review).toHaveCount(2);
  await expect(review.nth(0)).toContainText("Size: UK 8");
  await expect(review.nth(1)).toContainText("Size: UK 10");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);
  const orderId = page.url().split("/").pop() ?? "";

  // Paid with the test card; the order's lines keep their sizes.
  const form = page.getByRole("form", { name: "Test card payment" });
  await form.getByLabel("Card number").fill(GOOD_CARD);
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
  await closeToast(page, successes.orderPaid);
  await expect(page.getByText("Status: processing")).toBeVisible();
  const ordered = page.getByRole("list", { name: "Products in this order" }).getByRole("listitem");
  await expect(ordered).toHaveCount(2);
  await expect(ordered.filter({ hasText: "Size: UK 8" })).toContainText(`1 × ${formatPrice(eight.price)}`);
  await expect(ordered.filter({ hasText: "Size: UK 10" })).toContainText(`2 × ${formatPrice(ten.price)}`);
  await screenshots(page, "order-with-sizes", (name) => testInfo.outputPath(name));

  // The server took the units from each size, and only from those.
  const after = await dataOf<{ variants: Variant[] }>(
    await page.request.get(`/api/products/${shoe._id}`),
    200,
  );
  const stockOf = (id: string) => after.variants.find((v) => v._id === id)?.stock;
  expect(stockOf(eight._id)).toBe(eight.stock - 1);
  expect(stockOf(ten._id)).toBe(ten.stock - 2);
  expect(stockOf(soldOut._id)).toBe(0);
  const order = await dataOf<{ products: { variant: { _id: string; options: Record<string, string> } }[] }>(
    await shopper.api.get(`/api/orders/current-user/${orderId}`),
    200,
  );
  expect(order.products.map((line) => line.variant.options)).toEqual(
    expect.arrayContaining([{ Size: "UK 8" }, { Size: "UK 10" }]),
  );
});

test("a visitor asks to be emailed when a sold-out size is back, and is mailed once the admin adds stock", async ({
  page,
  api,
}) => {
  const shoe = await productByName(page.request, SHOE);
  const detail = await dataOf<{ variants: Variant[] }>(
    await page.request.get(`/api/products/${shoe._id}`),
    200,
  );
  const soldOut = detail.variants.find((v) => v.options.Size === "UK 6");
  if (!soldOut) throw new Error(`${SHOE} has no size UK 6`);
  expect(soldOut.stock).toBe(0);
  const email = `back-in-stock-${Date.now()}@example.com`;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/${shoe._id}`);
  await page
    .getByRole("group", { name: "Size" })
    .getByRole("radio", { name: `UK 6 (${stock.soldOut})` })
    .check();
  const alert = page.getByRole("region", { name: stockAlertWords.heading });
  await alert.getByRole("textbox", { name: stockAlertWords.emailLabel }).fill(email);
  await alert.getByRole("button", { name: stockAlertWords.submit }).click();
  await expect(page.getByText(stockAlertWords.done)).toBeVisible();

  // The admin receives five: the request's one email goes out through the outbox.
  const admin = await api.as("admin");
  const adjust = (change: number) =>
    admin.post(`/api/inventory/${soldOut._id}/adjustments`, {
      data: { change, reason: "received", note: "" },
    });
  await dataOf(await adjust(5), 201);
  try {
    await expect(async () => {
      const list = await dataOf<EmailSummaryDto[]>(
        await admin.get(`/api/emails?keyword=${encodeURIComponent(email)}&size=20`),
        200,
      );
      expect(list.filter((message) => message.kind === "backInStock")).toHaveLength(1);
    }).toPass({ timeout: 90_000, intervals: [2_000] });
  } finally {
    // The size is sold out again for the journeys after this one.
    await dataOf(await adjust(-5), 201);
  }
});
