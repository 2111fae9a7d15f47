/**
 * Inventory: the variants' stock with their recent sales, adjustments with a reason, and
 * the stock-movement log the database writes of every change (db/schema/inventory.ts).
 */

import type { Readable } from "node:stream";
import { api } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import {
  type AdjustmentInput,
  type InventoryQuery,
  type InventoryRow,
  SOLD_DAYS,
  type StockMovement,
} from "@shop/shared/schemas/inventory";
import { variantLabel } from "@shop/shared/variants";
import { type CsvRow, csvStream } from "#api/core/csv";
import { AppError } from "#api/core/errors";
import { type ListRead, limitOffsetAndOne, type PageRequest, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { User } from "#api/db/schema/users";
import { recordActivity } from "#api/modules/activity/record";
import {
  adjustStock,
  countInventory,
  findVariantName,
  findVariantStock,
  type InventoryFilterSql,
  latestMovement,
  listInventory,
  listMovements,
  type MovementRecord,
} from "./repo";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the window of units sold. */
export function soldSince(now = new Date()): Date {
  return new Date(now.getTime() - SOLD_DAYS * DAY_MS);
}

function filterOf(query: Pick<InventoryQuery, "filter" | "keyword">, threshold: number): InventoryFilterSql {
  return { filter: query.filter, keyword: query.keyword || undefined, threshold };
}

/**
 * A page of the variants, by product name: after `query.after` (a cursor's key) by keyset, else by
 * offset; the total counted up to COUNT_CAP (`cap` only for tests).
 */
export async function getInventory(
  db: Database,
  query: InventoryQuery,
  threshold: number,
  cap?: number,
): Promise<ListRead<InventoryRow>> {
  const filter = filterOf(query, threshold);
  const page: PageRequest = { page: query.page, size: query.size };
  const keyset = { keyset: query.after !== undefined };
  const [read, counted] = await Promise.all([
    listInventory(db, filter, soldSince(), limitOffsetAndOne(page, keyset), {
      by: "name",
      after: query.after,
    }),
    countInventory(db, filter, cap),
  ]);
  const { rows, more } = withoutExtra(read, page.size);
  const last = rows.at(-1);
  const next =
    more && last
      ? encodeCursor([last.productName, last.productId, last.position, last.variantId])
      : undefined;
  const items = rows.map(({ position: _position, ...row }) => row);
  return { items, ...counted, more, next };
}

export function toMovementDto(row: MovementRecord): StockMovement {
  return {
    _id: String(row.id),
    variantId: row.variantId,
    change: row.change,
    stockAfter: row.stockAfter,
    cause: row.cause,
    reason: row.reason,
    note: row.note,
    by: { _id: row.actorId, name: row.actorName },
    order: row.orderId && row.orderNumber !== null ? { _id: row.orderId, number: row.orderNumber } : null,
    return: row.returnId ? { _id: row.returnId } : null,
    at: row.at.toISOString(),
  };
}

/**
 * Changes a variant's stock by a staff member's count, with the reason: 404 for a variant that is
 * not (or no longer) one of a product's, 409 when the stock would go below 0.
 */
export async function adjustVariantStock(
  db: Database,
  actor: User,
  variantId: string,
  input: AdjustmentInput,
): Promise<{ stock: number; movement: StockMovement }> {
  return db.transaction(async (tx) => {
    const stock = await adjustStock(tx, variantId, input.change, {
      cause: "adjustment",
      reason: input.reason,
      note: input.note || null,
      actor: { id: actor.id, name: fullName(actor) },
    });
    if (stock === undefined) {
      const variant = await findVariantStock(tx, variantId);
      if (!variant) throw new AppError("NOT_FOUND", api.variantNotFound);
      const message = api.stockBelowZero(variant.stock);
      throw new AppError("CONFLICT", message, { change: message });
    }
    const movement = await latestMovement(tx, variantId);
    if (!movement) throw new Error("an adjustment wrote no movement");
    const named = await findVariantName(tx, variantId);
    const label = named ? variantLabel(named.productName, named.productOptions, named.values) : variantId;
    await recordActivity(
      tx,
      actor,
      "stock.adjusted",
      { type: "variant", id: variantId, label },
      { stock: stock - input.change },
      { stock, reason: input.reason, note: input.note || null },
    );
    return { stock, movement: toMovementDto(movement) };
  });
}

/** A page of a variant's movements, newest first; the total counted up to COUNT_CAP (`cap` only for tests). */
export async function getMovements(
  db: Database,
  variantId: string,
  page: PageRequest,
  cap?: number,
): Promise<ListRead<StockMovement>> {
  if (!(await findVariantStock(db, variantId))) throw new AppError("NOT_FOUND", api.variantNotFound);
  const read = await listMovements(db, variantId, limitOffsetAndOne(page), cap);
  const { rows, more } = withoutExtra(read.rows, page.size);
  return { items: rows.map(toMovementDto), total: read.total, totalCapped: read.totalCapped, more };
}

export const INVENTORY_EXPORT_COLUMNS = [
  "Product",
  "Product id",
  "Options",
  "SKU",
  "Stock",
  "Stock state",
  `Sold in ${SOLD_DAYS} days`,
  "Active",
] as const;

const EXPORT_BATCH = 500;

async function* exportRows(
  db: Database,
  query: Pick<InventoryQuery, "filter" | "keyword">,
  threshold: number,
): AsyncGenerator<CsvRow> {
  const filter = filterOf(query, threshold);
  const since = soldSince();
  yield [...INVENTORY_EXPORT_COLUMNS];
  let after: { productId: string; variantId: string } | undefined;
  for (;;) {
    const rows = await listInventory(
      db,
      filter,
      since,
      { limit: EXPORT_BATCH, offset: 0 },
      { by: "product", after },
    );
    for (const row of rows) {
      yield [
        row.productName,
        row.productId,
        Object.entries(row.options)
          .map(([name, value]) => `${name}: ${value}`)
          .join("; "),
        row.sku ?? "",
        row.stock,
        row.stock === 0 ? "out" : row.stock <= threshold ? "low" : "",
        row.sold30,
        row.isActive ? "yes" : "no",
      ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH) return;
    after = { productId: last.productId, variantId: last.variantId };
  }
}

/**
 * The inventory list's variants as CSV (the list's filter and keyword), streamed in batches read by
 * keyset as the orders export is (core/csv.ts: counts as numbers, text guarded against formulas).
 */
export function exportInventoryCsv(
  db: Database,
  query: Pick<InventoryQuery, "filter" | "keyword">,
  threshold: number,
  onError: (error: unknown) => void,
): Readable {
  return csvStream(exportRows(db, query, threshold), onError);
}

/** "inventory-2026-11-25.csv". */
export function inventoryFilename(now = new Date()): string {
  return `inventory-${now.toISOString().slice(0, 10)}.csv`;
}
