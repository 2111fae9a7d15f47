/**
 * Inventory: one row per variant with its stock and recent sales, the adjustments staff
 * make with a reason, and the stock-movement log the database keeps of every change of a variant's
 * stock (placements, cancellations, expired holds, refund restocks, imports, adjustments).
 */
import { z } from "zod";
import { STOCK_MAX } from "../constants";
import { validation } from "../messages";
import { Id, ListQuery, number, oneOf } from "./common";
import { CursorId, CursorInt, CursorText, cursorOf } from "./cursor";

/** Why a variant's stock changed; the database's check constraint lists the same. */
export const STOCK_CAUSES = [
  "initial",
  "placement",
  "cancel",
  "expiry",
  "refund",
  "return",
  "import",
  "adjustment",
  "other",
] as const;
export type StockCause = (typeof STOCK_CAUSES)[number];

/** The reasons staff give for an adjustment. */
export const ADJUSTMENT_REASONS = ["received", "damaged", "count_correction", "other"] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const INVENTORY_FILTERS = ["low", "out"] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];

/** Units sold in this many days, as the inventory list shows them. */
export const SOLD_DAYS = 30;

export const NOTE_MAX = 500;

/**
 * GET /inventory: a page of variants by product name, `low` (at or under the threshold, not out) or
 * `out` of stock; `after` (the `meta.next` of the page before) starts after that variant, by its
 * product's name and id and its own position and id.
 */
export const InventoryQuery = ListQuery.extend({
  filter: z.enum(INVENTORY_FILTERS, { error: validation.oneOf(INVENTORY_FILTERS) }).optional(),
  after: cursorOf([CursorText, CursorId, CursorInt, CursorId]),
});
export type InventoryQuery = z.infer<typeof InventoryQuery>;

export const InventoryRow = z.object({
  variantId: z.string(),
  productId: z.string(),
  productName: z.string(),
  options: z.record(z.string(), z.string()),
  /**
   * Null when the variant has no SKU of its own: a product without options, whose one variant is
   * stored with its product's id, is named by its product.
   */
  sku: z.string().nullable(),
  stock: z.number().int(),
  isActive: z.boolean(),
  /** Units of paid orders in the last SOLD_DAYS days, less the units refunds put back. */
  sold30: z.number().int(),
  /** Shoppers waiting for it ("Email me when it's back" not yet mailed): a guide to what to reorder. */
  stockAlerts: z.number().int(),
});
export type InventoryRow = z.infer<typeof InventoryRow>;

/** POST /inventory/{variantId}/adjustments: a change of units (never 0), why, and a note. */
export const AdjustmentInput = z
  .object({
    change: number({ min: -STOCK_MAX, max: STOCK_MAX, int: true }).refine(
      (n) => n !== 0,
      validation.adjustmentZero,
    ),
    reason: oneOf(ADJUSTMENT_REASONS),
    note: z
      .string({ error: validation.notAnOption })
      .trim()
      .max(NOTE_MAX, validation.maxLength(NOTE_MAX))
      .nullish(),
  })
  .strict();
export type AdjustmentInput = z.infer<typeof AdjustmentInput>;

export const VariantParams = z.object({ variantId: Id });

export const StockMovement = z.object({
  _id: z.string(),
  variantId: z.string(),
  change: z.number().int(),
  stockAfter: z.number().int(),
  cause: z.enum(STOCK_CAUSES),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  by: z.object({ _id: z.string().nullable(), name: z.string().nullable() }),
  /** The order whose placement, cancellation, expiry, refund or return moved the stock; else null. */
  order: z.object({ _id: z.string(), number: z.number().int() }).nullable(),
  /** The return whose receipt put the units back (its order is `order`); else null. */
  return: z.object({ _id: z.string() }).nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof StockMovement>;

/** GET /inventory/{variantId}/movements: newest first, paged as every list. */
export const MovementsQuery = ListQuery.pick({ page: true, size: true });

/** What an adjustment answers: the variant's stock after it, and its movement. */
export const AdjustmentResult = z.object({ stock: z.number().int(), movement: StockMovement });

/** GET /inventory/export.csv: the list's filter and keyword, every page. */
export const InventoryExportQuery = InventoryQuery.pick({ filter: true, keyword: true });
