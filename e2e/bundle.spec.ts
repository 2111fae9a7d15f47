import { expect, test } from "@playwright/test";

// The storefront must never make a visitor download the dashboard: its code lives in lazy
// chunks that only the dashboard routes load.
test("the storefront's first page load fetches no dashboard code", async ({ page }) => {
  const scripts: { url: string; body: string }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() === "script") {
      scripts.push({ url: response.url(), body: await response.text() });
    }
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("banner")).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  for (const { url, body } of scripts) {
    expect(url).not.toMatch(/dashboard|sidebar|orders-page|products-page|media-page|customers-page/i);
    // Strings only the dashboard's own components carry.
    expect(body).not.toContain("Close sidebar");
    expect(body).not.toContain("Ready to Ship");
  }

  // And the dashboard chunk does exist: opening the dashboard as admin loads it.
  const dashboardScripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") dashboardScripts.push(request.url());
  });
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Login as admin" }).click();
  await page.getByRole("button", { name: "Login", exact: true }).click();
  // Signed in once the login page has sent the admin back where they came from.
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/dashboard/home");
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  expect(dashboardScripts.some((url) => /dashboard-layout/.test(url))).toBe(true);
});
