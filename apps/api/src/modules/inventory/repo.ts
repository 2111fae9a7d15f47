/** The inventory's SQL: variants with their stock and recent sales, adjustments, and the movement log. */
import type { InventoryFilter } from "@shop/shared/schemas/inventory";
import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { CappedTotal } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { escapeLike } from "#api/db/like";
import { countUpTo, descNullsLast } from "#api/db/paging";
import { idValue } from "#api/db/schema/columns";
import { type StockMovementRow, stockMovements, variantsOutOfStock } from "#api/db/schema/inventory";
import { orders } from "#api/db/schema/orders";
import { products, productVariants } from "#api/db/schema/products";
import { salesLedgerLines } from "#api/db/schema/sales";
import { stockAlerts } from "#api/db/schema/shoppers-lists";
import { type StockContext, stockCauseFrom } from "#api/db/stock-cause";

export interface InventoryFilterSql {
  filter?: InventoryFilter;
  keyword?: string;
  /** At or under this many units a variant is low (filter `low`). */
  threshold: number;
}

export interface InventoryRowRecord {
  variantId: string;
  productId: string;
  productName: string;
  options: Record<string, string>;
  /** Null for the one variant of a product without options, which holds its product's id. */
  sku: string | null;
  stock: number;
  isActive: boolean;
  /** The variant's place among its product's (the list's order after the product's name). */
  position: number;
  sold30: number;
  /** Open back-in-stock requests of the variant. */
  stockAlerts: number;
}

