import type { Locator, Page } from "@playwright/test";
import {
  accountNotes,
  api as apiMessages,
  cartUpdates,
  empty,
  errors,
  successes,
  validation,
  warnings,
} from "@shop/shared/messages";
import { formatPrice, priceItems } from "@shop/shared/pricing";
import type { AddressInput } from "@shop/shared/schemas/address";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { submitLogin, submitRegistration } from "./support/auth-forms";
import { cartLink, type ProductRow, productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { DECLINED_CARD, GOOD_CARD, saveAddress } from "./support/orders";
import { closeToast, expectToast } from "./support/toasts";

const ADDRESS = {
  name: { firstName: "Meera", lastName: "Nair" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "Flat 4B, Lotus Residency",
  street: "14th Cross Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560038",
  country: "India",
} satisfies AddressInput;

/** Opens the product page and adds one unit to the cart. */
async function addToCart(page: Page, product: ProductRow) {
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await closeToast(page, successes.addedToCart(1));
}

/** The amount beside a label of the price summary ('Subtotal', 'Total', 'Amount paid'...). */
function summaryRow(page: Page, label: string): Locator {
  return page
    .getByRole("complementary")
    .locator("dl > div")
    .filter({ has: page.getByRole("term").getByText(label, { exact: true }) })
    .getByRole("definition");
}

async function fillAddress(dialog: Locator) {
  await dialog.getByLabel("First name").fill(ADDRESS.name.firstName);
  await dialog.getByLabel("Last name").fill(ADDRESS.name.lastName);
  await dialog.getByLabel("Phone number").fill(ADDRESS.phoneNumber);
  await dialog.getByLabel("Building").fill(ADDRESS.building);
  await dialog.getByLabel("Street").fill(ADDRESS.street);
  await dialog.getByLabel("City").fill(ADDRESS.city);
  await dialog.getByLabel("State").selectOption(ADDRESS.state);
  await dialog.getByLabel("PIN code").fill(ADDRESS.pinCode);
}

async function payWithCard(page: Page, number: string) {
  const form = page.getByRole("form", { name: "Test card payment" });
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill("12/30");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
}

/** Goes from the checkout page through Pay to the pay page; returns the new order's id. */
async function placeOrder(page: Page): Promise<string> {
  await expect(page).toHaveURL("/account/checkout");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/account\/pay\/[0-9a-f]{24}$/);
  return page.url().split("/").pop() ?? "";
}

test("an anonymous shopper fills the cart, registers at CONTINUE, adds an address, pays with the test card and finds the order processing", async ({
  page,
  request,
}) => {
  // Products sold without options (no size to choose); sizes have their own journey (variants.spec.ts).
  const watch = await productByName(request, "Minimalist Leather Strap Watch");
  const daypack = await productByName(request, "Recycled Nylon Daypack");

  await page.goto("/cart");
  await expect(page.getByText(empty.cart)).toBeVisible();

  await addToCart(page, watch);
  await addToCart(page, daypack);
  await cartLink(page, 2).click();
  await expect(page).toHaveURL("/cart");

  // Two of the watch: the line and the totals follow, with the shared pricing rules.
  const lines = page.getByRole("list", { name: "Products in your cart" });
  await expect(lines.getByRole("listitem")).toHaveCount(2);
  const watchQuantity = lines.getByRole("group", { name: `Quantity of ${watch.name}` });
  await expect(watchQuantity.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await watchQuantity.getByRole("button", { name: "Increase quantity" }).click();
  await expect(watchQuantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  const expected = priceItems([
    { ...watch, quantity: 2 },
    { ...daypack, quantity: 1 },
  ]);
  await expect(summaryRow(page, "Subtotal")).toHaveText(formatPrice(expected.itemsPrice));
  await expect(summaryRow(page, "Tax (GST 18%)")).toHaveText(formatPrice(expected.taxPrice));
  await expect(summaryRow(page, "Total")).toHaveText(formatPrice(expected.totalPrice));
  await expect(summaryRow(page, "You Saved")).toHaveText(formatPrice(expected.discountPrice));

  // CONTINUE asks a signed-out shopper to sign in; registering brings them back to shipping.
  await page.getByRole("button", { name: /continue/i }).click();
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent("/account/shipping")}`);
  // NOTE: the address changes as the navigation starts, the page once its code is in (a transition):
  // the login page's own link, not the header's, carries the way back.
  await expect(page.getByRole("heading", { name: "Log in to your account" })).toBeVisible();
  await page.getByRole("link", { name: "Register" }).click();
  await submitRegistration(page, { name: ADDRESS.name, email: uniqueEmail("meera"), password: PASSWORD });
  await expect(page).toHaveURL("/account/shipping");

  // No saved address yet: CONTINUE waits until one is added and chosen.
  await expect(page.getByText(empty.savedAddress)).toBeVisible();
  const proceed = page.getByRole("button", { name: /continue/i });
  await expect(proceed).toBeDisabled();
  await page.getByRole("button", { name: "Add address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add address" });
  await dialog.getByLabel("Phone number").fill("12345");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog.getByText(validation.phoneNumber)).toBeVisible();
  // Only +91 and India are offered.
  await expect(dialog.getByLabel("Country code").getByRole("option")).toHaveText(["+91"]);
  await expect(dialog.getByLabel("Country", { exact: true }).getByRole("option")).toHaveText(["India"]);
  await fillAddress(dialog);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await closeToast(page, accountNotes.addressAdded);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("radio", { name: new RegExp(ADDRESS.building) })).toBeChecked();
  await proceed.click();

  // Checkout: the address and the products, then Pay places the order and empties the cart.
  await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  await expect(page.getByText(ADDRESS.street)).toBeVisible();
  const review = page.getByRole("list", { name: "Products in this order" });
  await expect(review.getByRole("listitem")).toHaveCount(2);
  const orderId = await placeOrder(page);
  await expect(cartLink(page, 0)).toBeVisible();

  // The pay page: the server's total, a clearly marked test-mode card form.
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await expect(summaryRow(page, "Total")).toHaveText(formatPrice(expected.totalPrice));
  await payWithCard(page, GOOD_CARD);
  await closeToast(page, successes.orderPaid);
  await expect(summaryRow(page, "Amount paid")).toHaveText(formatPrice(expected.totalPrice));
  await expect(page.getByRole("form", { name: "Test card payment" })).toHaveCount(0);

  // The profile lists the order, processing, linking to its order page.
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  await expect(page).toHaveURL("/account/profile");
  const order = page.getByRole("list", { name: "Orders" }).getByRole("link", { name: new RegExp(orderId) });
  await expect(order).toContainText("Processing");
  await expect(order).toContainText(formatPrice(expected.totalPrice));
  await order.click();
  await expect(page).toHaveURL(`/account/orders/${orderId}`);
  await expect(page.getByText("Amount paid")).toBeVisible();
});

test("a declined card shows the error and leaves the order payable; the good card pays it afterwards", async ({
  page,
  newShopper,
}) => {
  // A shopper with an account and a saved address, signed out in this browser.
  const shopper = await newShopper({ firstName: "Kabir", lastName: "Rao" });
  await saveAddress(shopper.api, ADDRESS);

  const cap = await productByName(page.request, "Classic Baseball Cap");
  await addToCart(page, cap);
  await page.goto("/cart");
  await page.getByRole("button", { name: /continue/i }).click();

  // Signing in at CONTINUE comes back to shipping, where the saved address is offered.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await submitLogin(page, shopper);
  await expect(page).toHaveURL("/account/shipping");
  await page.getByRole("radio", { name: new RegExp(ADDRESS.building) }).check();
  await page.getByRole("button", { name: /continue/i }).click();
  const orderId = await placeOrder(page);

  await payWithCard(page, DECLINED_CARD);
  await expectToast(page, errors.cardDeclined);
  await expect(page.getByRole("form", { name: "Test card payment" })).toBeVisible();
  await expect(page.getByText("Amount paid")).toHaveCount(0);

  // Still payable after a reload: the decline recorded no payment on the order.
  await page.reload();
  await expect(page.getByText("Status: pending")).toBeVisible();
  await payWithCard(page, GOOD_CARD);
  await expectToast(page, successes.orderPaid);
  await expect(page.getByText("Amount paid")).toBeVisible();
  await expect(page.getByText("Status: processing")).toBeVisible();
  expect(page.url()).toContain(orderId);
});

test("the cart shows a price change and a stock drop an admin makes before checkout", async ({
  page,
  api,
}) => {
  const admin = await api.as("admin");
  const tote = await productByName(admin, "Canvas Market Tote");
  const detail = (await (await admin.get(`/api/products/${tote._id}`)).json()) as {
    data: ProductRow & {
      description: string;
      isActive: boolean;
      category: { _id: string };
      thumbnail: { _id: string };
      gallery: { _id: string }[];
    };
  };
  const product = detail.data;
  const save = (changes: { price: number; stock: number }) =>
    admin.put(`/api/products/${tote._id}`, {
      data: {
        name: product.name,
        description: product.description,
        price: changes.price,
        onSale: product.onSale,
        ...(product.onSale ? { salePrice: product.salePrice } : {}),
        stock: changes.stock,
        isActive: product.isActive,
        category: product.category._id,
        thumbnail: product.thumbnail._id,
        gallery: product.gallery.map((media) => media._id),
      },
    });

  try {
    await page.goto(`/product/${tote._id}`);
    const quantity = page.getByRole("group", { name: "Quantity" });
    await quantity.getByRole("button", { name: "Increase quantity" }).click();
    await quantity.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add to cart" }).click();
    await expect(cartLink(page, 3)).toBeVisible();

    // The admin raises the price and leaves only 2 in stock while the tote sits in the cart.
    const newPrice = product.price + 6;
    expect((await save({ price: newPrice, stock: 2 })).ok()).toBe(true);

    await page.goto("/cart");
    await expect(
      page.getByText(
        cartUpdates.priceChanged(product.name, formatPrice(product.price), formatPrice(newPrice)),
      ),
    ).toBeVisible();
    await expect(page.getByText(cartUpdates.quantityLowered(product.name, 2))).toBeVisible();
    const line = page.getByRole("group", { name: `Quantity of ${product.name}` });
    await expect(line.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
    await expect(line.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    const expected = priceItems([{ ...product, price: newPrice, quantity: 2 }]);
    await expect(summaryRow(page, "Total")).toHaveText(formatPrice(expected.totalPrice));
    await expect(cartLink(page, 2)).toBeVisible();

    // Withdrawn: shown, left out of the total, and checkout waits until it is removed.
    expect(
      (
        await admin.patch(`/api/products/${tote._id}`, {
          data: { key: "isActive", value: false },
        })
      ).ok(),
    ).toBe(true);
    await page.reload();
    await expect(page.getByText(cartUpdates.unavailable(product.name))).toBeVisible();
    await expect(page.getByText(cartUpdates.removeUnavailable)).toBeVisible();
    await expect(page.getByRole("button", { name: /continue/i })).toBeDisabled();
    await expect(summaryRow(page, "Total")).toHaveText(formatPrice(0));
    await page.getByRole("button", { name: `Remove ${product.name}` }).click();
    await expect(page.getByText(empty.cart)).toBeVisible();
  } finally {
    await save({ price: product.price, stock: product.stock });
    await admin.patch(`/api/products/${tote._id}`, { data: { key: "isActive", value: product.isActive } });
  }
});

test("checkout sends a shopper back for a missing cart or address, and a cancelled order offers no payment", async ({
  page,
  newShopper,
}) => {
  const shopper = await newShopper({ firstName: "Tara", lastName: "Menon" });

  await page.goto("/auth/login?redirect=%2Faccount%2Fcheckout");
  await submitLogin(page, shopper);

  // An empty cart: back to the cart, with the SPEC warning.
  await expect(page).toHaveURL("/cart");
  await expectToast(page, warnings.emptyCart);

  // Products but no address: to shipping, with the SPEC warning.
  await addToCart(page, await productByName(page.request, "Canvas Market Tote"));
  await page.goto("/account/checkout");
  await expect(page).toHaveURL("/account/shipping");
  await expectToast(page, warnings.selectAddress);

  await page.getByRole("button", { name: "Add address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add address" });
  await fillAddress(dialog);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await page.getByRole("button", { name: /continue/i }).click();
  await placeOrder(page);

  // The shopper changes their mind: a cancelled order says so and offers no payment.
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page
    .getByRole("dialog", { name: "Cancel this order?" })
    .getByRole("button", { name: "Cancel order" })
    .click();
  // The toast outlives the dialog and the panel that asked for it.
  await expectToast(page, apiMessages.orderCancelled);
  await expect(page.getByText(accountNotes.orderCancelled)).toBeVisible();
  await expect(page.getByText("Status: cancelled")).toBeVisible();
  await expect(page.getByRole("form", { name: "Test card payment" })).toHaveCount(0);

  // The address is deleted from the profile: the toast says so after its card and dialog are gone.
  await page.goto("/account/profile");
  const addresses = page.getByRole("list", { name: "Addresses" });
  await addresses.getByRole("button", { name: /^Delete address of Meera Nair/ }).click();
  await page.getByRole("dialog", { name: "Delete address?" }).getByRole("button", { name: "Delete" }).click();
  await expectToast(page, accountNotes.addressDeleted);
  await expect(page.getByText(empty.addresses)).toBeVisible();
});
