import type { Response } from "@playwright/test";
import { firstProduct } from "./support/catalogue";
import { expect, test } from "./support/fixtures";
import { gotoSettled } from "./support/pages";

/** A string in zod's own code (the name of its base type), kept through minification. */
const ZOD_MARKER = "$ZodType";

// The storefront must never make a visitor download the dashboard: its code lives in lazy
// chunks that only the dashboard routes load.
test("the storefront's first page load fetches no dashboard code", async ({ page }) => {
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === "script") responses.push(response);
  };
  page.on("response", collect);
  await gotoSettled(page, "/");
  await expect(page.getByRole("banner")).toBeVisible();
  page.off("response", collect);
  // Bodies are read while the home page is still open: a later navigation discards them.
  const scripts = await Promise.all(responses.map(async (r) => ({ url: r.url(), body: await r.text() })));

  expect(scripts.length).toBeGreaterThan(0);
  for (const { url, body } of scripts) {
    expect(url).not.toMatch(/dashboard|sidebar|orders-page|products-page|media-page|customers-page/i);
    // Strings only the dashboard's own components carry.
    expect(body).not.toContain("Close sidebar");
    expect(body).not.toContain("Ready to Ship");
    // Nor zod (docs/decisions/008): forms and checked storage load it when they need it. A value
    // imported from a module of @shop/shared/schemas brings all of zod (about 29 KB gzip) along.
    expect(body.includes(ZOD_MARKER), `${url} carries zod`).toBe(false);
  }
});

// The marker the storefront's test looks for is real: the sign-in form's code, which checks its
// fields with zod, carries it (a zod release that renamed it would fail here, not pass above unseen).
test("the sign-in page's code carries zod's marker", async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text());
  });
  await gotoSettled(page, "/auth/login");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
  const scripts = await Promise.all(bodies);
  expect(scripts.some((body) => body.includes(ZOD_MARKER))).toBe(true);
});

test.describe("signed in as the admin", () => {
  test.use({ signedInAs: "admin" });

  // The names the storefront's test looks for are real: the dashboard's chunk carries one.
  test("opening the dashboard loads its own chunk", async ({ page }) => {
    const dashboardScripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") dashboardScripts.push(request.url());
    });
    await page.goto("/dashboard/home");
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
    expect(dashboardScripts.some((url) => /dashboard-layout/.test(url))).toBe(true);
  });
});

// The server writes a product page's own code and its first picture into the page's head
// (apps/api/src/modules/pages): both come with the page, and the picture the gallery then draws is
// the one preloaded, not a second rendition (the link's `imagesrcset` and `imagesizes` are the <img>'s).
test("a product page's code and first picture come with the page, the picture fetched once", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const product = await firstProduct(request);
  const pictures: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes(`/media/images/${product.thumbnail._id}/`)) pictures.push(sent.url());
  });
  const response = await page.goto(`/product/${product._id}`);
  const head = (await response?.text()) ?? "";
  const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(preloaded.some((href) => /\/assets\/product-page-[\w-]+\.js$/.test(href ?? ""))).toBe(true);
  expect(head).toMatch(
    /<link rel="preload" as="image" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high" \/>/,
  );

  // Named by the product, or "<name>, picture 1 of 3" when it has a gallery.
  const picture = page.getByRole("img", { name: product.name }).first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shown = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  // The main picture in one rendition, the one on screen (the thumbnails below draw smaller ones).
  const large = pictures.filter((url) => !/\/(?:160|320)\.webp$/.test(url));
  expect(large).toEqual([shown]);
});
