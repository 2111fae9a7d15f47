import type { Locator, Page } from "@playwright/test";
import { ORDER_LIMITS, RECENTLY_VIEWED_DELAY_MS } from "@shop/shared/constants";
import { api as apiMessages, crash, empty, errors, stock, successes, warnings } from "@shop/shared/messages";
import { pageTitle } from "@shop/shared/site";
import { SHOPPER } from "./support/accounts";
import { submitLogin } from "./support/auth-forms";
import { cartLink, type ProductRow, productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { openCategoriesMenu } from "./support/pages";
import { expectToast, toast } from "./support/toasts";

const PRODUCT = "Everyday Canvas Sneakers";
/** Sold in UK sizes 6 to 11: Add to cart needs one. */
const SIZE = "UK 9";
/** Sold without options. */
const PLAIN_PRODUCT = "Everyday Laptop Backpack";

/** The id of an active product, found by name through the API. */
async function productIdByName(page: Page, name: string): Promise<string> {
  return (await productByName(page.request, name))._id;
}

test("a shopper goes from home through a category to a product, adds it to the cart, finds it again with a typo and reviews it", async ({
  page,
  api,
}) => {
  // The demo shopper may have reviewed this product already (the seed gives it some reviews):
  // take that review away, so that this journey's review is the shopper's only one.
  const productId = await productIdByName(page, PRODUCT);
  await (await api.as("shopper")).delete(`/api/products/${productId}/reviews`);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 2, name: "On sale" })).toBeVisible();
  await expect(cartLink(page, 0)).toBeVisible();

  // The product page's code is not part of the first load: it is fetched on the shopper's intent.
  const productCode = page.waitForRequest(/\/assets\/product-page-[\w-]+\.js$/);

  // Home → category, from the header's dropdown (name and product count).
  await openCategoriesMenu(page);
  await page.getByRole("link", { name: /^Shoes \d+ products$/ }).click();
  await expect(page).toHaveURL("/product-category/shoes");
  await expect(page.getByRole("heading", { level: 1, name: "Shoes" })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle("Shoes"));

  // Category → product: with the pointer over its link, the page's code is asked for before the click.
  await page.getByRole("link", { name: PRODUCT }).hover();
  await productCode;
  await page.getByRole("link", { name: PRODUCT }).click();
  await expect(page).toHaveURL(`/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
  await expect(page).toHaveTitle(pageTitle(PRODUCT));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^Low-top canvas sneakers/,
  );
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Shoes" })).toHaveAttribute(
    "href",
    "/product-category/shoes",
  );
  await expect(breadcrumb.getByText(PRODUCT)).toHaveAttribute("aria-current", "page");

  // Add two to the cart: the toast names the quantity and the header count follows.
  await page.getByRole("radio", { name: SIZE, exact: true }).check();
  const quantity = page.getByRole("group", { name: "Quantity" });
  await expect(quantity.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await quantity.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expectToast(page, successes.addedToCart(2));
  await expect(cartLink(page, 2)).toBeVisible();

  // A misspelt search still finds the product.
  const search = page.getByRole("combobox", { name: "Search products" });
  await search.fill("snekers");
  await search.press("Enter");
  await expect(page).toHaveURL("/search?keyword=snekers");
  await expect(page.getByRole("heading", { level: 1, name: "Search results for “snekers”" })).toBeVisible();
  await page.getByRole("link", { name: PRODUCT }).click();
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();

  // Signed out, the review form is replaced by an invitation to log in, which comes back here.
  await expect(page.getByText(warnings.loginToReview)).toBeVisible();
  await page.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(`/product/${productId}`)}`);
  await submitLogin(page, SHOPPER);
  await expect(page).toHaveURL(`/product/${productId}`);
  // The cart survived signing in: it lives in this browser.
  await expect(cartLink(page, 2)).toBeVisible();

  // An empty form is refused in the browser with the SPEC messages.
  const form = page.getByRole("form", { name: "Write a review" });
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByText("This must be a number.")).toBeVisible();
  await expect(form.getByText("This is required.")).toHaveCount(2);

  const title = `Comfortable from day one ${Date.now()}`;
  await form.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "4 stars" }).check();
  await form.getByLabel("Title").fill(title);
  await form
    .getByLabel("Comment")
    .fill("Light, comfortable and easy to clean. <b>Bold</b> stays plain text.");
  await form.getByRole("button", { name: "Submit review" }).click();
  await expectToast(page, successes.review);

  const reviews = page.getByRole("list", { name: "Reviews" });
  const review = reviews.getByRole("article", { name: "Review by Sam Shopper" }).filter({ hasText: title });
  await expect(review).toBeVisible();
  // Shopper text is shown as text, never as markup.
  await expect(review.getByText("<b>Bold</b> stays plain text.")).toBeVisible();
  await expect(review.locator("b")).toHaveCount(0);

  // A second review of the same product is refused with the server's message.
  await form.getByRole("radiogroup", { name: "Rating" }).getByRole("radio", { name: "5 stars" }).check();
  await form.getByLabel("Title").fill("Changed my mind about these");
  await form.getByLabel("Comment").fill("Writing a second review should not be possible at all.");
  await form.getByRole("button", { name: "Submit review" }).click();
  await expectToast(page, apiMessages.reviewExists);
});

