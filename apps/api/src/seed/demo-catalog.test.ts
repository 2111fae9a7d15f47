import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LOW_STOCK_THRESHOLD, ORDER_STATUSES, PRODUCT_DESCRIPTION_MIN } from "@shop/shared/constants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#api/config";
import type { DatabaseHandle } from "#api/db/client";
import { categories } from "#api/db/schema/categories";
import { media } from "#api/db/schema/media";
import { orderEvents, orders, payments as paymentsTable } from "#api/db/schema/orders";
import { productGallery, products, productVariants } from "#api/db/schema/products";
import { refunds } from "#api/db/schema/refunds";
import { reviews } from "#api/db/schema/reviews";
import { users } from "#api/db/schema/users";
import { recordSupplier, supplierOf } from "#api/modules/invoices/service";
import { listProducts } from "#api/modules/products/service";
import { defaultSettings } from "#api/modules/settings/service";
import { dashboardStats, salesByDay } from "#api/modules/stats/service";
import { LocalStorage } from "#api/storage/local";
import { createTestDatabase } from "#test/db";
import { seedDemoShop } from "./demo";
import { seedDemoAccounts } from "./demo-accounts";
import { seedDemoCatalog } from "./demo-catalog";
import { DEMO_PRODUCTS } from "./demo-catalog-data";

let database: DatabaseHandle;
let mediaDir: string;
let seconds = 0;
/** What the seed said as it went (the server logs it on a first start). */
const progress: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = mkdtempSync(path.join(tmpdir(), "shop-seed-media-"));
  await seedDemoAccounts(database.db);
  // As seedDemoShop does: the store the demo's documents state, from the configuration's defaults.
  await recordSupplier(database.db, supplierOf(defaultSettings(parseConfig({ NODE_ENV: "test" })).store));
  const started = performance.now();
  expect(
    await seedDemoCatalog(database.db, new LocalStorage(mediaDir), {
      progress: (line) => progress.push(line),
    }),
  ).toBe(true);
  seconds = (performance.now() - started) / 1000;
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

