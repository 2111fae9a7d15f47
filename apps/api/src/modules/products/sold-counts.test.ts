/**
 * The best-seller counts brought up to date in batches: units written by payments, cancellations and
 * restocks are added into the products at the fold, once each, never below zero, and a payment no
 * longer writes its products' rows.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#api/db/client";
import { addSoldUnits } from "#api/db/product-sales";
import { productSales, products } from "#api/db/schema/products";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { createTestDatabase } from "#test/db";
import { foldSoldCounts } from "./repo-sold";

let handle: DatabaseHandle;
let ids: string[];
beforeAll(async () => {
  handle = await createTestDatabase();
  const category = await makeCategory(handle);
  const thumbnail = await makeMedia(handle);
  ids = [];
  for (let i = 0; i < 3; i++) {
    const product = await makeProduct(handle, { category: category.id, thumbnail: thumbnail.id });
    ids.push(product._id);
  }
  await handle.db.update(products).set({ soldCount: 5 }).where(inArray(products.id, ids));
});
afterAll(() => handle?.close());

async function countsOf() {
  const rows = await handle.db
    .select({ id: products.id, soldCount: products.soldCount, version: sql<string>`xmin::text` })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

function unitsOf(rows: [string, number][]) {
  const values = rows.map(([id, quantity]) => sql`(${id}::char(24), ${quantity}::integer)`);
  return sql`select * from (values ${sql.join(values, sql`, `)}) as v(product_id, quantity)`;
}

describe("best-seller counts", () => {
  it("adds each product's units at the fold, in one update of its row, and removes them", async () => {
    const [a, b, c] = ids as [string, string, string];
    await addSoldUnits(
      handle.db,
      unitsOf([
        [a, 2],
        [b, 1],
      ]),
    );
    await addSoldUnits(
      handle.db,
      unitsOf([
        [a, 3],
        [c, 0],
      ]),
    );
    const before = await countsOf();
    // Nothing changes in the products until the fold.
    expect(before.get(a)?.soldCount).toBe(5);
    // A zero is not written at all.
    expect(await handle.db.select().from(productSales)).toHaveLength(3);

    expect(await foldSoldCounts(handle.db)).toBe(2);
    const after = await countsOf();
    expect(after.get(a)?.soldCount).toBe(10);
    expect(after.get(b)?.soldCount).toBe(6);
    expect(after.get(c)).toEqual(before.get(c));
    expect(await handle.db.select().from(productSales)).toHaveLength(0);
    // A fold with nothing to add writes nothing.
    expect(await foldSoldCounts(handle.db)).toBe(0);
    expect(await countsOf()).toEqual(after);
  });

  it("takes units given back off, never below zero, and sums a product's rows before", async () => {
    const [a, b] = ids as [string, string];
    await addSoldUnits(
      handle.db,
      unitsOf([
        [a, -4],
        [a, 1],
        [b, -50],
      ]),
    );
    await foldSoldCounts(handle.db);
    const after = await countsOf();
    expect(after.get(a)?.soldCount).toBe(7);
    expect(after.get(b)?.soldCount).toBe(0);
  });

  it("counts every row once when folds run side by side", async () => {
    const [, , c] = ids as [string, string, string];
    const [start] = await handle.db
      .select({ soldCount: products.soldCount })
      .from(products)
      .where(eq(products.id, c));
    for (let i = 0; i < 20; i++) await addSoldUnits(handle.db, unitsOf([[c, 1]]));
    await Promise.all([foldSoldCounts(handle.db), foldSoldCounts(handle.db), foldSoldCounts(handle.db)]);
    const [row] = await handle.db
      .select({ soldCount: products.soldCount })
      .from(products)
      .where(eq(products.id, c));
    expect(row?.soldCount).toBe((start?.soldCount ?? 0) + 20);
    expect(await handle.db.select().from(productSales)).toHaveLength(0);
  });
});
