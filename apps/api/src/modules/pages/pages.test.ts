import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { CARD_IMAGE_SIZES, PRODUCT_IMAGE_SIZES, srcSetOf } from "@shop/shared/images";
import { api } from "@shop/shared/messages";
import { SHOP_NAME } from "@shop/shared/site";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { products } from "#api/db/schema/products";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, makeProductWithVariants, sizedVariants } from "#test/catalog";
import { sitemapIndexXml, sitemapPagesXml, sitemapProductsXml } from "./service";

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="default" />
    <title>default</title>
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body>
    <header><a href="/" aria-label="Bazaar home" data-shop-name="label"><span data-shop-name="text">Bazaar</span></a></header>
    <div id="root"></div>
  </body>
</html>`;

/** The build's record of its chunks (vite's `build.manifest`), which the budget check reads. */
const MANIFEST = JSON.stringify({ "src/main.tsx": { file: "assets/index-abc123.js", isEntry: true } });
/** Each storefront page's own code, as the web build lists it (apps/web/vite.config.ts). */
const PAGE_CODE = {
  product: ["assets/product-page-p1.js", "assets/quantity-selector-q1.js"],
  category: ["assets/category-page-c1.js", "assets/pagination-g1.js"],
  search: ["assets/search-page-s1.js", "assets/pagination-g1.js"],
};
const ASSET = `console.log(${JSON.stringify("shop ".repeat(500))});`;

let t: TestApp;
let product: Awaited<ReturnType<typeof makeProduct>>;
let hidden: Awaited<ReturnType<typeof makeProduct>>;
let sized: Awaited<ReturnType<typeof makeProduct>>;
let category: Awaited<ReturnType<typeof makeCategory>>;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), "shop-web-"));
  writeFileSync(path.join(webDist, "index.html"), TEMPLATE);
  mkdirSync(path.join(webDist, "assets"));
  writeFileSync(path.join(webDist, "assets", "index-abc123.js"), ASSET);
  writeFileSync(path.join(webDist, "assets", "index-abc123.js.br"), brotliCompressSync(ASSET));
  writeFileSync(path.join(webDist, "assets", "index-abc123.js.gz"), gzipSync(ASSET));
  mkdirSync(path.join(webDist, ".vite"));
  writeFileSync(path.join(webDist, ".vite", "manifest.json"), MANIFEST);
  writeFileSync(path.join(webDist, ".vite", "page-code.json"), JSON.stringify(PAGE_CODE));
  t = await createTestApp({ WEB_DIST: webDist, PUBLIC_ORIGIN: "https://shop.example" });
  category = await makeCategory(t.database, "Watches");
  const media = await makeMedia(t.database);
  product = await makeProduct(
    t.database,
    { category: category.id, thumbnail: media.id },
    {
      name: `Chrono </script><script>alert(1)</script> "Steel"`,
      price: 250,
      onSale: true,
      salePrice: 199.5,
      stock: 4,
    },
  );
  hidden = await makeProduct(t.database, { category: category.id, thumbnail: media.id }, { isActive: false });
  // S/M/L in Black and Blue; S Black on sale, S Blue sold out, L Blue inactive; the Colour value
  // of every variant tries to close the script.
  const { options, variants = [] } = sizedVariants();
  sized = await makeProductWithVariants(
    t.database,
    { category: category.id, thumbnail: media.id },
    {
      name: "Trail Tee",
      options: options?.map((option) =>
        option.name === "Colour" ? { ...option, values: option.values.map((v) => `${v}</script>`) } : option,
      ),
      variants: variants.map((variant, i) => ({
        ...variant,
        options: { ...variant.options, Colour: `${variant.options.Colour}</script>` },
        ...(i === 0 ? { onSale: true, salePrice: 15 } : {}),
        ...(i === 1 ? { stock: 0 } : {}),
        ...(i === 5 ? { isActive: false } : {}),
      })),
    },
  );
});
afterAll(async () => t.close());

/** The settings the page carries in its meta tag, its attribute's escapes undone. */
function settingsOf(html: string) {
  const match = /<meta name="shop-settings" content="([^"]*)" \/>/.exec(html);
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#39;": "'",
  };
  return match?.[1]
    ? JSON.parse(match[1].replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e] ?? e))
    : undefined;
}

/** The active products as the sitemap lists them: in id order, each with its last change. */
function activeProducts() {
  return t.database.db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
}

/** The addresses a sitemap or sitemap index names, in order. */
function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] as string);
}

function jsonLdOf(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : undefined;
}

describe("the head the server sends with storefront pages", () => {
  it("gives a product page its title, description, Open Graph tags and Product JSON-LD, all inert", async () => {
    const response = await t.app.inject({ method: "GET", url: `/product/${product._id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    const html = response.body;
    expect(html).not.toContain("<title>default</title>");
    expect(html).toContain(
      `<title>Chrono &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Steel&quot; — ${SHOP_NAME}</title>`,
    );
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/product/${product._id}" />`);
    expect(html).toContain('<meta property="og:image" content="https://shop.example/media/');
    // The payload never closes the JSON-LD script early.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(jsonLdOf(html)).toMatchObject({
      "@type": "Product",
      name: product.name,
      offers: { price: "199.50", priceCurrency: "USD", availability: "https://schema.org/InStock" },
    });
    expect(html).toContain('<div id="root"></div>');
  });

  it("describes a product with options as a ProductGroup whose active variants each have an offer", async () => {
    const html = (await t.app.inject({ method: "GET", url: `/product/${sized._id}` })).body;
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const data = jsonLdOf(html);
    const url = `https://shop.example/product/${sized._id}`;
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "Trail Tee",
      url,
      productGroupID: sized._id,
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
    });
    expect(data).not.toHaveProperty("offers");
    const [first, second] = sized.variants;
    expect(data.hasVariant).toHaveLength(5);
    expect(data.hasVariant[0]).toEqual({
      "@type": "Product",
      name: "Trail Tee (Size: S, Colour: Black</script>)",
      sku: first?.sku,
      size: "S",
      color: "Black</script>",
      offers: {
        "@type": "Offer",
        url: `${url}?variant=${first?._id}`,
        priceCurrency: "USD",
        price: "15.00",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
    expect(data.hasVariant[1]).toMatchObject({
      sku: second?.sku,
      offers: { price: "20.00", availability: "https://schema.org/OutOfStock" },
    });
    expect(data.hasVariant.map((v: { sku: string }) => v.sku)).not.toContain(sized.variants[5]?.sku);
  });

  it("lists an option search engines do not know by name as a named value", async () => {
    const framed = await makeProduct(
      t.database,
      { category: category.id, thumbnail: product.thumbnail?._id ?? "" },
      {
        options: [{ name: "Strap", values: ["Steel", "Leather"] }],
        variants: ["Steel", "Leather"].map((value, i) => ({
          sku: `STRAP-${newId()}-${i}`,
          options: { Strap: value },
          price: 100 + i * 20,
          onSale: false,
          stock: 3,
          isActive: true,
        })),
      },
    );
    const data = jsonLdOf((await t.app.inject({ method: "GET", url: `/product/${framed._id}` })).body);
    expect(data.variesBy).toEqual(["Strap"]);
    expect(data.hasVariant[1]).toMatchObject({
      additionalProperty: [{ "@type": "PropertyValue", name: "Strap", value: "Leather" }],
      offers: { price: "120.00" },
    });
  });

  it("writes names holding $&, $`, $' or $1 literally, escaped, pulling nothing else into the head", async () => {
    const dollars = await makeProduct(
      t.database,
      { category: category.id, thumbnail: product.thumbnail?._id ?? "" },
      { name: "Price $& tag $` and $' then $1 <b>" },
    );
    const html = (await t.app.inject({ method: "GET", url: `/product/${dollars._id}` })).body;
    expect(html).toContain(`<title>Price $&amp; tag $\` and $&#39; then $1 &lt;b&gt; — ${SHOP_NAME}</title>`);
    // The template appears once: nothing before or after </head> was copied into it.
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
    expect(html.match(/<meta charset="UTF-8" \/>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(jsonLdOf(html)).toMatchObject({ name: dollars.name });
  });

  it("adds the aggregate rating once a product has reviews", async () => {
    const before = jsonLdOf((await t.app.inject({ method: "GET", url: `/product/${product._id}` })).body);
    expect(before).not.toHaveProperty("aggregateRating");
    const { cookie } = await signedInUser(t);
    const review = await inject(t.app, {
      method: "POST",
      url: `/api/products/${product._id}/reviews`,
      cookie,
      payload: {
        title: "Keeps perfect time",
        rating: 4,
        comment: "Bought it for my father and he wears it every day.",
      },
    });
    expect(review.statusCode).toBe(201);
    const html = (await t.app.inject({ method: "GET", url: `/product/${product._id}` })).body;
    expect(jsonLdOf(html).aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
  });

  it("gives the home and category pages their own titles and no JSON-LD", async () => {
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`<title>${SHOP_NAME}`);
    expect(jsonLdOf(home.body)).toBeUndefined();
    const page = await t.app.inject({ method: "GET", url: `/product-category/${category.slug}` });
    expect(page.body).toContain("<title>Watches");
    expect(page.body).toContain(
      `<link rel="canonical" href="https://shop.example/product-category/${category.slug}" />`,
    );
  });

  it("preloads the API answers each page's first render asks for, and only those", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map(
        (match) => (match[1] as string).replace(/&amp;/g, "&"),
      );
    const home = preloads((await t.app.inject({ method: "GET", url: "/" })).body);
    expect(home).toEqual([
      "/api/products/on-sale?page=1&size=8",
      "/api/products?page=1&size=8&sort=best-selling",
    ]);
    const productPage = preloads(
      (await t.app.inject({ method: "GET", url: `/product/${product._id}` })).body,
    );
    expect(productPage).toEqual([`/api/products/${product._id}`]);
    const categoryUrl = `/product-category/${category.slug}`;
    const categoryPage = preloads((await t.app.inject({ method: "GET", url: categoryUrl })).body);
    expect(categoryPage).toEqual([
      `/api/categories/slug/${category.slug}`,
      `/api/categories/slug/${category.slug}/products?page=1&size=8`,
    ]);
    // Another page of the category than the first: only the category itself is known in advance.
    const secondPage = preloads((await t.app.inject({ method: "GET", url: `${categoryUrl}?page=2` })).body);
    expect(secondPage).toEqual([`/api/categories/slug/${category.slug}`]);
    // Every preloaded path is a public API read that answers.
    for (const url of [...home, ...productPage, ...categoryPage]) {
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    }
    for (const url of [`/product/${hidden._id}`, "/account/profile", "/about", "/nowhere"]) {
      expect(preloads((await t.app.inject({ method: "GET", url })).body)).toEqual([]);
    }
  });

  it("preloads each storefront page's own code with the page, and its largest picture as the page draws it", async () => {
    const page = async (url: string) => (await t.app.inject({ method: "GET", url })).body;
    const modules = (html: string) =>
      [
        ...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)" fetchpriority="low" \/>/g),
      ].map((match) => match[1]);
    const images = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="image"([^>]*) \/>/g)].map((match) => match[1]);

    const productPage = await page(`/product/${product._id}`);
    expect(modules(productPage)).toEqual(PAGE_CODE.product);
    // The thumbnail's renditions and the gallery's sizes, so that the <img> takes the preloaded file.
    const id = product.thumbnail?._id;
    expect(images(productPage)).toEqual([
      ` imagesrcset="/media/images/${id}/320.webp 320w, /media/images/${id}/640.webp 640w" imagesizes="${PRODUCT_IMAGE_SIZES}" fetchpriority="high"`,
    ]);
    const categoryPage = await page(`/product-category/${category.slug}`);
    expect(modules(categoryPage)).toEqual(PAGE_CODE.category);
    const searchPage = await page("/search?keyword=watch");
    expect(modules(searchPage)).toEqual(PAGE_CODE.search);
    expect(images(searchPage)).toEqual([]);
    // A grid's first card (the home page's first grid is the products on sale): its picture as the card draws it.
    const firstCard = async (api: string) => {
      const { thumbnail } = (await t.app.inject({ method: "GET", url: api })).json().data[0];
      return ` imagesrcset="${srcSetOf(thumbnail)}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high"`;
    };
    expect(images(categoryPage)).toEqual([
      await firstCard(`/api/categories/slug/${category.slug}/products?page=1&size=8`),
    ]);
    expect(images(await page("/"))).toEqual([await firstCard("/api/products/on-sale?page=1&size=8")]);
    expect(images(await page(`/product-category/${category.slug}?page=2`))).toEqual([]);
    expect(modules(await page("/"))).toEqual([]);
    // Pages whose code is the app's own, and pages that show no product, preload nothing more.
    for (const url of [
      "/about",
      `/product/${hidden._id}`,
      "/product/0123456789abcdef01234567",
      "/account/profile",
    ]) {
      const html = await page(url);
      expect(modules(html)).toEqual([]);
      expect(images(html)).toEqual([]);
    }
  });

  it("keeps inactive and unknown products, and private areas, out of search engines", async () => {
    for (const url of [
      `/product/${hidden._id}`,
      `/product/${newId()}`,
      "/account/profile",
      "/dashboard/home",
      "/nowhere",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
      expect(response.body).not.toContain(hidden.name);
    }
  });

  it("serves /sitemap.xml as an index naming the pages file and the products files, with their lastmod", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(response.body).not.toContain("<urlset");
    const active = await activeProducts();
    const newest = new Date(Math.max(...active.map((p) => p.updatedAt.getTime())));
    expect(locsOf(response.body)).toEqual([
      "https://shop.example/sitemap-pages.xml",
      "https://shop.example/sitemap-products-1.xml",
    ]);
    expect(response.body).toContain(
      `<loc>https://shop.example/sitemap-products-1.xml</loc><lastmod>${newest.toISOString()}</lastmod>`,
    );
    expect(response.body).toContain(
      `<loc>https://shop.example/sitemap-pages.xml</loc><lastmod>${category.updatedAt.toISOString()}</lastmod>`,
    );
  });

  it("lists the home, the fixed pages and the categories in /sitemap-pages.xml, and no product", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sitemap-pages.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    const locs = locsOf(response.body);
    expect(locs).toContain("https://shop.example/");
    expect(locs).toContain("https://shop.example/about");
    expect(locs).toContain(`https://shop.example/product-category/${category.slug}`);
    expect(locs).not.toContain("https://shop.example/cart");
    expect(locs.filter((loc) => loc.includes("/product/"))).toEqual([]);
    // The pages file keeps to the same limit: the fixed pages first, then as many categories as fit.
    const capped = await sitemapPagesXml(t.database.db, "https://shop.example", { fileUrls: 7 });
    expect(locsOf(capped)).toEqual(locs.slice(0, 7));
  });

  it("lists every active product once in /sitemap-products-1.xml, never inactive ones or variants", async () => {
    const response = await t.app.inject({ method: "GET", url: "/sitemap-products-1.xml" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/xml");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const active = await activeProducts();
    expect(locsOf(response.body)).toEqual(active.map((p) => `https://shop.example/product/${p.id}`));
    expect(response.body).toContain(
      `<loc>https://shop.example/product/${product._id}</loc><lastmod>${active.find((p) => p.id === product._id)?.updatedAt.toISOString()}</lastmod>`,
    );
    expect(response.body).not.toContain(hidden._id);
    // A product with six variants is one entry, never one per variant.
    expect(response.body.match(new RegExp(`/product/${sized._id}<`, "g"))).toHaveLength(1);
    for (const variant of sized.variants) expect(response.body).not.toContain(variant._id);
  });

  it("answers 404 for a products file past the last", async () => {
    const past = await t.app.inject({ method: "GET", url: "/sitemap-products-2.xml" });
    expect(past.statusCode).toBe(404);
    expect(past.headers["cache-control"]).toBeUndefined();
    expect(past.body).not.toContain("<urlset");
    expect((await t.app.inject({ method: "GET", url: "/sitemap-products-99999.xml" })).statusCode).toBe(404);
  });

  it("splits the active products into files of the per-file limit, in id order, each with its newest change", async () => {
    const db = t.database.db;
    const origin = "https://shop.example";
    const refs = { category: category.id, thumbnail: product.thumbnail?._id ?? "" };
    for (let i = 0; i < 4; i += 1) {
      await makeProduct(t.database, refs, { isActive: i !== 1 });
    }
    // An even count of active products, so that two to a file leaves the last file full.
    if ((await activeProducts()).length % 2 === 1) await makeProduct(t.database, refs);
    const active = await activeProducts();
    expect(active.length).toBeGreaterThanOrEqual(6);
    // Two to a file (the last one full), three (the last one short or full), all in one file, and
    // one file short of all.
    for (const fileUrls of [2, 3, active.length, active.length - 1]) {
      const files = Array.from({ length: Math.ceil(active.length / fileUrls) }, (_, i) =>
        active.slice(i * fileUrls, (i + 1) * fileUrls),
      );
      const index = await sitemapIndexXml(db, origin, { fileUrls });
      expect(locsOf(index)).toEqual([
        `${origin}/sitemap-pages.xml`,
        ...files.map((_, i) => `${origin}/sitemap-products-${i + 1}.xml`),
      ]);
      for (const [i, rows] of files.entries()) {
        const newest = new Date(Math.max(...rows.map((p) => p.updatedAt.getTime())));
        expect(index).toContain(
          `<loc>${origin}/sitemap-products-${i + 1}.xml</loc><lastmod>${newest.toISOString()}</lastmod>`,
        );
        const file = await sitemapProductsXml(db, origin, i + 1, { fileUrls });
        expect(locsOf(file)).toEqual(rows.map((p) => `${origin}/product/${p.id}`));
        expect(file).not.toContain(hidden._id);
      }
      await expect(sitemapProductsXml(db, origin, files.length + 1, { fileUrls })).rejects.toMatchObject({
        status: 404,
      });
    }
  });

  it("finds the products files again when the catalogue changes, and never lists a product twice or not at all", async () => {
    const db = t.database.db;
    const origin = "https://shop.example";
    const fileUrls = 2;
    /** The index's products files and each file's addresses, checked against the active products now. */
    const expectFilesOfNow = async () => {
      const active = await activeProducts();
      const files = Array.from({ length: Math.ceil(active.length / fileUrls) }, (_, i) =>
        active.slice(i * fileUrls, (i + 1) * fileUrls),
      );
      const index = await sitemapIndexXml(db, origin, { fileUrls });
      expect(locsOf(index)).toHaveLength(files.length + 1);
      for (const [i, rows] of files.entries()) {
        const newest = new Date(Math.max(...rows.map((p) => p.updatedAt.getTime())));
        expect(index).toContain(
          `<loc>${origin}/sitemap-products-${i + 1}.xml</loc><lastmod>${newest.toISOString()}</lastmod>`,
        );
        const file = await sitemapProductsXml(db, origin, i + 1, { fileUrls });
        expect(locsOf(file)).toEqual(rows.map((p) => `${origin}/product/${p.id}`));
      }
      return active;
    };
    const refs = { category: category.id, thumbnail: product.thumbnail?._id ?? "" };
    await expectFilesOfNow();
    // An edit dates its product; a new product is one more active; a product taken off the shop one fewer.
    await db
      .update(products)
      .set({ name: "Chrono Renamed", updatedAt: new Date() })
      .where(eq(products.id, product._id));
    await expectFilesOfNow();
    const added = await makeProduct(t.database, refs);
    expect((await expectFilesOfNow()).map((p) => p.id)).toContain(added._id);
    await db
      .update(products)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(products.id, added._id));
    expect((await expectFilesOfNow()).map((p) => p.id)).not.toContain(added._id);
    // One product off the shop and an older one back on, neither dated anew: as many active products,
    // the same newest change, yet the first file's range holds one product more than a file may.
    const before = await activeProducts();
    const newestAt = Math.max(...before.map((p) => p.updatedAt.getTime()));
    const off = before.findLast((p) => p.updatedAt.getTime() < newestAt);
    expect(off).toBeDefined();
    expect(hidden._id < (before[1]?.id ?? "")).toBe(true);
    // NOTE: in SQL: drizzle's update would date them.
    const setActive = (id: string, active: boolean) =>
      db.execute(sql`update ${products} set is_active = ${active} where id = ${id}`);
    await setActive(off?.id ?? "", false);
    await setActive(hidden._id, true);
    const listed: string[] = [];
    const index = await sitemapIndexXml(db, origin, { fileUrls });
    for (let file = 1; file < locsOf(index).length; file += 1) {
      const locs = locsOf(await sitemapProductsXml(db, origin, file, { fileUrls }));
      expect(locs.length).toBeLessThanOrEqual(fileUrls);
      listed.push(...locs);
    }
    const active = await expectFilesOfNow();
    expect(listed).toEqual(active.map((p) => `${origin}/product/${p.id}`));
    await setActive(hidden._id, false);
    await setActive(off?.id ?? "", true);
  });

  it("names the shop by PUBLIC_ORIGIN whatever Host a request carries, and caches nothing per Host", async () => {
    const headers = { host: "evil.example", "x-forwarded-host": "evil.example" };
    const pages = await Promise.all(
      [`/product/${product._id}`, "/sitemap.xml", "/robots.txt", `/product-category/${category.slug}`].map(
        (url) => t.app.inject({ method: "GET", url, headers }),
      ),
    );
    for (const page of pages) {
      expect(page.body).toContain("https://shop.example/");
      expect(page.body).not.toContain("evil.example");
    }
    const reads = await Promise.all(
      ["shop.example", "evil.example"].map((host) =>
        t.app.inject({ method: "GET", url: `/api/products/${product._id}`, headers: { host } }),
      ),
    );
    expect(reads[0]?.body).toBe(reads[1]?.body);
    for (const read of reads) expect(String(read.headers.vary ?? "").toLowerCase()).not.toContain("host");
  });

  it("serves robots.txt pointing at the sitemap and away from private areas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.body).toContain("Sitemap: https://shop.example/sitemap.xml");
    expect(response.body).toContain("Disallow: /dashboard/");
  });

  it("serves built assets pre-compressed, with immutable caching", async () => {
    const url = "/assets/index-abc123.js";
    const br = await t.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it("compresses the pages it writes, and answers 404 to an unknown API read rather than a page", async () => {
    const url = `/product/${product._id}`;
    const plain = await t.app.inject({ method: "GET", url });
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-type"]).toContain("text/html");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const unknown = await t.app.inject({ method: "GET", url: "/api/nowhere" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: api.routeNotFound });
  });

  it("keeps the build's own records (its dot folders) out of what it serves", async () => {
    const res = await t.app.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).not.toContain("src/main.tsx");
  });

  it("carries the shop's name and currency for the app's first paint, SPEC's until the owner sets them", async () => {
    for (const url of ["/", `/product/${product._id}`, "/account/profile", "/nowhere"]) {
      const html = (await t.app.inject({ method: "GET", url })).body;
      expect(settingsOf(html)).toEqual({
        store: {
          name: SHOP_NAME,
          legalName: SHOP_NAME,
          address: t.config.storeAddress,
          email: t.config.storeEmail,
          phone: t.config.storePhone,
        },
        currency: { code: "USD", locale: "en-US" },
      });
      expect(html).toContain(`<a href="/" aria-label="${SHOP_NAME} home" data-shop-name="label">`);
    }
  });

  it("carries the store's legal name, postal address, email and phone as the owner saved them, for the footer and the contact page", async () => {
    const admin = await signedInUser(t, "admin");
    const put = (payload: object) =>
      inject(t.app, { method: "PUT", url: "/api/settings/store", cookie: admin.cookie, payload });
    const { store } = (
      await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie })
    ).json().data;
    const saved = {
      name: "Kapda House",
      legalName: "Kapda House Textiles LLP",
      address: "12 Residency Road, Bengaluru 560025, Karnataka, India",
      email: "hello@kapda.example",
      phone: "+91 80 4123 4567",
    };
    expect((await put({ ...store, ...saved })).statusCode).toBe(200);
    try {
      for (const url of ["/", "/contact"]) {
        const html = (await t.app.inject({ method: "GET", url })).body;
        expect(settingsOf(html).store).toEqual(saved);
        expect(html).not.toContain("Maker Chambers");
      }
      const config = (await t.app.inject({ method: "GET", url: "/api/config" })).json().data;
      expect(config.store).toEqual(saved);
    } finally {
      await put(store);
    }
  });

  it("names every page, and the header bar it paints, with the owner's name, and prices offers in the owner's currency", async () => {
    const admin = await signedInUser(t, "admin");
    const put = (section: string, payload: object) =>
      inject(t.app, { method: "PUT", url: `/api/settings/${section}`, cookie: admin.cookie, payload });
    const settings = await inject(t.app, { method: "GET", url: "/api/settings", cookie: admin.cookie });
    const { store, currency } = settings.json().data;
    const name = `Kapda </script> & "Sons" $&`;
    expect((await put("store", { ...store, name })).statusCode).toBe(200);
    expect((await put("currency", { code: "INR", locale: "en-IN" })).statusCode).toBe(200);
    try {
      const escaped = "Kapda &lt;/script&gt; &amp; &quot;Sons&quot; $&amp;";
      const home = (await t.app.inject({ method: "GET", url: "/" })).body;
      expect(home).toContain(`<title>${escaped} — clothing, shoes and watches</title>`);
      expect(home).toContain(`<a href="/" aria-label="${escaped} home" data-shop-name="label">`);
      expect(home).toContain(`<span data-shop-name="text">${escaped}</span>`);
      expect(settingsOf(home)).toEqual({
        store: {
          name,
          legalName: store.legalName,
          address: store.address,
          email: store.email,
          phone: store.phone,
        },
        currency: { code: "INR", locale: "en-IN" },
      });

      const page = (await t.app.inject({ method: "GET", url: `/product/${product._id}` })).body;
      expect(page).toContain(`— ${escaped}</title>`);
      expect(page.match(/<\/script>/g)).toHaveLength(2);
      expect(jsonLdOf(page).offers).toMatchObject({ price: "199.50", priceCurrency: "INR" });
      const url = `/product-category/${category.slug}`;
      const categoryPage = (await t.app.inject({ method: "GET", url })).body;
      expect(categoryPage).toContain(`<title>Watches — ${escaped}</title>`);
      expect(categoryPage).toContain(`products at ${escaped}.`);
      expect((await t.app.inject({ method: "GET", url: "/account/profile" })).body).toContain(
        `<title>${escaped}</title>`,
      );
    } finally {
      await put("store", store);
      await put("currency", currency);
    }
  });

  it("still answers unknown API paths with JSON", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});