describe("the demo catalogue", () => {
  it("says its progress as it goes, so that a first start never looks hung: products, pictures, orders, done", () => {
    const productCount = DEMO_PRODUCTS.length;
    expect(progress[0]).toBe(
      `seeding the demo: ${productCount} products, their pictures, reviews and orders…`,
    );
    expect(progress).toContain(`seeding the demo: ${productCount} products saved; orders next…`);
    expect(
      progress.filter((line) => /^seeding the demo: orders \d+ of \d+…$/.test(line)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toMatch(/^seeding the demo: done in \d+\.\d s$/);
    expect(progress.length).toBeGreaterThanOrEqual(6);
  });

  it("has the SPEC categories and at least 48 products with real descriptions and prices", async () => {
    console.info(`demo catalogue seeded in ${seconds.toFixed(1)} s`);
    const slugs = (await database.db.select().from(categories)).map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(["clothing", "shoes", "watches", "bags", "accessories"]));
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(48);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.description.length).toBeGreaterThan(PRODUCT_DESCRIPTION_MIN);
      expect(p.price).toBeGreaterThan(0);
      if (p.onSale) expect(p.salePrice).toBeGreaterThan(0);
      if (p.onSale) expect(p.salePrice).toBeLessThan(p.price);
      else expect(p.salePrice).toBe(0);
    }
    const active = rows.filter((p) => p.isActive);
    expect(active.filter((p) => p.onSale).length).toBeGreaterThanOrEqual(8);
    expect(active.filter((p) => p.stock > 0 && p.stock <= LOW_STOCK_THRESHOLD).length).toBeGreaterThanOrEqual(
      3,
    );
    expect(active.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((p) => !p.isActive).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((p) => p.soldCount)).size).toBeGreaterThan(rows.length / 2);
  });

  it("sells shoes in UK sizes 6 to 11 and clothing in XS to XXL (some in two colours); watches in one variant", async () => {
    const rows = await database.db.select().from(products);
    const variants = await database.db.select().from(productVariants);
    const categoryRows = await database.db.select().from(categories);
    const slugOf = new Map(categoryRows.map((c) => [c.id, c.slug]));
    const sizesOf = (p: (typeof rows)[number]) => p.options.find((o) => o.name === "Size")?.values;
    const variantsOf = (p: (typeof rows)[number]) => variants.filter((v) => v.productId === p.id);
    for (const p of rows) {
      const own = variantsOf(p);
      const slug = slugOf.get(p.categoryId);
      if (slug === "shoes") expect(sizesOf(p)).toEqual(["UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11"]);
      if (slug === "clothing") expect(sizesOf(p)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
      if (slug === "watches") {
        expect(p.options).toEqual([]);
        expect(own.map((v) => v.options)).toEqual([{}]);
      }
      // One variant per combination; the product's stock is the sum and its price the cheapest.
      expect(own).toHaveLength(p.options.reduce((n, o) => n * o.values.length, 1));
      expect(p.stock).toBe(own.reduce((sum, v) => sum + v.stock, 0));
      expect(p.price).toBe(Math.min(...own.map((v) => v.price)));
    }
    const clothing = rows.filter((p) => slugOf.get(p.categoryId) === "clothing");
    expect(
      clothing.filter((p) => p.options.some((o) => o.name === "Colour" && o.values.length === 2)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    // Products in stock with sold-out sizes and low sizes, so the selector's states can be seen.
    const shoesInStock = rows.filter(
      (p) => p.isActive && p.stock > 0 && slugOf.get(p.categoryId) === "shoes",
    );
    const soldOutSizes = shoesInStock.flatMap(variantsOf).filter((v) => v.stock === 0);
    const lowSizes = shoesInStock
      .flatMap(variantsOf)
      .filter((v) => v.stock > 0 && v.stock <= LOW_STOCK_THRESHOLD);
    expect(soldOutSizes.length).toBeGreaterThanOrEqual(3);
    expect(lowSizes.length).toBeGreaterThanOrEqual(3);
    // Some sizes cost more: those products' pages say "from".
    expect(
      rows.filter((p) => new Set(variantsOf(p).map((v) => v.price)).size > 1).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it("gives every product a generated picture stored as WebP renditions, and a gallery of 1 to 3", async () => {
    const rows = await database.db.select().from(products);
    const pictures = await database.db.select().from(media);
    const byId = new Map(pictures.map((m) => [m.id, m]));
    for (const p of rows) {
      const thumbnail = p.thumbnailId ? byId.get(p.thumbnailId) : undefined;
      expect(thumbnail).toBeDefined();
      for (const width of thumbnail?.widths ?? []) {
        expect(existsSync(path.join(mediaDir, thumbnail?.storageKey ?? "", `${width}.webp`))).toBe(true);
      }
      const gallery = await database.db
        .select()
        .from(productGallery)
        .where(eq(productGallery.productId, p.id));
      expect(gallery.length).toBeGreaterThanOrEqual(1);
      expect(gallery.length).toBeLessThanOrEqual(3);
    }
  });

  it("shows in each product's gallery only that product's own pictures, its thumbnail first", async () => {
    const rows = await database.db.select().from(products);
    const links = await database.db.select().from(productGallery);
    const owners = new Map<string, Set<string>>();
    const own = (mediaId: string | null, productId: string) => {
      if (!mediaId) return;
      owners.set(mediaId, (owners.get(mediaId) ?? new Set()).add(productId));
    };
    for (const p of rows) own(p.thumbnailId, p.id);
    for (const link of links) own(link.mediaId, link.productId);
    for (const [mediaId, productIds] of owners) {
      expect(productIds.size, `picture ${mediaId} is shown by ${productIds.size} products`).toBe(1);
    }
    for (const p of rows) {
      const gallery = links.filter((link) => link.productId === p.id).map((link) => link.mediaId);
      expect(gallery).toContain(p.thumbnailId);
    }
    expect(links.length).toBeGreaterThan(rows.length);
  });

  it("has reviews from the demo reviewers and the demo shopper, with matching rating aggregates", async () => {
    const all = await database.db.select().from(reviews);
    expect(all.length).toBeGreaterThanOrEqual(30);
    const authors = new Set(all.map((r) => r.userId));
    expect(authors.size).toBeGreaterThanOrEqual(4);
    const [shopper] = await database.db.select().from(users).where(eq(users.email, "shopper@example.com"));
    expect(authors.has(shopper?.id ?? "")).toBe(true);
    for (const p of await database.db.select().from(products)) {
      const own = all.filter((r) => r.productId === p.id);
      expect(p.ratingCount).toBe(own.length);
      const average = own.length ? own.reduce((sum, r) => sum + r.rating, 0) / own.length : 0;
      expect(p.ratingAverage).toBeCloseTo(average, 2);
    }
  });

  it("is searchable, typos included", async () => {
    const search = async (keyword: string) =>
      (await listProducts(database.db, { isActive: true, keyword }, { page: 1, size: 50 })).items.map(
        (p) => p.name,
      );
    expect(await search("snekers")).toContain("Everyday Canvas Sneakers");
    expect((await search("wach")).length).toBeGreaterThanOrEqual(5);
    expect(await search("wach")).not.toContain("Skeleton Automatic Watch");
  });

  it("seeds about 60 days of orders in every status, with history, payments and invoices", async () => {
    const all = await database.db.select().from(orders);
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const ages = all.map((o) => (Date.now() - o.createdAt.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(55);
    expect(Math.min(...ages)).toBeLessThan(1);
    // Real numbering: from the sequence, rising with the dates.
    const byDate = [...all].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(byDate.map((o) => o.number)).toEqual([...all.map((o) => o.number)].sort((a, b) => a - b));
    const paid = all.filter((o) => o.paymentId !== null);
    expect(paid.length).toBeGreaterThan(all.length / 2);
    // Numbers the GST portal's offline tool takes (16 characters at most), each invoice stating its supplier.
    for (const order of paid) {
      expect(order.invoiceNumber).toMatch(/^INV\d{4}\/\d{6}$/);
      expect(order.invoiceNumber).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
      expect(order.invoiceGstin).toBe(order.invoiceSupplier?.gstin);
      expect(order.invoiceSupplier).toMatchObject({ stateCode: "27", stateName: "Maharashtra" });
    }
    expect(all.filter((o) => o.paymentId === null).every((o) => o.invoiceNumber === null)).toBe(true);
    const payments = await database.db.select().from(paymentsTable);
    expect(payments).toHaveLength(paid.length);

    const events = await database.db.select().from(orderEvents);
    for (const order of all) {
      const own = events.filter((e) => e.orderId === order.id);
      expect(own.some((e) => e.type === "placed")).toBe(true);
      if (order.paymentId) expect(own.some((e) => e.type === "paid")).toBe(true);
    }
    expect(events.some((e) => e.type === "note" && e.actorRole === "admin")).toBe(true);
    // The demo shopper holds no unpaid order, so the demo account can always place one.
    const [shopper] = await database.db.select().from(users).where(eq(users.email, "shopper@example.com"));
    const waiting = all.filter((o) => o.status === "pending");
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.some((o) => o.userId === shopper?.id)).toBe(false);
    expect(new Set(waiting.map((o) => o.userId)).size).toBe(waiting.length);
    const refunded = all.filter((o) => o.status === "refunded");
    for (const order of refunded) {
      expect(events.find((e) => e.orderId === order.id && e.type === "refunded")?.amount).toBe(
        order.totalAmount,
      );
      // The money went back too: the whole payment, with a credit note.
      expect(payments.find((p) => p.orderId === order.id)).toMatchObject({
        status: "refunded",
        refundedAmount: order.totalAmount,
      });
    }
    const given = await database.db.select().from(refunds);
    const whole = given.filter((r) => refunded.some((o) => o.id === r.orderId));
    expect(whole.map((r) => r.orderId).sort()).toEqual(refunded.map((o) => o.id).sort());
    // Besides, a unit returned now and then from a delivered order: refunded, the order still delivered.
    const returned = given.filter((r) => !refunded.some((o) => o.id === r.orderId));
    expect(returned.length).toBeGreaterThan(0);
    for (const refund of returned) {
      expect(all.find((o) => o.id === refund.orderId)?.status).toBe("delivered");
      expect(refund.restock).toHaveLength(1);
    }
    for (const refund of given) {
      expect(refund.status).toBe("completed");
      expect(refund.creditNoteNumber).toMatch(/^CN\d{4}\/\d{6}$/);
      expect(refund.creditNoteGstin).toBe(refund.creditNoteSupplier?.gstin);
    }
  });

  it("fills the dashboard home: orders, revenue and a non-empty sales chart", async () => {
    const [order] = await database.db.select({ currency: orders.currency }).from(orders).limit(1);
    const currency = order?.currency ?? "";
    const stats = await dashboardStats(database.db, "admin", currency);
    expect(stats.orders).toBeGreaterThanOrEqual(50);
    expect(stats.revenue).toBeGreaterThan(0);
    const days = await salesByDay(database.db, "admin", 30, { currency });
    expect(days.filter((day) => (day.revenue ?? 0) > 0).length).toBeGreaterThan(10);
  });

  it("keeps stock whole: no variant below zero, the demo's sold-out and low sizes as they were", async () => {
    const variants = await database.db.select().from(productVariants);
    expect(variants.every((v) => v.stock >= 0)).toBe(true);
  });

  it("seeds only an empty catalogue", async () => {
    const before = (await database.db.select().from(products)).length;
    const ordersBefore = (await database.db.select().from(orders)).length;
    expect(await seedDemoCatalog(database.db, new LocalStorage(mediaDir))).toBe(false);
    expect((await database.db.select().from(products)).length).toBe(before);
    expect((await database.db.select().from(orders)).length).toBe(ordersBefore);
  });

  it("seeds no account, product or order with a production configuration, SHOP_DEMO=1 or not", async () => {
    const empty = await createTestDatabase();
    try {
      const config = parseConfig({
        NODE_ENV: "production",
        SHOP_DEMO: "1",
        DATA_DIR: "/tmp/shop-test-data",
        PUBLIC_ORIGIN: "http://localhost",
        PAYMENTS_TEST_GATEWAY: "1",
        SECRETS_KEY: "5e".repeat(32),
      });
      expect(config.demo).toBe(false);
      const opened: string[] = [];
      expect(
        await seedDemoShop(empty.db, config, () => {
          opened.push("storage");
          return new LocalStorage(mediaDir);
        }),
      ).toBe(false);
      expect(opened).toEqual([]);
      expect(await empty.db.select().from(users)).toHaveLength(0);
      expect(await empty.db.select().from(products)).toHaveLength(0);
      expect(await empty.db.select().from(orders)).toHaveLength(0);
    } finally {
      await empty.close();
    }
  });
});
