import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#test/db";
import { type Database, type DatabaseHandle, migrate, migrationsFolder } from "./client";
import {
  categories,
  media,
  type OrderShippingAddress,
  orderItems,
  orders,
  payments,
  productGallery,
  products,
  productVariants,
  refunds,
  reviews,
  users,
} from "./schema/index";

const address: OrderShippingAddress = {
  name: { firstName: "Asha", lastName: "Rao" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "12 Lake View",
  street: "MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  pinCode: "560001",
  country: "India",
};

/** The SQLSTATE of a failed query, whichever driver raised it (drizzle wraps it in `cause`). */
async function sqlState(query: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === "string") return code;
    }
    throw error;
  }
  return undefined;
}

let handle: DatabaseHandle;
let db: Database;
let counter = 0;

async function aUser(email = `shopper${++counter}@example.com`) {
  const [user] = await db
    .insert(users)
    .values({ firstName: "Asha", lastName: "Rao", email, passwordHash: "x" })
    .returning();
  if (!user) throw new Error("no user");
  return user;
}

async function aProduct(values: Partial<typeof products.$inferInsert> = {}) {
  const [category] = await db
    .insert(categories)
    .values({ name: "Shoes", slug: `shoes-${++counter}` })
    .returning();
  if (!category) throw new Error("no category");
  const [product] = await db
    .insert(products)
    .values({ name: "Sneakers", price: 49.99, categoryId: category.id, stock: 3, ...values })
    .returning();
  if (!product) throw new Error("no product");
  return product;
}

async function aMedia() {
  const [row] = await db
    .insert(media)
    .values({ name: "shoe.jpg", storageKey: `m/${++counter}`, url: "/media/x.webp", width: 800, height: 600 })
    .returning();
  if (!row) throw new Error("no media");
  return row;
}

async function anOrder(userId: string) {
  const [order] = await db
    .insert(orders)
    .values({ userId, subTotal: 49.99, totalAmount: 49.99, shippingAddress: address })
    .returning();
  if (!order) throw new Error("no order");
  return order;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});

afterAll(async () => {
  await handle?.close();
});