test("the product page counts what the cart holds against the stock", async ({ page }) => {
  // Stock 7 in the demo catalogue (sold without options): the low-stock warning shows, and plus
  // stops at 7 minus the cart.
  const productId = await productIdByName(page, "Pilot Chronograph Watch");
  await page.goto(`/product/${productId}`);
  await expect(page.getByText(stock.lowStock(7))).toBeVisible();

  const quantity = page.getByRole("group", { name: "Quantity" });
  const plus = quantity.getByRole("button", { name: "Increase quantity" });
  for (let i = 0; i < 4; i++) await plus.click();
  await expect(quantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("5");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 5)).toBeVisible();

  // Two are left: the quantity starts again at 1 and plus stops at 2.
  await expect(quantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  await plus.click();
  await expect(quantity.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("2");
  await expect(plus).toBeDisabled();
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(cartLink(page, 7)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await expect(page.getByText(stock.allInCart(7))).toBeVisible();

  // An out-of-stock product cannot be added at all.
  const soldOut = await productIdByName(page, "Roll-Top Commuter Backpack");
  await page.goto(`/product/${soldOut}`);
  await expect(page.getByText(stock.outOfStock, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
});

/**
 * With the page's clock paused, moves it on a frame (16 ms) at a time until the locator shows: the
 * page's own timers and frames run (the query cache batches its updates with timers, React renders
 * deferred parts in tasks of their own), yet little time passes.
 */
async function tickUntilVisible(page: Page, locator: Locator) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(16);
        return locator.isVisible();
      },
      { intervals: [50] },
    )
    .toBe(true);
}

test("a product is recorded as recently viewed one second after its page is shown, and not if the shopper leaves sooner", async ({
  page,
}) => {
  const kept = await productIdByName(page, "Suede Court Sneakers");
  const left = await productIdByName(page, "Digital Sports Watch");
  const start = new Date("2026-01-15T10:00:00Z").getTime();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);

  const recommended = page.getByRole("heading", { name: "Recommended" });
  const recentHeading = page.getByRole("heading", { name: "Recently viewed" });
  const breadcrumbHome = page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Home" });

  await page.goto("/");
  await tickUntilVisible(page, recommended);
  await expect(recentHeading).toHaveCount(0);

  // Leaving before the second is up records nothing.
  await page.goto(`/product/${left}`);
  await tickUntilVisible(page, page.getByRole("heading", { level: 1, name: "Digital Sports Watch" }));
  await page.clock.runFor(RECENTLY_VIEWED_DELAY_MS - 200);
  await breadcrumbHome.click();
  await tickUntilVisible(page, recommended);
  await page.clock.runFor(RECENTLY_VIEWED_DELAY_MS * 2);
  await expect(recentHeading).toHaveCount(0);

  // Staying for the second records the product.
  const onSaleLink = page
    .getByRole("region", { name: "On sale" })
    .getByRole("link", { name: "Suede Court Sneakers" });
  await tickUntilVisible(page, onSaleLink);
  await onSaleLink.click();
  await expect(page).toHaveURL(`/product/${kept}`);
  await tickUntilVisible(page, page.getByRole("heading", { level: 1, name: "Suede Court Sneakers" }));
  await page.clock.runFor(RECENTLY_VIEWED_DELAY_MS);
  await breadcrumbHome.click();

  // The clock is paused: the region's cards render a task after its heading, as the clock ticks.
  const recent = page.getByRole("region", { name: "Recently viewed" });
  await tickUntilVisible(page, recent.getByRole("link", { name: "Suede Court Sneakers" }));
  await expect(recent.getByRole("listitem")).toHaveCount(1);
});

test("an inactive product's page says it is not available, an unknown one that it is not found", async ({
  page,
  api,
}) => {
  const admin = await api.as("admin");
  const inactive = (await (await admin.get("/api/products/inactive")).json()) as { data: ProductRow[] };
  const product = inactive.data[0];
  if (!product) throw new Error("the demo catalogue has no inactive product");

  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole("heading", { level: 1, name: errors.productNotAvailable })).toBeVisible();
  await expect(page.getByRole("heading", { name: product.name })).toHaveCount(0);

  await page.goto("/product/0123456789abcdef01234567");
  await expect(page.getByRole("heading", { level: 1, name: errors.productNotFound })).toBeVisible();
  await page.goto("/product/not-an-id");
  await expect(page.getByRole("heading", { level: 1, name: errors.productNotFound })).toBeVisible();
});

