import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { signInThroughForm } from "./support/auth-forms";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { placeOrder, saveAddress } from "./support/orders";
import { gotoSettled } from "./support/pages";

// Every form control of the shop has a name a screen reader announces: each visible input, select,
// textarea, button and ARIA widget, on every page and in every dialog with a form. Native fields
// must be named by a <label>, aria-label or aria-labelledby; a placeholder or a title is not enough.

const CONTROLS = [
  'input:not([type="hidden"])',
  "select",
  "textarea",
  "button",
  '[role="button"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="textbox"]',
  '[role="searchbox"]',
  '[role="spinbutton"]',
  '[role="slider"]',
  '[role="menuitem"]',
  '[role="option"]',
].join(", ");

/** The accessible name Playwright computes, read from the first line of the control's ARIA snapshot. */
function nameInSnapshot(snapshot: string): string {
  const first = snapshot.split("\n")[0] ?? "";
  const match = /^- '?[\w-]+ "((?:[^"\\]|\\.)*)"/.exec(first);
  return match?.[1]?.trim() ?? "";
}

/**
 * The visible controls inside `scope` without a name, described for the failure message; fails when
 * the scope holds no control at all, so that a page that did not load cannot pass.
 */
async function unnamedControls(scope: Locator): Promise<string[]> {
  const controls = scope.locator(CONTROLS).filter({ visible: true });
  const count = await controls.count();
  expect(count, "controls to check").toBeGreaterThan(0);
  const problems: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    const facts = await control.evaluate((element) => {
      const field =
        (element instanceof HTMLInputElement &&
          !["button", "submit", "reset", "image"].includes(element.type)) ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement;
      const labels = field ? Array.from((element as HTMLInputElement).labels ?? []) : [];
      const labelledBy = (element.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
        .join("");
      return {
        markup: element.outerHTML.slice(0, 160),
        field,
        labelled:
          labels.some((label) => (label.textContent ?? "").trim() !== "") ||
          (element.getAttribute("aria-label") ?? "").trim() !== "" ||
          labelledBy !== "",
        // Out of the accessibility tree (behind an open dialog): axe checks these are not focusable.
        hidden: element.closest('[aria-hidden="true"], [inert]') !== null,
      };
    });
    if (facts.hidden) continue;
    const name = nameInSnapshot(await control.ariaSnapshot());
    if (name === "") problems.push(`no accessible name: ${facts.markup}`);
    else if (facts.field && !facts.labelled)
      problems.push(`named by a placeholder or title only: ${facts.markup}`);
  }
  return problems;
}

async function expectNamed(page: Page, where: string, scope: Locator = page.locator("body")) {
  await page.waitForLoadState("networkidle");
  expect(await unnamedControls(scope), where).toEqual([]);
}