describe("database schema", () => {
  it("applies every migration, and applying them again changes nothing", async () => {
    const tables = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      "activity",
      "addresses",
      "cart_reminders",
      "carts",
      "categories",
      "cod_remittances",
      "consent_events",
      "customer_notes",
      "discount_categories",
      "discount_products",
      "discounts",
      "disputes",
      "document_counters",
      "emails",
      "emails_outbox",
      "emails_sent",
      "integration_tokens",
      "media",
      "order_events",
      "order_items",
      "order_return_lines",
      "order_returns",
      "order_shipment_lines",
      "order_shipments",
      "orders",
      "password_resets",
      "payments",
      "product_counts",
      "product_gallery",
      "product_sales",
      "product_variants",
      "product_words",
      "products",
      "razorpay_events",
      "razorpay_orders",
      "refund_lines",
      "refunds",
      "reviews",
      "sales_ledger",
      "sales_ledger_lines",
      "sales_slot_changes",
      "sales_slots",
      "search_words",
      "sessions",
      "settings",
      "settings_changes",
      "shipment_scans",
      "shipping_pincodes",
      "shiprocket_bookings",
      "stock_alerts",
      "stock_movements",
      "store_credit_entries",
      "supplier_details",
      "two_factor_recovery_codes",
      "unmatched_payments",
      "users",
      "variants_out_of_stock",
      "webhook_deliveries",
      "webhook_endpoints",
      "whatsapp_early_statuses",
      "whatsapp_inbound",
      "whatsapp_messages",
      "wishlist_items",
    ]);
    await migrate(handle);
    const applied = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta", "_journal.json"), "utf8"));
    expect(applied.rows[0]?.count).toBe(journal.entries.length);
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it("gives rows ObjectId-style ids and reads money back as numbers", async () => {
    const product = await aProduct({ price: 19.99, salePrice: 15.5 });
    expect(product.id).toMatch(/^[0-9a-f]{24}$/);
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row?.price).toBe(19.99);
    expect(row?.salePrice).toBe(15.5);
    expect(row?.ratingAverage).toBe(0);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("refuses negative stock, even through a relative update", async () => {
    expect(await sqlState(aProduct({ stock: -1 }))).toBe("23514");
    const product = await aProduct({ stock: 3 });
    const update = db
      .update(products)
      .set({ stock: sql`${products.stock} - 5` })
      .where(eq(products.id, product.id));
    expect(await sqlState(update)).toBe("23514");
    const [row] = await db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(3);
  });

  it("refuses an e-mail address that is not lower-case, and a second account with the same one", async () => {
    expect(await sqlState(aUser("Asha@Example.com"))).toBe("23514");
    await aUser("same@example.com");
    expect(await sqlState(aUser("same@example.com"))).toBe("23505");
  });

  it("refuses a second review from the same shopper for one product", async () => {
    const user = await aUser();
    const product = await aProduct();
    const review = { productId: product.id, userId: user.id, title: "Good", rating: 5, comment: "Comfy" };
    await db.insert(reviews).values(review);
    expect(await sqlState(db.insert(reviews).values({ ...review, title: "Again" }))).toBe("23505");
    expect(
      await sqlState(db.insert(reviews).values({ ...review, userId: (await aUser()).id, rating: 6 })),
    ).toBe("23514");
  });

  it("refuses a second completed payment for one order, but keeps failed attempts", async () => {
    const user = await aUser();
    const order = await anOrder(user.id);
    const payment = { userId: user.id, orderId: order.id, amount: 49.99, paymentGateway: "test" as const };
    await db.insert(payments).values({ ...payment, transactionId: `t-${++counter}`, status: "failed" });
    await db.insert(payments).values({ ...payment, transactionId: `t-${++counter}`, status: "completed" });
    const second = db
      .insert(payments)
      .values({ ...payment, transactionId: `t-${++counter}`, status: "completed" });
    expect(await sqlState(second)).toBe("23505");
    const sameTransaction = db
      .insert(payments)
      .values({ ...payment, transactionId: `t-${counter - 1}`, status: "failed" });
    expect(await sqlState(sameTransaction)).toBe("23505");
  });

  it("refuses refunds past what a payment took, and one provider refund recorded twice", async () => {
    const user = await aUser();
    const order = await anOrder(user.id);
    const [payment] = await db
      .insert(payments)
      .values({
        userId: user.id,
        orderId: order.id,
        amount: 49.99,
        paymentGateway: "test",
        transactionId: `t-${++counter}`,
        status: "completed",
      })
      .returning();
    if (!payment) throw new Error("no payment");
    const over = db.update(payments).set({ refundedAmount: 50 }).where(eq(payments.id, payment.id));
    expect(await sqlState(over)).toBe("23514");
    const refund = {
      paymentId: payment.id,
      orderId: order.id,
      amount: 10,
      reason: "Damaged",
      status: "completed" as const,
      providerRefundId: `r-${++counter}`,
      refundedAt: new Date(),
    };
    await db.insert(refunds).values({ ...refund, creditNoteNumber: `CN/2026-27/${counter}` });
    const twice = db.insert(refunds).values({ ...refund, creditNoteNumber: `CN/2026-27/${counter}-2` });
    expect(await sqlState(twice)).toBe("23505");
    // A completed refund always carries its provider id and credit note.
    const bare = db.insert(refunds).values({ ...refund, providerRefundId: null, creditNoteNumber: null });
    expect(await sqlState(bare)).toBe("23514");
  });

  it("resolves every declared relation", async () => {
    const user = await aUser();
    const product = await aProduct();
    const order = await anOrder(user.id);
    const [variant] = await db
      .insert(productVariants)
      .values({ productId: product.id, sku: `SKU-${++counter}`, price: 49.99, stock: 3 })
      .returning();
    if (!variant) throw new Error("no variant");
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      variantId: variant.id,
      variantSku: variant.sku,
      name: product.name,
      price: 49.99,
      originalPrice: 49.99,
      quantity: 1,
    });
    const [payment] = await db
      .insert(payments)
      .values({
        userId: user.id,
        orderId: order.id,
        amount: 49.99,
        paymentGateway: "test",
        status: "completed",
        transactionId: `t-${++counter}`,
      })
      .returning();
    await db
      .update(orders)
      .set({ paymentId: payment?.id, status: "processing" })
      .where(eq(orders.id, order.id));

    const loaded = await db.query.orders.findFirst({
      where: eq(orders.id, order.id),
      with: {
        user: true,
        items: { with: { product: { with: { category: true } } } },
        payment: true,
        payments: true,
      },
    });
    expect(loaded?.user.id).toBe(user.id);
    expect(loaded?.items[0]?.product.category.id).toBe(product.categoryId);
    expect(loaded?.payment?.id).toBe(payment?.id);
    expect(loaded?.payments.map((p) => p.id)).toEqual([payment?.id]);

    const owner = await db.query.users.findFirst({
      where: eq(users.id, user.id),
      with: { sessions: true, addresses: true, reviews: true, orders: true, payments: true, uploads: true },
    });
    expect(owner?.orders).toHaveLength(1);
    expect(owner?.payments).toHaveLength(1);
    const category = await db.query.categories.findFirst({
      where: eq(categories.id, product.categoryId),
      with: { products: { with: { reviews: true, orderItems: true, gallery: true, thumbnail: true } } },
    });
    expect(category?.products[0]?.orderItems).toHaveLength(1);
    const picture = await db.query.media.findFirst({ with: { uploader: true, galleries: true } });
    expect(picture === undefined || Array.isArray(picture.galleries)).toBe(true);
  });

  it("removes gallery rows and clears thumbnails when a media row is deleted", async () => {
    const picture = await aMedia();
    const other = await aMedia();
    const product = await aProduct({ thumbnailId: picture.id });
    await db.insert(productGallery).values([
      { productId: product.id, mediaId: picture.id, position: 0 },
      { productId: product.id, mediaId: other.id, position: 1 },
    ]);

    const loaded = await db.query.products.findFirst({
      where: eq(products.id, product.id),
      with: { category: true, thumbnail: true, gallery: { with: { media: true } } },
    });
    expect(loaded?.thumbnail?.id).toBe(picture.id);
    expect(loaded?.gallery.map((g) => g.media.id).sort()).toEqual([picture.id, other.id].sort());

    await db.delete(media).where(eq(media.id, picture.id));

    const [row] = await db
      .select({ thumbnailId: products.thumbnailId })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.thumbnailId).toBeNull();
    const gallery = await db.select().from(productGallery).where(eq(productGallery.productId, product.id));
    expect(gallery.map((g) => g.mediaId)).toEqual([other.id]);
  });

  it("keeps the shipping address snapshot as it was given", async () => {
    const order = await anOrder((await aUser()).id);
    const [row] = await db
      .select({ shippingAddress: orders.shippingAddress, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ shippingAddress: address, status: "pending" });
  });

  it("has trigram matching for keyword search (pg_trgm)", async () => {
    const result = await db.execute<{ score: number }>(
      sql`select similarity('snekers', 'sneakers') as score`,
    );
    expect(Number(result.rows[0]?.score)).toBeGreaterThan(0.4);
  });

  it("adds cents exactly in the reports' sum, which parallel workers may share", async () => {
    const result = await db.execute<{ total: string; parallel: string; combines: boolean }>(sql`
      select (select bigint_sum(v) from (values (9007199254740993::bigint), (-3::bigint), (null)) t(v))::text as total,
        p.proparallel as parallel, a.aggcombinefn <> 0 as combines
      from pg_proc p join pg_aggregate a on a.aggfnoid = p.oid where p.proname = 'bigint_sum'`);
    expect(result.rows).toEqual([{ total: "9007199254740990", parallel: "s", combines: true }]);
  });

  it("puts a moment in its quarter of an hour from the epoch, in the statement that asks (no function call of its own)", async () => {
    const moments = [
      "2026-11-28 10:14:59.999999+05:30",
      "2026-11-28 10:15:00+05:30",
      "2026-03-31 23:59:59.5+00",
      "2024-02-29 18:07:13.25-04:00",
    ];
    const result = await db.execute<{ differ: number; moments: number }>(sql`
      select count(*) filter (where sales_slot(t) <> to_timestamp(floor(extract(epoch from t) / 900) * 900))::integer as differ,
        count(*) filter (where extract(epoch from sales_slot(t))::bigint % 900 = 0)::integer as moments
      from unnest(array[${sql.join(
        moments.map((moment) => sql`${moment}::timestamptz`),
        sql`, `,
      )}]) as m(t)`);
    expect(result.rows).toEqual([{ differ: 0, moments: moments.length }]);
    // The triggers that write a slot for every paid order call it on a row's moment: inlined, it costs no
    // query of its own (a constant argument would be folded either way).
    const plan = await db.execute<{ "QUERY PLAN": string }>(
      sql`explain (verbose, costs off) select sales_slot(clock_timestamp())`,
    );
    const shown = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(shown).toContain("date_bin");
    expect(shown).not.toContain("sales_slot");
  });
});