test("search paging keeps the page and the page size in the address", async ({ page }) => {
  // "wach" is one typo from "watch" and from "wash": the ten watches and two tees, two pages of 8.
  await page.goto("/search?keyword=wach");
  const paging = page.getByRole("navigation", { name: "Pagination" });
  const grid = page.getByRole("main").getByRole("list").first();
  await expect(paging.getByText("Page 1 of 2")).toBeVisible();
  await expect(grid.getByRole("listitem")).toHaveCount(8);
  await expect(paging.getByRole("button", { name: "Previous page" })).toHaveCount(0);

  await paging.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/search\?/);
  const params = () => new URL(page.url()).searchParams;
  await expect.poll(() => params().get("page")).toBe("2");
  expect(params().get("size")).toBe("8");
  expect(params().get("keyword")).toBe("wach");
  await expect(paging.getByText("Page 2 of 2")).toBeVisible();
  await expect(grid.getByRole("listitem")).toHaveCount(4);
  await expect(paging.getByRole("button", { name: "Next page" })).toHaveCount(0);

  // A new size goes back to page 1.
  await paging.getByLabel("Items per page").selectOption("20");
  await expect.poll(() => params().get("size")).toBe("20");
  expect(params().get("page")).toBe("1");
  await expect(paging.getByText("Page 1 of 1")).toBeVisible();
  await expect(grid.getByRole("listitem")).toHaveCount(12);

  // The address alone restores the list.
  await page.reload();
  await expect(paging.getByLabel("Items per page")).toHaveValue("20");
  await expect(paging.getByText("Page 1 of 1")).toBeVisible();
  await page.goBack();
  await expect(paging.getByText("Page 2 of 2")).toBeVisible();
});

test("malformed data in local storage takes no page down: what is malformed is dropped, what is whole is kept", async ({
  page,
}) => {
  const sneakers = await productByName(page.request, PLAIN_PRODUCT);
  await page.addInitScript(
    ({ product }) => {
      // Only once: the pages' own writes must stay.
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      const stored = (state: unknown) => JSON.stringify({ state, version: 1 });
      const line = {
        product: {
          _id: product._id,
          name: product.name,
          thumbnail: null,
          price: product.price,
          onSale: product.onSale,
          salePrice: product.salePrice,
          stock: product.stock,
          isActive: true,
        },
        quantity: 1,
      };
      localStorage.setItem(
        "shop-cart",
        stored({ items: [line, { product: { _id: 7 } }, { quantity: "two" }, null], address: { name: 3 } }),
      );
      localStorage.setItem("shop-recently-viewed", stored({ products: [{ _id: "x", reviews: "many" }, 5] }));
      localStorage.setItem("shop-session", stored({ user: { id: 1, name: "Mallory", role: "owner" } }));
    },
    { product: sneakers },
  );

  for (const path of ["/", "/cart", `/product/${sneakers._id}`, "/sale"]) {
    await page.goto(path);
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("heading", { name: crash.title })).toHaveCount(0);
  }
  // The whole line is kept, the broken ones dropped; no one is signed in.
  await expect(cartLink(page, 1)).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: PLAIN_PRODUCT })).toBeVisible();
  await expect(page.getByText(empty.cart)).toHaveCount(0);
});

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px Add to cart is on the first screen, its toast leaves the cart badge free, and the cart takes a typed quantity up to the limit per line`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const sneakers = await productByName(page.request, PRODUCT);
    expect(sneakers.stock).toBeGreaterThan(ORDER_LIMITS.maxQuantityPerLine);
    await page.goto(`/product/${sneakers._id}`);
    await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();

    // Reachable without scrolling past the gallery: on the first screen as the page opens.
    const add = page.getByRole("button", { name: "Add to cart" });
    const box = await add.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // A size, then the quantity, typed.
    await page.getByRole("radio", { name: SIZE, exact: true }).check();
    const quantity = page.getByRole("main").getByRole("group", { name: "Quantity" });
    await quantity.getByRole("spinbutton", { name: "Quantity" }).fill("3");
    await add.click();
    const added = toast(page, successes.addedToCart(3));
    // Measured once it has slid in and settled.
    await expect(added).toBeInViewport({ ratio: 1 });
    await page.waitForTimeout(1000);
    const badge = await cartLink(page, 3).boundingBox();
    const shown = await added.boundingBox();
    expect(badge && shown && !overlaps(badge, shown)).toBe(true);

    // In the cart, a typed quantity is kept to the limit per line (the size's stock is 14).
    await page.goto("/cart");
    const line = page.getByRole("group", { name: `Quantity of ${PRODUCT}` });
    const field = line.getByRole("spinbutton", { name: "Quantity" });
    await expect(field).toHaveValue("3");
    await field.fill("50");
    await expect(field).toHaveValue(String(ORDER_LIMITS.maxQuantityPerLine));
    await expect(cartLink(page, ORDER_LIMITS.maxQuantityPerLine)).toBeVisible();
    await field.fill("4");
    await field.blur();
    await expect(cartLink(page, 4)).toBeVisible();
    await expect(line.getByRole("button", { name: "Increase quantity" })).toBeEnabled();
  });
}