/** Opens a dialog with the button of that name and checks the controls inside it; Escape closes it. */
async function expectNamedInDialog(page: Page, where: string, opener: Locator, title: string) {
  await opener.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
  await expectNamed(page, `${where}, dialog '${title}'`, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

test("storefront and sign-in forms: every control is named", async ({ page }) => {
  const productId = (await firstProduct(page.request))._id;
  const categories = (await (await page.request.get("/api/categories")).json()) as {
    data: { slug: string }[];
  };

  for (const path of [
    "/auth/login",
    "/auth/register",
    "/auth/forgot-password",
    "/auth/reset-password?token=from-the-link",
    "/",
    "/search?keyword=shirt",
    "/sale",
    `/product-category/${categories.data[0]?.slug ?? ""}`,
    `/product/${productId}`,
  ]) {
    await gotoSettled(page, path);
    await expectNamed(page, path);
  }

  await page.getByRole("button", { name: "Add to cart" }).click();
  await page.goto("/cart");
  await expect(page.getByRole("list", { name: "Products in your cart" })).toBeVisible();
  await expectNamed(page, "/cart");

  // On a phone: the header's own search box and menu button, then the slide-in menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoSettled(page, "/");
  await expect(page.getByRole("banner").getByRole("combobox", { name: "Search products" })).toBeVisible();
  await expectNamed(page, "home on a phone");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog");
  await expect(menu.getByRole("button").first()).toBeVisible();
  await expectNamed(page, "the phone menu", menu);
});

const NAME = { firstName: "Leela", lastName: "Kapoor" };

/** A saved address and one pending order for the shopper signed in on `request`. */
async function addressAndOrder(request: APIRequestContext) {
  const shippingAddress = await saveAddress(request, {
    name: NAME,
    countryCode: "91",
    phoneNumber: "9812345670",
    building: "Flat 9, Banyan Court",
    street: "Linking Road, Khar West",
    city: "Mumbai",
    state: "Maharashtra",
    pinCode: "400052",
    country: "India",
  });
  const productId = (await firstProduct(request))._id;
  const orderId = await placeOrder(request, { products: [productId], shippingAddress });
  return { productId, orderId };
}

test("account forms, the checkout and the payment form: every control is named", async ({
  page,
  newShopper,
}) => {
  const shopper = await newShopper(NAME);
  const { productId, orderId } = await addressAndOrder(shopper.api);
  await signInThroughForm(page, shopper);

  // The review form, signed in.
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("button", { name: "Submit review" })).toBeVisible();
  await expectNamed(page, "product page with the review form");
  await page.getByRole("button", { name: "Add to cart" }).click();

  await page.goto("/account/profile");
  await expect(page.getByRole("button", { name: "Edit profile" })).toBeEnabled();
  await expectNamed(page, "/account/profile");
  await expectNamedInDialog(
    page,
    "profile",
    page.getByRole("button", { name: "Edit profile" }),
    "Edit profile",
  );
  await expectNamedInDialog(
    page,
    "profile",
    page.getByRole("button", { name: "Update password" }),
    "Update password",
  );
  await expectNamedInDialog(
    page,
    "profile",
    page.getByRole("button", { name: "Add address" }),
    "Add address",
  );
  await expectNamedInDialog(
    page,
    "profile",
    page.getByRole("button", { name: `Delete address of ${NAME.firstName} ${NAME.lastName}, Mumbai` }),
    "Delete address?",
  );

  await page.goto("/account/shipping");
  await expect(page.getByRole("radio")).toHaveCount(1);
  await expectNamed(page, "/account/shipping");
  await expectNamedInDialog(
    page,
    "shipping",
    page.getByRole("button", { name: "Add address" }),
    "Add address",
  );
  await page.getByRole("radio").check();
  await page.getByRole("button", { name: /continue/i }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Review your order" })).toBeVisible();
  await expectNamed(page, "/account/checkout");

  await page.goto(`/account/pay/${orderId}`);
  await expect(page.getByRole("form", { name: "Test card payment" })).toBeVisible();
  await expectNamed(page, "the pay page");
  await expectNamedInDialog(
    page,
    "pay page",
    page.getByRole("button", { name: "Cancel order" }),
    "Cancel this order?",
  );
});

test.describe("signed in as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("dashboard forms, filters and dialogs: every control is named", async ({ page, newShopper }) => {
    const shopper = await newShopper(NAME);
    const { productId, orderId } = await addressAndOrder(shopper.api);

    for (const path of [
      "/dashboard/home",
      "/dashboard/products",
      `/dashboard/products/edit/${productId}`,
      "/dashboard/customers",
      "/dashboard/orders",
      "/dashboard/payments",
      "/dashboard/emails",
      "/dashboard/activity",
      "/dashboard/discounts",
    ]) {
      await gotoSettled(page, path);
      await expectNamed(page, path);
    }

    await page.goto("/dashboard/products/new");
    await expect(page.getByRole("button", { name: "Create Product" })).toBeVisible();
    await expectNamed(page, "/dashboard/products/new");
    await page.getByRole("button", { name: "Choose thumbnail" }).click();
    const picker = page.getByRole("dialog");
    await expect(picker.getByRole("button", { name: "Use selected image" })).toBeVisible();
    await expectNamed(page, "the media picker", picker);
    await page.keyboard.press("Escape");

    // The discount form with its category choice, then its product search with a product chosen.
    await page.goto("/dashboard/discounts/new");
    await expect(page.getByRole("button", { name: "Create Discount" })).toBeVisible();
    await page.getByRole("combobox", { name: "Applies to" }).selectOption("Some categories");
    await expect(page.getByRole("group", { name: "Categories" }).getByRole("checkbox").first()).toBeVisible();
    await expectNamed(page, "/dashboard/discounts/new, categories");
    await page.getByRole("combobox", { name: "Applies to" }).selectOption("Some products");
    await page.getByRole("searchbox", { name: "Search products to add" }).fill("sneakers");
    await page.getByRole("button", { name: /^Add / }).first().click();
    await expect(page.getByRole("list", { name: "Chosen products" }).getByRole("button")).toHaveCount(1);
    await expectNamed(page, "/dashboard/discounts/new, products");

    await page.goto("/dashboard/categories");
    await expectNamed(page, "/dashboard/categories");
    await expectNamedInDialog(
      page,
      "categories",
      page.getByRole("button", { name: "New Category" }),
      "Add Category",
    );

    await page.goto("/dashboard/media");
    await expectNamed(page, "/dashboard/media");
    await page.getByRole("button", { name: "Upload Media" }).click();
    const upload = page.getByRole("dialog");
    await expect(upload.getByRole("heading")).toBeVisible();
    await expectNamed(page, "the upload dialog", upload);
    await page.keyboard.press("Escape");

    await page.goto(`/dashboard/orders/order/${orderId}`);
    await expect(page.getByRole("button", { name: "Change status" })).toBeVisible();
    await expectNamed(page, "the dashboard's order");
    await page.getByRole("button", { name: "Change status" }).click();
    const status = page.getByRole("dialog");
    await expect(status.getByRole("radiogroup", { name: "Order status" })).toBeVisible();
    await expectNamed(page, "the order status dialog", status);
  });
});
