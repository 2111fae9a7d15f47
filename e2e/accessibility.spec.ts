import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

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

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

async function firstProductPath(page: Page) {
  const list = await (await page.request.get("/api/products?size=1")).json();
  return `/product/${list.data[0]._id}`;
}

test("storefront and auth pages have no serious accessibility violations", async ({ page }) => {
  const product = await firstProductPath(page);
  const categories = await (await page.request.get("/api/categories")).json();
  for (const path of [
    "/",
    product,
    `/product-category/${categories.data[0].slug}`,
    "/search?keyword=watch",
    "/sale",
    "/cart",
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/no-such-page",
    "/auth/login",
    "/auth/register",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await serious(page), path).toEqual([]);
  }
});

test("account pages have no serious accessibility violations", async ({ page }) => {
  await signIn(page, "shopper@example.com", "Shopper@123");
  for (const path of ["/account/profile", "/account/shipping"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await serious(page), path).toEqual([]);
  }
});

test("dashboard pages have no serious accessibility violations", async ({ page }) => {
  await signIn(page, "admin@example.com", "Admin@123");
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
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await serious(page), path).toEqual([]);
  }
});