/** The variants a filter finds: current ones (not removed), by stock and by product name or SKU. */
function whereOf({ filter, keyword, threshold }: InventoryFilterSql): SQL {
  const conditions: SQL[] = [sql`v.removed_at is null`];
  if (filter === "out") conditions.push(sql`v.stock = 0`);
  if (filter === "low") conditions.push(sql`v.stock <= ${threshold}`);
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    conditions.push(sql`(p.name ilike ${pattern} or v.sku ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

/** Where a page of the list starts: after this variant, by its product's name and id, its position and id. */
export type InventoryNameKey = readonly [
  productName: string,
  productId: string,
  position: number,
  variantId: string,
];

/**
 * The order a page is read in: the list's, by product name (after a cursor's variant), or the
 * export's, by product and variant id (after the last of the batch before).
 */
export type InventoryOrder =
  | { by: "name"; after?: InventoryNameKey | undefined }
  | { by: "product"; after?: { productId: string; variantId: string } | undefined };

/** The rows after a page's start, in its order. */
function keysetOf(order: InventoryOrder): SQL {
  if (!order.after) return sql``;
  if (order.by === "product") {
    const { productId, variantId } = order.after;
    return sql` and (v.product_id, v.id) > (${idValue(productId)}, ${idValue(variantId)})`;
  }
  const [name, productId, position, variantId] = order.after;
  // NOTE: the first comparison is implied by the second; it is the one the products' (name, id)
  // index reads as a range, where the second spans both tables.
  return sql` and (p.name, p.id) >= (${name}, ${idValue(productId)})
    and (p.name, p.id, v.position, v.id) > (${name}, ${idValue(productId)}, ${position}::integer, ${idValue(variantId)})`;
}

/**
 * A page of variants with the units sold since `since`, in one statement: the page first, then the
 * sales ledger's lines of its variants read by the ledger's `at` index (payments less refunds' units),
 * and each variant's open back-in-stock requests (counted in their open requests' index).
 */
export async function listInventory(
  db: Database,
  filter: InventoryFilterSql,
  since: Date,
  page: { limit: number; offset: number },
  order: InventoryOrder = { by: "name" },
): Promise<InventoryRowRecord[]> {
  const where = whereOf(filter);
  const byName = order.by === "name";
  const orderBy = byName ? sql`p.name, p.id, v.position, v.id` : sql`v.product_id, v.id`;
  const result = await db.execute<{
    variant_id: string;
    product_id: string;
    product_name: string;
    options: Record<string, string>;
    sku: string | null;
    stock: number;
    is_active: boolean;
    position: number;
    sold: number;
    alerts: number;
  }>(sql`
    with page as (
      select v.id as variant_id, v.product_id, p.name as product_name, v.options,
             nullif(v.sku, v.product_id::text) as sku, v.stock,
             v.is_active, p.name as sort_name, p.id as sort_product, v.position as sort_position
      from ${productVariants} v join ${products} p on p.id = v.product_id
      where ${where}${keysetOf(order)}
      order by ${orderBy}
      limit ${page.limit} offset ${page.offset}
    ), sold as (
      select l.variant_id, sum(l.units)::integer as units from ${salesLedgerLines} l
      where l.at >= ${since.toISOString()}::timestamptz and l.variant_id in (select variant_id from page)
      group by l.variant_id
    )
    select page.variant_id, page.product_id, page.product_name, page.options, page.sku, page.stock,
           page.is_active, page.sort_position as position, greatest(0, coalesce(sold.units, 0))::integer as sold,
           (select count(*) from ${stockAlerts} a
            where a.variant_id = page.variant_id and a.notified_at is null)::integer as alerts
    from page left join sold on sold.variant_id = page.variant_id
    order by ${
      byName
        ? sql`page.sort_name, page.sort_product, page.sort_position, page.variant_id`
        : sql`page.product_id, page.variant_id`
    }`);
  return result.rows.map((row) => ({
    variantId: row.variant_id,
    productId: row.product_id,
    productName: row.product_name,
    options: row.options,
    sku: row.sku,
    stock: Number(row.stock),
    isActive: row.is_active,
    position: Number(row.position),
    sold30: Number(row.sold),
    stockAlerts: Number(row.alerts),
  }));
}

/** How many variants a filter finds, counted up to `cap` (db/paging.ts). */
export function countInventory(db: Database, filter: InventoryFilterSql, cap?: number): Promise<CappedTotal> {
  // The current variants without stock have a table of their own, kept by the database: counted there,
  // not by reading the variants until as many are found.
  if (filter.filter === "out" && !filter.keyword)
    return countUpTo(db, sql`select 1 from ${variantsOutOfStock}`, cap);
  // NOTE: the products only for a keyword (their names): every variant has its product, and joining
  // them to count 10,001 variants cost more than counting them.
  const from = filter.keyword
    ? sql`${productVariants} v join ${products} p on p.id = v.product_id`
    : sql`${productVariants} v`;
  return countUpTo(db, sql`select 1 from ${from} where ${whereOf(filter)}`, cap);
}

/** A current variant's stock, or undefined. */
export async function findVariantStock(db: Database, variantId: string) {
  const [row] = await db
    .select({ id: productVariants.id, stock: productVariants.stock, removedAt: productVariants.removedAt })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row && row.removedAt === null ? row : undefined;
}

/** A variant's product name, product options and own values: what names it ("Tee (Size: M)"). */
export async function findVariantName(db: Database, variantId: string) {
  const [row] = await db
    .select({ productName: products.name, productOptions: products.options, values: productVariants.options })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return row;
}

/**
 * Changes a current variant's stock by `change`, never below 0, with why in the same statement (the
 * movement log's trigger reads it); answers the stock after, or undefined when the variant is
 * missing or the change would take it below 0.
 */
export async function adjustStock(
  db: Database,
  variantId: string,
  change: number,
  why: StockContext,
): Promise<number | undefined> {
  const result = await db.execute<{ stock: number }>(sql`
    update ${productVariants} v set stock = v.stock + ${change}::integer
    from ${stockCauseFrom(why)}
    where v.id = ${idValue(variantId)} and v.removed_at is null and v.stock + ${change}::integer >= 0
    returning v.stock`);
  const row = result.rows[0];
  return row ? Number(row.stock) : undefined;
}

/** A movement with the number of its order, as people know the order. */
export type MovementRecord = StockMovementRow & { orderNumber: number | null };

const movementColumns = { ...getTableColumns(stockMovements), orderNumber: orders.number };

/**
 * A variant's movements, newest first, each with its order's number (joined by the order's key), and
 * how many it has, counted up to `cap` (db/paging.ts).
 */
export async function listMovements(
  db: Database,
  variantId: string,
  page: { limit: number; offset: number },
  cap?: number,
): Promise<{ rows: MovementRecord[] } & CappedTotal> {
  const where = eq(stockMovements.variantId, variantId);
  const [rows, counted] = await Promise.all([
    db
      .select(movementColumns)
      .from(stockMovements)
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .where(where)
      .orderBy(descNullsLast(stockMovements.at), descNullsLast(stockMovements.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(stockMovements).where(where), cap),
  ]);
  return { rows, ...counted };
}

/** The newest movement of a variant (the one an adjustment just wrote). */
export async function latestMovement(db: Database, variantId: string): Promise<MovementRecord | undefined> {
  const [row] = await db
    .select(movementColumns)
    .from(stockMovements)
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(and(eq(stockMovements.variantId, variantId)))
    .orderBy(desc(stockMovements.at), desc(stockMovements.id))
    .limit(1);
  return row;
}
