import type { Locator, Page } from "@playwright/test";
import { discountCodes, successes } from "@shop/shared/messages";
import { formatPrice, priceItems } from "@shop/shared/pricing";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./support/api";
import { signInThroughForm } from "./support/auth-forms";
import { productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { GOOD_CARD, saveAddress } from "./support/orders";
import { closeToast } from "./support/toasts";

const SNEAKERS = "Everyday Canvas Sneakers";

const ADDRESS = {
  name: { firstName: "Rohan", lastName: "Mehta" },
  countryCode: "91",
  phoneNumber: "9811122233",
  building: "House 9, Green Park Extension",
  street: "Aurobindo Marg",
  city: "New Delhi",
  state: "Delhi",
  pinCode: "110016",
  country: "India",
} satisfies AddressInput;

interface Variant {
  _id: string;
  options: Record<string, string>;
  price: number;
  onSale: boolean;
  salePrice: number;
  stock: number;
}

/** The amount beside a label of the price summary ('Subtotal', 'Discount (CODE)', 'Total'...). */
function summaryRow(page: Page, label: string): Locator {
  return page
    .getByRole("complementary")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

test("a shopper applies a 10% code for shoes in the cart, sees the discount and the tax after it, pays, and the order keeps it", async ({
  page,
  api,
  newShopper,
}) => {
  const sneakers = await productByName(page.request, SNEAKERS);
  const detail = await dataOf<{ category: { _id: string }; variants: Variant[] }>(
    await page.request.get(`/api/products/${sneakers._id}`),
    200,
  );
  const size = detail.variants.find((variant) => variant.options.Size === "UK 9" && variant.stock > 1);
  if (!size) throw new Error(`${SNEAKERS} has no UK 9 in stock`);

  // The admin's code: 10% off shoes, for one use by each shopper.
  const admin = await api.as("admin");
  const code = `SHOES10-${Date.now().toString(36)}`.toUpperCase();
  await dataOf(
    await admin.post("/api/discounts", {
      data: {
        code,
        type: "percentage",
        value: 10,
        appliesTo: "categories",
        categories: [detail.category._id],
        combinesWithSale: true,
        perCustomerLimit: 1,
      },
    }),
    201,
  );

  const shopper = await newShopper({ firstName: ADDRESS.name.firstName, lastName: ADDRESS.name.lastName });
  await saveAddress(shopper.api, ADDRESS);
  await signInThroughForm(page, shopper);

  await page.goto(`/product/${sneakers._id}?variant=${size._id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await closeToast(page, successes.addedToCart(1));
  await page.goto("/cart");

  // A code that does not exist says so and changes nothing.
  const field = page.getByLabel("Discount code");
  await field.fill("NOPE-123");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(discountCodes.invalid)).toBeVisible();
  const without = priceItems([{ ...size, quantity: 1 }]);
  await expect(summaryRow(page, "Total")).toHaveText(formatPrice(without.totalPrice));

  // The code, typed in lower case: the discount line, and the tax on what is left.
  await field.fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  const expected = priceItems([{ ...size, quantity: 1 }], {
    type: "percentage",
    value: 10,
    combinesWithSale: true,
  });
  await expect(summaryRow(page, `Discount (${code})`)).toHaveText(`−${formatPrice(expected.discountAmount)}`);
  await expect(summaryRow(page, "Tax (GST 18%)")).toHaveText(formatPrice(expected.taxPrice));
  await expect(summaryRow(page, "Total")).toHaveText(formatPrice(expected.totalPrice));
  expect(expected.taxPrice).toBeLessThan(without.taxPrice);

  // The code stays with the cart through shipping and checkout.
  await page.getByRole("button", { name: /continue/i }).click();
  await page.getByRole("radio", { name: new RegExp(ADDRESS.building) }).check();
  await page.getByRole("button", { name: /continue/i }).click();
  await expect(page).toHaveURL("/account/checkout");
  await expect(page.getByText(`${code} applied`)).toBeVisible();
  await expect(summaryRow(page, "Total")).toHaveText(formatPrice(expected.totalPrice));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);

  // The pay page: the order's own discount line and total, paid with the test card.
  await expect(summaryRow(page, `Discount (${code})`)).toHaveText(`−${formatPrice(expected.discountAmount)}`);
  await expect(summaryRow(page, "Total")).toHaveText(formatPrice(expected.totalPrice));
  const form = page.getByRole("form", { name: "Test card payment" });
  await form.getByLabel("Card number").fill(GOOD_CARD);
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
  await closeToast(page, successes.orderPaid);
  await expect(summaryRow(page, "Amount paid")).toHaveText(formatPrice(expected.totalPrice));

  // Once per shopper: the same code in a new cart is refused with its reason.
  await page.goto(`/product/${sneakers._id}?variant=${size._id}`);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await closeToast(page, successes.addedToCart(1));
  await page.goto("/cart");
  await page.getByLabel("Discount code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText(discountCodes.alreadyUsed)).toBeVisible();
});
