import { z } from "zod";
import { validation } from "../messages";

/** The most days the sales chart covers. */
export const SALES_DAYS_MAX = 365;
export const SALES_DAYS_DEFAULT = 30;

/**
 * GET /users/admin: the dashboard's tiles as a key/value map (SPEC section 3). Money keys are left
 * out for managers, who see neither payments nor customers (docs/design.md section 5).
 */
export const DashboardStatsDto = z.object({
  /** Total sales of all time: what the invoices charged less what the credit notes gave back. */
  revenue: z.number().optional(),
  /** Refunds given, of all time. */
  refunds: z.number().optional(),
  /**
   * Orders paid in currencies other than the shop's (placed before a switch) and their total sales, in
   * theirs: counted apart, never in `revenue` nor `refunds`, which are in the shop's currency.
   */
  otherCurrencies: z
    .array(z.object({ currency: z.string(), orders: z.number().int(), totalSales: z.number() }))
    .optional(),
  /** Orders placed, of all time (any state). */
  orders: z.number().int(),
  /** Paid orders waiting to ship (status processing). */
  ordersToShip: z.number().int(),
  pendingOrders: z.number().int(),
  customers: z.number().int().optional(),
  products: z.number().int(),
  inactiveProducts: z.number().int(),
  /** Active variants of active products with 10 or fewer units left (SPEC section 9); named before variants. */
  lowStockProducts: z.number().int(),
});
export type DashboardStatsDto = z.infer<typeof DashboardStatsDto>;

/** GET /stats/sales?days=30 */
export const SalesQuery = z.object({
  days: z.preprocess(
    (value) => (value === undefined || value === "" ? SALES_DAYS_DEFAULT : Number(value)),
    z
      .number({ error: validation.number })
      .int(validation.number)
      .min(1, validation.min(1))
      .max(SALES_DAYS_MAX, validation.max(SALES_DAYS_MAX)),
  ),
});

/**
 * One day of the sales chart, as the shop's clock reads it (oldest first): the orders placed, and in
 * `revenue` the total sales of the documents dated that day (invoices less credit notes), left out for managers.
 */
export const SalesDayDto = z.object({
  date: z.string(),
  orders: z.number().int(),
  revenue: z.number().optional(),
});
export type SalesDayDto = z.infer<typeof SalesDayDto>;
