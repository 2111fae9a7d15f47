import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toCents } from "@shop/shared/pricing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase } from "#test/db";
import { creditNoteFigures } from "../modules/documents/figures";
import { drainOutbox, getEmail } from "../modules/email/service";
import type { MailTransport, OutgoingMessage } from "../modules/email/transport";
import { backfillCreditNotes } from "../modules/refunds/backfill";
import { findRefundLines } from "../modules/refunds/repo";
import { type DatabaseHandle, migrate, migrationsFolder } from "./client";

/** The migrations up to and including `lastTag`, as a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const source = migrationsFolder();
  const folder = mkdtempSync(join(tmpdir(), "shop-migrations-"));
  cpSync(source, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const ids = {
  category: "64a000000000000000000001",
  thumbnail: "64a000000000000000000002",
  user: "64a000000000000000000003",
  sneakers: "64a000000000000000000010",
  watch: "64a000000000000000000011",
  scarf: "64a000000000000000000012",
  pending: "64a000000000000000000020",
  paid: "64a000000000000000000021",
};

const before = [
  {
    id: ids.sneakers,
    name: "Festive Sneakers",
    price: "120.00",
    onSale: true,
    salePrice: "99.50",
    stock: 7,
    active: true,
  },
  {
    id: ids.watch,
    name: "Steel Chronograph",
    price: "250.00",
    onSale: false,
    salePrice: "0.00",
    stock: 0,
    active: true,
  },
  {
    id: ids.scarf,
    name: "Wool Scarf",
    price: "19.99",
    onSale: false,
    salePrice: "0.00",
    stock: 12,
    active: false,
  },
];

let handle: DatabaseHandle;
let previous: string;

beforeAll(async () => {
  handle = await createEmptyDatabase();
  previous = migrationsUpTo("0005_order_fingerprint");
  await migrate(handle, previous);
  // A shop as the schema before variants held it: products, and orders with lines.
  const { db } = handle;
  await db.execute(sql`insert into categories (id, name, slug) values (${ids.category}, 'Shoes', 'shoes')`);
  await db.execute(sql`insert into media (id, name, storage_key, url, width, height)
    values (${ids.thumbnail}, 'shoe.png', 'images/x', '/media/x.webp', 640, 640)`);
  await db.execute(sql`insert into users (id, first_name, last_name, email, password_hash)
    values (${ids.user}, 'Asha', 'Rao', 'asha@example.com', 'x')`);
  for (const p of before) {
    await db.execute(sql`insert into products (id, name, description, price, on_sale, sale_price, stock, is_active,
      category_id, thumbnail_id, sold_count)
      values (${p.id}, ${p.name}, 'A product made before variants existed.', ${p.price}, ${p.onSale}, ${p.salePrice},
        ${p.stock}, ${p.active}, ${ids.category}, ${ids.thumbnail}, 2)`);
  }
  const address = JSON.stringify({ name: { firstName: "Asha", lastName: "Rao" }, city: "Mumbai" });
  // The paid order was placed first, so that numbering by placement differs from numbering by id.
  for (const [order, status, createdAt] of [
    [ids.pending, "pending", "2026-03-02T10:00:00Z"],
    [ids.paid, "processing", "2026-03-01T10:00:00Z"],
  ] as const) {
    await db.execute(sql`insert into orders (id, user_id, status, sub_total, total_amount, shipping_address, created_at)
      values (${order}, ${ids.user}, ${status}, 219, 338.42, ${address}::jsonb, ${createdAt})`);
  }
  await db.execute(sql`insert into order_items (id, order_id, product_id, name, price, original_price, saved_amount, quantity)
    values ('64a000000000000000000030', ${ids.pending}, ${ids.sneakers}, 'Festive Sneakers', 99.5, 120, 20.5, 2),
           ('64a000000000000000000031', ${ids.pending}, ${ids.watch}, 'Steel Chronograph', 250, 250, 0, 1),
           ('64a000000000000000000032', ${ids.paid}, ${ids.sneakers}, 'Festive Sneakers', 99.5, 120, 20.5, 1)`);
});

afterAll(async () => {
  await handle?.close();
  if (previous) rmSync(previous, { recursive: true, force: true });
});

describe("upgrading a shop to products with variants (migration 0007)", () => {
  it("keeps every product, price and stock, and gives each one default variant of them", async () => {
    await migrate(handle);
    const products = await handle.db.execute<Record<string, unknown>>(sql`
      select id, name, price::text, on_sale as "onSale", sale_price::text as "salePrice", stock, is_active as active, options
      from products order by id`);
    expect(products.rows).toEqual(before.map((p) => ({ ...p, options: [] })));
    const variants = await handle.db.execute<Record<string, unknown>>(sql`
      select product_id as "productId", sku, options, price::text, on_sale as "onSale", sale_price::text as "salePrice",
        stock, is_active as active, removed_at as "removedAt", id
      from product_variants order by product_id`);
    expect(variants.rows).toEqual(
      before.map((p) => ({
        productId: p.id,
        sku: p.id,
        options: {},
        price: p.price,
        onSale: p.onSale,
        salePrice: p.salePrice,
        stock: p.stock,
        active: true,
        removedAt: null,
        id: expect.stringMatching(new RegExp(`^${p.id.slice(0, 8)}[0-9a-f]{16}$`)),
      })),
    );
  });

  it("points every order line at its product's default variant, keeping its price and quantity", async () => {
    const lines = await handle.db.execute<Record<string, unknown>>(sql`
      select oi.id, oi.order_id as "orderId", oi.product_id as "productId", oi.price::text, oi.quantity,
        oi.variant_sku as sku, oi.variant_options as options, v.product_id as "variantProductId"
      from order_items oi join product_variants v on v.id = oi.variant_id order by oi.id`);
    expect(lines.rows).toEqual([
      {
        id: "64a000000000000000000030",
        orderId: ids.pending,
        productId: ids.sneakers,
        price: "99.50",
        quantity: 2,
        sku: ids.sneakers,
        options: {},
        variantProductId: ids.sneakers,
      },
      {
        id: "64a000000000000000000031",
        orderId: ids.pending,
        productId: ids.watch,
        price: "250.00",
        quantity: 1,
        sku: ids.watch,
        options: {},
        variantProductId: ids.watch,
      },
      {
        id: "64a000000000000000000032",
        orderId: ids.paid,
        productId: ids.sneakers,
        price: "99.50",
        quantity: 1,
        sku: ids.sneakers,
        options: {},
        variantProductId: ids.sneakers,
      },
    ]);
    const orders = await handle.db.execute<{ count: number }>(sql`select count(*)::int as count from orders`);
    expect(orders.rows[0]?.count).toBe(2);
  });

  it("derives a product's stock and price from its variants from then on", async () => {
    await handle.db.execute(
      sql`update product_variants set stock = stock + 5 where product_id = ${ids.watch}`,
    );
    await handle.db.execute(sql`insert into product_variants (id, product_id, sku, options, price, stock)
      values ('64a000000000000000000040', ${ids.watch}, 'WATCH-GOLD', '{"Finish":"Gold"}', 199, 2)`);
    const [watch] = (
      await handle.db.execute<{ price: string; stock: number }>(
        sql`select price::text, stock from products where id = ${ids.watch}`,
      )
    ).rows;
    expect(watch).toEqual({ price: "199.00", stock: 7 });
  });
});

describe("upgrading a shop to order numbers and history (migration 0009)", () => {
  it("numbers existing orders from #1001 in the order they were placed, and new ones after them", async () => {
    await migrate(handle);
    const numbered = await handle.db.execute<{ id: string; number: number }>(
      sql`select id, number from orders order by number`,
    );
    expect(numbered.rows).toEqual([
      { id: ids.paid, number: 1001 },
      { id: ids.pending, number: 1002 },
    ]);
    const added = await handle.db.execute<{ number: number }>(sql`
      insert into orders (id, user_id, sub_total, total_amount, shipping_address)
      values ('64a000000000000000000022', ${ids.user}, 10, 10, '{}'::jsonb) returning number`);
    expect(added.rows).toEqual([{ number: 1003 }]);
    await expect(
      handle.db.execute(sql`update orders set number = 1001 where id = '64a000000000000000000022'`),
    ).rejects.toThrow();
  });

  it("starts the history of every existing order with its placement by its shopper", async () => {
    const events = await handle.db.execute<Record<string, unknown>>(sql`
      select id, order_id as "orderId", type, status, at, actor_id as "actorId", actor_name as "actorName",
        actor_role as "actorRole", note, amount
      from order_events where order_id in (${ids.paid}, ${ids.pending}) order by at`);
    expect(events.rows).toEqual(
      [
        [ids.paid, "2026-03-01T10:00:00Z"],
        [ids.pending, "2026-03-02T10:00:00Z"],
      ].map(([orderId]) => ({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        orderId,
        type: "placed",
        status: "pending",
        at: expect.anything(),
        actorId: ids.user,
        actorName: "Asha Rao",
        actorRole: "customer",
        note: null,
        amount: null,
      })),
    );
    expect(events.rows.map((row) => new Date(String(row.at)).toISOString())).toEqual([
      "2026-03-01T10:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
    ]);
  });
});

describe("upgrading a shop to kept variant options (migration 0014)", () => {
  const optionsOf = async (productId: string) =>
    (
      await handle.db.execute<{ options: Record<string, string>[] }>(
        sql`select variant_options as options from products where id = ${productId}`,
      )
    ).rows[0]?.options;

  it("gives every product the options of its active variants, and keeps them from then on", async () => {
    // The migrations above ran every migration, this one included.
    expect(await optionsOf(ids.sneakers)).toEqual([{}]);
    expect(await optionsOf(ids.watch)).toEqual(expect.arrayContaining([{}, { Finish: "Gold" }]));
    expect(await optionsOf(ids.watch)).toHaveLength(2);

    await handle.db.execute(
      sql`update product_variants set is_active = false where product_id = ${ids.watch} and sku = 'WATCH-GOLD'`,
    );
    expect(await optionsOf(ids.watch)).toEqual([{}]);
    await handle.db.execute(sql`update product_variants set options = '{"Finish":"Steel"}'
      where product_id = ${ids.watch} and sku <> 'WATCH-GOLD'`);
    expect(await optionsOf(ids.watch)).toEqual([{ Finish: "Steel" }]);
    const pairs = await handle.db.execute<{ pairs: string[] }>(
      sql`select option_pairs as pairs from products where id in (${ids.watch}, ${ids.sneakers}) order by id`,
    );
    expect(pairs.rows.map((row) => row.pairs.map((pair) => JSON.parse(pair)))).toEqual([
      [],
      [["Finish", "Steel"]],
    ]);
    // Stock alone moves the stock and leaves the options as they are.
    await handle.db.execute(
      sql`update product_variants set stock = stock + 1 where product_id = ${ids.watch}`,
    );
    expect(await optionsOf(ids.watch)).toEqual([{ Finish: "Steel" }]);
    await handle.db.execute(
      sql`delete from product_variants where product_id = ${ids.watch} and sku = 'WATCH-GOLD'`,
    );
    expect(await optionsOf(ids.watch)).toEqual([{ Finish: "Steel" }]);
  });
});

describe("upgrading a shop to payment states that follow refunds (migration 0016)", () => {
  it("gives each payment refunds already took from its state, and leaves the others as they were", async () => {
    const shop = await createEmptyDatabase();
    const folder = migrationsUpTo("0015_product_words");
    try {
      await migrate(shop, folder);
      const { db } = shop;
      await db.execute(sql`insert into users (id, first_name, last_name, email, password_hash)
        values (${ids.user}, 'Asha', 'Rao', 'asha@example.com', 'x')`);
      const address = JSON.stringify({ name: { firstName: "Asha", lastName: "Rao" }, city: "Mumbai" });
      // [order, payment, status, refunded of 198]
      const rows = [
        ["64a000000000000000000040", "64a000000000000000000050", "completed", "0"],
        ["64a000000000000000000041", "64a000000000000000000051", "completed", "20.50"],
        ["64a000000000000000000042", "64a000000000000000000052", "completed", "198"],
        ["64a000000000000000000043", "64a000000000000000000053", "failed", "0"],
      ] as const;
      for (const [order, payment, status, refunded] of rows) {
        await db.execute(sql`insert into orders (id, user_id, status, sub_total, total_amount, shipping_address)
          values (${order}, ${ids.user}, 'processing', 100, 198, ${address}::jsonb)`);
        await db.execute(sql`insert into payments (id, user_id, order_id, status, transaction_id, amount,
            refunded_amount, payment_gateway)
          values (${payment}, ${ids.user}, ${order}, ${status}, ${`T-${payment}`}, 198, ${refunded}, 'test')`);
      }
      await migrate(shop);
      const states = await db.execute<{ status: string }>(sql`select status from payments order by id`);
      expect(states.rows.map((row) => row.status)).toEqual([
        "completed",
        "partially_refunded",
        "refunded",
        "failed",
      ]);
      // From then on the state cannot part from the refunded amount.
      await expect(
        db.execute(sql`update payments set refunded_amount = 10 where id = '64a000000000000000000050'`),
      ).rejects.toThrow();
    } finally {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("upgrading a shop to the sales ledger (migration 0017)", () => {
  it("writes a row for each payment taken and refund given before it, as the invoice and credit note print them once 0034 rebuilt it, and keeps it after", async () => {
    const shop = await createEmptyDatabase();
    const folder = migrationsUpTo("0016_payment_states");
    const order = "64a000000000000000000060";
    const variant = "64a000000000000000000061";
    try {
      await migrate(shop, folder);
      const { db } = shop;
      await db.execute(sql`insert into users (id, first_name, last_name, email, password_hash)
        values (${ids.user}, 'Asha', 'Rao', 'asha@example.com', 'x')`);
      await db.execute(
        sql`insert into categories (id, name, slug) values (${ids.category}, 'Shoes', 'shoes')`,
      );
      await db.execute(sql`insert into media (id, name, storage_key, url, width, height)
        values (${ids.thumbnail}, 'shoe.png', 'images/x', '/media/x.webp', 640, 640)`);
      await db.execute(sql`insert into products (id, name, description, price, stock, is_active, category_id, thumbnail_id)
        values (${ids.sneakers}, 'Festive Sneakers', 'Shoes.', 120, 10, true, ${ids.category}, ${ids.thumbnail})`);
      await db.execute(sql`insert into product_variants (id, product_id, sku, price, stock)
        values (${variant}, ${ids.sneakers}, 'SNEAKERS', 120, 10)`);
      // Two lines with a code's share each: items 249 (41 saved on sale), code 12.45, GST 42.58, total 279.13.
      const address = JSON.stringify({ name: { firstName: "Asha", lastName: "Rao" }, state: "Maharashtra" });
      await db.execute(sql`insert into orders (id, user_id, status, sub_total, saved_amount, discount_code,
          discount_amount, tax_amount, total_amount, shipping_address, invoice_number, invoiced_at)
        values (${order}, ${ids.user}, 'processing', 249, 41, 'SAVE5', 12.45, 42.58, 279.13, ${address}::jsonb,
          'INV/2025-26/000001', '2026-03-01T10:00:00Z')`);
      await db.execute(sql`insert into order_items (id, order_id, product_id, variant_id, variant_sku, name, price,
          original_price, saved_amount, discount_share, quantity)
        values ('64a000000000000000000062', ${order}, ${ids.sneakers}, ${variant}, 'SNEAKERS', 'Festive Sneakers', 99.5, 120, 41, 9.95, 2),
               ('64a000000000000000000063', ${order}, ${ids.sneakers}, ${variant}, 'SNEAKERS', 'Festive Sneakers', 50, 50, 0, 2.5, 1)`);
      await db.execute(sql`insert into payments (id, user_id, order_id, status, transaction_id, amount, refunded_amount,
          payment_gateway, created_at)
        values ('64a000000000000000000064', ${ids.user}, ${order}, 'partially_refunded', 'T-1', 279.13, 100, 'test',
          '2026-03-01T10:00:00Z'),
          ('64a000000000000000000065', ${ids.user}, ${order}, 'failed', 'T-2', 279.13, 0, 'test', '2026-03-01T09:00:00Z')`);
      await db.execute(sql`insert into refunds (id, payment_id, order_id, status, amount, reason, provider_refund_id,
          restock, credit_note_number, refunded_at)
        values ('64a000000000000000000066', '64a000000000000000000064', ${order}, 'completed', 100, 'Too small', 'R-1',
          ${JSON.stringify([{ itemId: "64a000000000000000000062", variantId: variant, quantity: 1 }])}::jsonb,
          'CN/2025-26/000001', '2026-03-02T10:00:00Z')`);
      await migrate(shop);

      // After migration 0034 the ledger holds the documents: the invoice (0022 shared its GST 42.58
      // over the lines by value, 34.03 and 8.55; 0034 split each as printed, CGST the half rounded
      // down), the payment's money alone, and the refund, whose credit note has no lines yet.
      const ledger = async () =>
        (
          await db.execute<
            Record<string, unknown>
          >(sql`select source_id as "source", kind, extract(epoch from at)::int as "at", amount::int,
            gross_sales::int as "gross", sale_discounts::int as "sale", code_discounts::int as "code", shipping::int,
            returns::int, units, tax::int, cgst::int, sgst::int, igst::int, shipping_state as "state",
            discount_code as "discountCode"
          from sales_ledger order by at, kind`)
        ).rows;
      const row = (source: string, kind: string, at: string, figures: Record<string, number>) => ({
        source,
        kind,
        at: Date.parse(at) / 1000,
        gross: 0,
        sale: 0,
        code: 0,
        shipping: 0,
        returns: 0,
        units: 0,
        tax: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        state: "Maharashtra",
        discountCode: "SAVE5",
        ...figures,
      });
      const invoiceRow = row(order, "invoice", "2026-03-01T10:00:00Z", {
        amount: 27913,
        gross: 29000,
        sale: 4100,
        code: 1245,
        units: 3,
        tax: 4258,
        cgst: 1701 + 427,
        sgst: 1702 + 428,
      });
      const paymentRow = row("64a000000000000000000064", "payment", "2026-03-01T10:00:00Z", {
        amount: 27913,
      });
      const refundAt = "2026-03-02T10:00:00Z";
      expect(await ledger()).toEqual([
        invoiceRow,
        paymentRow,
        row("64a000000000000000000066", "refund", refundAt, { amount: 10000 }),
      ]);

      // The credit note's lines, written once at start: 100.00 is not the restocked unit's value
      // (111.54), so it is spread over the goods by what they hold (223.08 and 56.05): 79.92 and
      // 20.08, each split by the one rule (decision 047: CGST = SGST = round(taxable × 9%), the paisa
      // left the part's round off); the ledger's refund row is written again from them.
      expect(await backfillCreditNotes(db)).toEqual({ written: 1, skipped: [] });
      const credit = creditNoteFigures(
        "intra-state",
        await findRefundLines(db, "64a000000000000000000066"),
        100,
      );
      expect(credit.lines.map((line) => [line.quantity, line.taxableValue, line.cgst, line.sgst])).toEqual([
        [0, 67.73, 6.1, 6.1],
        [0, 17.02, 1.53, 1.53],
      ]);
      expect(credit.roundOff).toBe(-0.01);
      const refundRow = row("64a000000000000000000066", "refund", refundAt, {
        amount: 10000,
        returns: 6773 - 1 + 1702,
        tax: 1526,
        cgst: 763,
        sgst: 763,
      });
      expect(await ledger()).toEqual([invoiceRow, paymentRow, refundRow]);
      expect([refundRow.returns, refundRow.tax, refundRow.cgst]).toEqual(
        [credit.taxableValue + credit.roundOff, credit.tax, credit.cgst].map(toCents),
      );
      expect(await backfillCreditNotes(db)).toEqual({ written: 0, skipped: [] });

      // Its lines: each sold net of its share of the code, and each credited its part of the 100.00.
      const lineRows = await db.execute<
        Record<string, unknown>
      >(sql`select source_id as "source", item_id as "item",
          amount::int, units from sales_ledger_lines order by source_id, item_id`);
      expect(lineRows.rows).toEqual([
        { source: order, item: "64a000000000000000000062", amount: 18905, units: 2 },
        { source: order, item: "64a000000000000000000063", amount: 4750, units: 1 },
        // The part credited from the first line holds its round off (−0.01) in its value.
        { source: "64a000000000000000000066", item: "64a000000000000000000062", amount: -6772, units: 0 },
        { source: "64a000000000000000000066", item: "64a000000000000000000063", amount: -1702, units: 0 },
      ]);

      // From then on the database keeps it: a pending payment counts once it completes, at its own moment.
      await db.execute(sql`insert into orders (id, user_id, status, sub_total, tax_amount, total_amount, shipping_address)
        values ('64a000000000000000000067', ${ids.user}, 'pending', 50, 9, 59, ${address}::jsonb)`);
      await db.execute(sql`insert into payments (id, user_id, order_id, status, transaction_id, amount, payment_gateway,
          created_at)
        values ('64a000000000000000000068', ${ids.user}, '64a000000000000000000067', 'pending', 'T-3', 59, 'paypal',
          '2026-03-03T10:00:00Z')`);
      expect(await ledger()).toHaveLength(3);
      await db.execute(sql`update payments set status = 'completed' where id = '64a000000000000000000068'`);
      // A payment is the money alone: its order's GST is its invoice's.
      expect((await ledger()).at(-1)).toMatchObject({
        source: "64a000000000000000000068",
        kind: "payment",
        amount: 5900,
        tax: 0,
      });
      // A later refund of the first payment leaves its row as it was.
      await db.execute(sql`update payments set status = 'refunded', refunded_amount = 279.13
        where id = '64a000000000000000000064'`);
      expect(await ledger()).toHaveLength(4);
      expect((await ledger())[1]).toEqual(paymentRow);
    } finally {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("upgrading a shop to messages rendered by the sender (migration 0018)", () => {
  it("keeps every message written before it readable, and sends a queued one as it was written", async () => {
    const shop = await createEmptyDatabase();
    const folder = migrationsUpTo("0017_sales_ledger");
    try {
      await migrate(shop, folder);
      const { db } = shop;
      await db.execute(sql`insert into emails (id, kind, recipient, subject, text, html, status, attempts, sent_at)
        values ('64a000000000000000000070', 'welcome', 'asha@example.com', 'Welcome', 'Hello Asha', '<p>Hello Asha</p>',
          'sent', 1, now()),
          ('64a000000000000000000071', 'orderPlaced', 'asha@example.com', 'Order #1001', 'Your order', '<p>Your order</p>',
          'queued', 0, null)`);
      await migrate(shop);
      expect(await getEmail(db, "64a000000000000000000070")).toMatchObject({
        status: "sent",
        text: "Hello Asha",
        html: "<p>Hello Asha</p>",
        parts: null,
        shop: null,
      });
      const sent: OutgoingMessage[] = [];
      const transport: MailTransport = {
        kind: "smtp",
        send: async (message) => void sent.push(message),
        close: () => undefined,
      };
      expect(await drainOutbox(db, transport, "example.com")).toEqual({ sent: 1, failed: 0 });
      expect(sent).toEqual([
        {
          messageId: "<64a000000000000000000071@example.com>",
          to: "asha@example.com",
          subject: "Order #1001",
          text: "Your order",
          html: "<p>Your order</p>",
        },
      ]);
      expect(await getEmail(db, "64a000000000000000000071")).toMatchObject({
        status: "sent",
        text: "Your order",
        html: "<p>Your order</p>",
      });
    } finally {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("upgrading a shop to India's listed states (migration 0033)", () => {
  it("gives saved states their listed spelling, keeps one that is none as typed (flagged), and lists the settings' states", async () => {
    const shop = await createEmptyDatabase();
    const folder = migrationsUpTo("0032_gst_documents");
    try {
      await migrate(shop, folder);
      const { db } = shop;
      await db.execute(sql`insert into users (id, first_name, last_name, email, password_hash)
        values (${ids.user}, 'Asha', 'Rao', 'asha@example.com', 'x')`);
      const typed = ["  maharashtra", "Maharastra", "TAMIL \t nadu ", "Delhi"];
      for (const [index, state] of typed.entries())
        await db.execute(sql`insert into addresses (id, user_id, first_name, last_name, phone_number, building,
            street, city, state, pin_code)
          values (${`64a0000000000000000000a${index}`}, ${ids.user}, 'Asha', 'Rao', '9876543210',
            'Flat 4, Rose Villa', 'MG Road East', 'Mumbai', ${state}, '400001')`);
      const store = { name: "Shop", state: "Maharastra", gstin: "27AAPFU0939F1ZV", utcOffset: "+05:30" };
      const method = (n: number, name: string, states: string[] | null, enabled = true) => ({
        _id: `64a0000000000000000000b${n}`,
        name,
        price: 80,
        freeAbove: null,
        estimatedDays: null,
        states,
        enabled,
      });
      const shipping = {
        methods: [
          method(1, "Everywhere", null),
          method(2, "West", ["goa", " Maharashtra", "Maharastra", "MAHARASHTRA"]),
          method(3, "Typos only", ["Bombay"]),
        ],
      };
      await db.execute(sql`insert into settings (section, value)
        values ('store', ${JSON.stringify(store)}::jsonb), ('shipping', ${JSON.stringify(shipping)}::jsonb)`);

      await migrate(shop);
      const states = await db.execute<{ state: string }>(sql`select state from addresses order by id`);
      expect(states.rows.map((row) => row.state)).toEqual([
        "Maharashtra",
        "Maharastra",
        "Tamil Nadu",
        "Delhi",
      ]);
      const listed = await db.execute<{ value: { state: string; methods: { states: string[] | null }[] } }>(
        sql`select value from settings order by section desc`,
      );
      // The store's typo is read from its GSTIN's state code (27, Maharashtra).
      expect(listed.rows[0]?.value).toEqual({ ...store, state: "Maharashtra" });
      expect(listed.rows[1]?.value).toEqual({
        methods: [
          method(1, "Everywhere", null),
          method(2, "West", ["Goa", "Maharashtra"]),
          method(3, "Typos only", null, false),
        ],
      });
      // The migration's helpers are gone.
      const left = await db.execute(sql`select 1 from pg_proc where proname = 'listed_state_0033'`);
      expect(left.rows).toEqual([]);
    } finally {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("upgrading a shop to documents that record their GST (migration 0034)", () => {
  it("records earlier orders' line splits as printed (the tax spread where lines had none), rebuilds the ledger from invoices, payments and credit notes, and the backfill gives an earlier refund its lines once", async () => {
    const shop = await createEmptyDatabase();
    const folder = migrationsUpTo("0033_indian_states");
    const [within, demo] = ["64a0000000000000000000c0", "64a0000000000000000000c1"];
    const item = (n: number) => `64a0000000000000000000d${n}`;
    const variant = "64a0000000000000000000c9";
    try {
      await migrate(shop, folder);
      const { db } = shop;
      await db.execute(sql`insert into users (id, first_name, last_name, email, password_hash)
        values (${ids.user}, 'Asha', 'Rao', 'asha@example.com', 'x')`);
      await db.execute(
        sql`insert into categories (id, name, slug) values (${ids.category}, 'Shoes', 'shoes')`,
      );
      await db.execute(sql`insert into media (id, name, storage_key, url, width, height)
        values (${ids.thumbnail}, 'shoe.png', 'images/x', '/media/x.webp', 640, 640)`);
      await db.execute(sql`insert into products (id, name, description, price, stock, is_active, category_id, thumbnail_id)
        values (${ids.sneakers}, 'Festive Sneakers', 'Shoes.', 120, 10, true, ${ids.category}, ${ids.thumbnail})`);
      await db.execute(sql`insert into product_variants (id, product_id, sku, price, stock)
        values (${variant}, ${ids.sneakers}, 'SNEAKERS', 120, 10)`);
      const address = (state: string) =>
        JSON.stringify({ name: { firstName: "Asha", lastName: "Rao" }, state, gstin: "" });
      // Within Maharashtra (no saved settings: the default store state): 99.50 at 18% (GST 17.91, odd)
      // and 2 × 50 at 5% (5.00), shipping 80 untaxed. A demo order to Karnataka whose lines carried
      // no GST of their own: 200 and 100 at 18%, GST 54.01 on the order alone.
      await db.execute(sql`insert into orders (id, user_id, status, sub_total, tax_amount, shipping_amount,
          total_amount, shipping_address, invoice_number, invoiced_at, created_at)
        values (${within}, ${ids.user}, 'processing', 199.5, 22.91, 80, 302.41, ${address(" maharashtra")}::jsonb,
          'INV/2026-27/000001', '2026-05-01T10:00:00Z', '2026-05-01T09:00:00Z'),
          (${demo}, ${ids.user}, 'delivered', 300, 54.01, 0, 354.01, ${address("Karnataka")}::jsonb,
          'INV/2026-27/000002', '2026-05-02T10:00:00Z', '2026-05-02T09:00:00Z')`);
      await db.execute(sql`insert into order_items (id, order_id, product_id, variant_id, variant_sku, name, price,
          original_price, quantity, tax_rate, tax_amount, hsn_code)
        values (${item(1)}, ${within}, ${ids.sneakers}, ${variant}, 'SNEAKERS', 'Festive Sneakers', 99.5, 99.5, 1, 18, 17.91, '6403'),
          (${item(2)}, ${within}, ${ids.sneakers}, ${variant}, 'SNEAKERS', 'Festive Sneakers', 50, 50, 2, 5, 5, '6403'),
          (${item(3)}, ${demo}, ${ids.sneakers}, ${variant}, 'SNEAKERS', 'Festive Sneakers', 200, 200, 1, 18, 0, '6403'),
          (${item(4)}, ${demo}, ${ids.sneakers}, ${variant}, 'SNEAKERS', 'Festive Sneakers', 100, 100, 1, 18, 0, '6403')`);
      await db.execute(sql`insert into payments (id, user_id, order_id, status, transaction_id, amount, refunded_amount,
          payment_gateway, created_at)
        values ('64a0000000000000000000e0', ${ids.user}, ${within}, 'partially_refunded', 'T-1', 302.41, 52.5, 'test',
          '2026-05-01T10:00:00Z'),
          ('64a0000000000000000000e1', ${ids.user}, ${demo}, 'completed', 'T-2', 354.01, 0, 'test',
          '2026-05-02T10:00:00Z')`);
      await db.execute(sql`update orders set payment_id = '64a0000000000000000000e0' where id = ${within}`);
      await db.execute(sql`update orders set payment_id = '64a0000000000000000000e1' where id = ${demo}`);
      // One of the two 5% units back, its amount exactly its value (50 + 2.50).
      await db.execute(sql`insert into refunds (id, payment_id, order_id, status, amount, reason, provider_refund_id,
          restock, credit_note_number, refunded_at)
        values ('64a0000000000000000000f0', '64a0000000000000000000e0', ${within}, 'completed', 52.5, 'Too small', 'R-1',
          ${JSON.stringify([{ itemId: item(2), variantId: variant, quantity: 1 }])}::jsonb,
          'CN/2026-27/000001', '2026-05-03T10:00:00Z')`);
      await migrate(shop);

      const orderRows = await db.execute<Record<string, unknown>>(sql`select id, supply_type as "supply",
          place_of_supply as "place", buyer_gstin as "gstin" from orders where id in (${within}, ${demo}) order by id`);
      expect(orderRows.rows).toEqual([
        { id: within, supply: "intra-state", place: "27", gstin: null },
        { id: demo, supply: "inter-state", place: "29", gstin: null },
      ]);
      const lineRows = await db.execute<Record<string, unknown>>(sql`select id, tax_amount::text as "tax",
          taxable_value::text as "taxable", cgst::text, sgst::text, igst::text from order_items
          where order_id in (${within}, ${demo}) order by id`);
      expect(lineRows.rows).toEqual([
        // CGST the half rounded down, SGST the rest, as the invoice printed them.
        { id: item(1), tax: "17.91", taxable: "99.50", cgst: "8.95", sgst: "8.96", igst: "0.00" },
        { id: item(2), tax: "5.00", taxable: "100.00", cgst: "2.50", sgst: "2.50", igst: "0.00" },
        // 54.01 spread by value (36.006… and 18.003…): the cent left over to the larger remainder.
        { id: item(3), tax: "36.01", taxable: "200.00", cgst: "0.00", sgst: "0.00", igst: "36.01" },
        { id: item(4), tax: "18.00", taxable: "100.00", cgst: "0.00", sgst: "0.00", igst: "18.00" },
      ]);

      const ledger = async () =>
        (
          await db.execute<Record<string, unknown>>(sql`select source_id as "source", kind, amount::int,
            gross_sales::int as "gross", shipping::int, returns::int, units, tax::int, cgst::int, sgst::int, igst::int
          from sales_ledger order by at, kind`)
        ).rows;
      const zero = { gross: 0, shipping: 0, returns: 0, units: 0, tax: 0, cgst: 0, sgst: 0, igst: 0 };
      const invoices = [
        { ...zero, source: within, kind: "invoice", amount: 30241, gross: 19950, shipping: 8000, units: 3 },
        { ...zero, source: "64a0000000000000000000e0", kind: "payment", amount: 30241 },
        { ...zero, source: demo, kind: "invoice", amount: 35401, gross: 30000, units: 2 },
        { ...zero, source: "64a0000000000000000000e1", kind: "payment", amount: 35401 },
      ];
      Object.assign(invoices[0] ?? {}, { tax: 2291, cgst: 895 + 250, sgst: 896 + 250 });
      Object.assign(invoices[2] ?? {}, { tax: 5401, igst: 5401 });
      const before = { ...zero, source: "64a0000000000000000000f0", kind: "refund", amount: 5250 };
      expect(await ledger()).toEqual([...invoices, before]);

      // At start: the refund's credit note credits the unit it restocked, as its invoice line charged it.
      expect(await backfillCreditNotes(db)).toEqual({ written: 1, skipped: [] });
      const credited = await findRefundLines(db, "64a0000000000000000000f0");
      expect(credited).toEqual([
        expect.objectContaining({
          kind: "goods",
          itemId: item(2),
          quantity: 1,
          taxableValue: 50,
          rate: 5,
          cgst: 1.25,
          sgst: 1.25,
          igst: 0,
          total: 52.5,
        }),
      ]);
      expect(await ledger()).toEqual([
        ...invoices,
        { ...before, returns: 5000, units: 1, tax: 250, cgst: 125, sgst: 125 },
      ]);
      const refundLines = await db.execute<
        Record<string, unknown>
      >(sql`select item_id as "item", amount::int, units
          from sales_ledger_lines where source_id = '64a0000000000000000000f0'`);
      expect(refundLines.rows).toEqual([{ item: item(2), amount: -5000, units: -1 }]);
      // Once: a second start writes nothing.
      expect(await backfillCreditNotes(db)).toEqual({ written: 0, skipped: [] });
      expect(await findRefundLines(db, "64a0000000000000000000f0")).toEqual(credited);
    } finally {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("the tables every order rewrites, and the logs only added to (migrations 0038, 0041, 0064 and 0070)", () => {
  it("keep room for HOT versions and are vacuumed after a count of dead or added rows, whatever the server's settings", async () => {
    await migrate(handle);
    const tables = await handle.db.execute<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      where c.relname in ('document_counters', 'products', 'product_variants', 'orders', 'emails_outbox',
        'emails_sent', 'payments', 'activity')
      order by c.relname`);
    const tuned = (scale: string, threshold: number, analyze: string, fillfactor: number) => [
      `fillfactor=${fillfactor}`,
      `autovacuum_vacuum_scale_factor=${scale}`,
      `autovacuum_vacuum_threshold=${threshold}`,
      `autovacuum_analyze_scale_factor=${analyze}`,
    ];
    expect(Object.fromEntries(tables.rows.map((row) => [row.name, row.options]))).toEqual({
      // The staff's log, read newest first past the first page from its index alone.
      activity: [
        "autovacuum_vacuum_insert_scale_factor=0.005",
        "autovacuum_vacuum_insert_threshold=1000",
        "autovacuum_analyze_scale_factor=0.02",
      ],
      // Every payment and refund raises its document series' row.
      document_counters: [
        "fillfactor=10",
        "autovacuum_vacuum_scale_factor=0",
        "autovacuum_vacuum_threshold=100",
      ],
      // The messages not yet sent: a small table, vacuumed and analysed after a count of changes.
      emails_outbox: [
        "fillfactor=90",
        "autovacuum_vacuum_scale_factor=0",
        "autovacuum_vacuum_threshold=1000",
        "autovacuum_analyze_scale_factor=0",
        "autovacuum_analyze_threshold=1000",
      ],
      // The sent ones: only ever added to.
      emails_sent: [
        "autovacuum_vacuum_insert_scale_factor=0.005",
        "autovacuum_vacuum_insert_threshold=10000",
        "autovacuum_analyze_scale_factor=0.02",
      ],

      orders: tuned("0.005", 1000, "0.02", 90),
      // Only added to by the checkout: the server's settings.
      payments: null,
      product_variants: tuned("0.01", 1000, "0.05", 90),
      products: tuned("0.01", 500, "0.05", 80),
    });
  });
});

describe("the outbox partitioned by status (migration 0041)", () => {
  it("moves a message into the sent table when it is marked sent, and keeps every message and its columns", async () => {
    const database = await createEmptyDatabase();
    try {
      await migrate(database, migrationsUpTo("0040_list_indexes"));
      const message = {
        kind: "orderPlaced",
        recipient: "asha@example.com",
        subject: "Your order",
        text: "Thank you",
        html: "<p>Thank you</p>",
      };
      await database.db.execute(sql`
        insert into emails (id, kind, recipient, subject, text, html, status, sent_at) values
          ('a00000000000000000000001', ${message.kind}, ${message.recipient}, ${message.subject}, ${message.text}, ${message.html}, 'sent', now()),
          ('a00000000000000000000002', ${message.kind}, ${message.recipient}, ${message.subject}, ${message.text}, ${message.html}, 'queued', null),
          ('a00000000000000000000003', ${message.kind}, ${message.recipient}, ${message.subject}, ${message.text}, ${message.html}, 'failed', null)`);
      await migrate(database);
      const where = async () =>
        (
          await database.db.execute<{ id: string; place: string }>(
            sql`select id, tableoid::regclass::text as place from emails order by id`,
          )
        ).rows;
      expect(await where()).toEqual([
        { id: "a00000000000000000000001", place: "emails_sent" },
        { id: "a00000000000000000000002", place: "emails_outbox" },
        { id: "a00000000000000000000003", place: "emails_outbox" },
      ]);
      const [copied] = (
        await database.db.execute<Record<string, unknown>>(
          sql`select kind, recipient, subject, text, html from emails where id = 'a00000000000000000000002'`,
        )
      ).rows;
      expect(copied).toEqual(message);
      await database.db.execute(
        sql`update emails set status = 'sent', sent_at = now() where id = 'a00000000000000000000002'`,
      );
      expect((await where())[1]).toEqual({ id: "a00000000000000000000002", place: "emails_sent" });
    } finally {
      await database.close();
    }
  });
});
