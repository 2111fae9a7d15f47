import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { firstProduct, productByName } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { gotoSettled } from "./support/pages";

// Every page of the shop, checked by axe in Chromium: no serious or critical violation.
async function serious(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

test("storefront and auth pages have no serious accessibility violations", async ({ page }) => {
  // Eighteen pages, each loaded and analysed: more than one journey's time on a busy machine.
  test.slow();
  const product = `/product/${(await firstProduct(page.request))._id}`;
  // A product sold in sizes, some sold out: its page has the size selector.
  const sized = `/product/${(await productByName(page.request, "Trail Running Shoes"))._id}`;
  const categories = await (await page.request.get("/api/categories")).json();
  for (const path of [
    "/",
    product,
    sized,
    `/product-category/${categories.data[0].slug}`,
    "/search?keyword=watch",
    "/sale",
    "/cart",
    // Opened from an abandoned-checkout reminder while signed out: the sign-in prompt.
    "/cart?reminder=a1a1a1a1a1a1a1a1a1a1a1a1",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/no-such-page",
    "/auth/login",
    "/auth/register",
    "/auth/forgot-password",
    "/auth/reset-password?token=from-the-link",
    "/unsubscribe?token=from-the-link",
  ]) {
    await gotoSettled(page, path);
    expect(await serious(page), path).toEqual([]);
  }
});

test.describe("signed in as the shopper", () => {
  test.use({ signedInAs: "shopper" });

  test("account pages have no serious accessibility violations", async ({ page }) => {
    for (const path of ["/account/profile", "/account/shipping"]) {
      await gotoSettled(page, path);
      expect(await serious(page), path).toEqual([]);
    }
  });
});

test.describe("signed in as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("dashboard pages have no serious accessibility violations", async ({ page }) => {
    // Thirteen pages, each loaded and analysed.
    test.slow();
    for (const path of [
      "/dashboard/home",
      "/dashboard/orders",
      "/dashboard/orders/pending",
      "/dashboard/payments",
      "/dashboard/products",
      "/dashboard/products/new",
      "/dashboard/categories",
      "/dashboard/customers",
      "/dashboard/media",
      "/dashboard/disputes",
      "/dashboard/emails",
      "/dashboard/activity",
      "/dashboard/discounts",
      "/dashboard/discounts/new",
    ]) {
      await gotoSettled(page, path);
      expect(await serious(page), path).toEqual([]);
    }
  });
});
