/**
 * GET /reports/sales: what the shop sold in a period of days as the shop's clock reads them
 * (SHOP_UTC_OFFSET), both days included. Every figure ties to the money that moved: payments taken on
 * a day count on that day, refunds on the day they were given, and net sales are the one minus the other.
 */
import { z } from "zod";
import { validation } from "../messages";
import { oneOf } from "./common";
import { Day } from "./order";

/** The longest period a report covers, in days. */
export const REPORT_DAYS_MAX = 731;
/** The rows of each "top" table. */
export const REPORT_TOP = 10;

export const REPORT_TABLES = ["byDay", "topProducts", "byCategory", "byDiscountCode"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` and `to` (both included; the last 30 days when left out); `format=csv` with `table` answers
 * one table as a spreadsheet.
 */
export const SalesReportQuery = z
  .object({
    from: Day,
    to: Day,
    format: oneOf(["json", "csv"] as const).optional(),
    table: oneOf(REPORT_TABLES).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to) {
      if (query.to < query.from)
        ctx.addIssue({ code: "custom", path: ["to"], message: validation.dateRange });
      else if ((Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1 > REPORT_DAYS_MAX)
        ctx.addIssue({ code: "custom", path: ["to"], message: validation.reportTooLong(REPORT_DAYS_MAX) });
    }
    if (query.format === "csv" && !query.table)
      ctx.addIssue({ code: "custom", path: ["table"], message: validation.required });
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

const money = z.number();

export const ReportDayDto = z.object({ date: z.string(), netSales: money, orders: z.number().int() });
export const ReportProductDto = z.object({
  product: z.string(),
  variant: z.string(),
  /** The product's name with the variant's options, as the order line recorded them. */
  name: z.string(),
  sku: z.string(),
  netSales: money,
  units: z.number().int(),
});
export const ReportCategoryDto = z.object({
  category: z.string(),
  name: z.string(),
  netSales: money,
  units: z.number().int(),
});
export const ReportDiscountCodeDto = z.object({
  code: z.string(),
  uses: z.number().int(),
  discount: money,
  netSales: money,
});

export const SalesReportDto = z.object({
  from: z.string(),
  to: z.string(),
  /** The items at list price on the orders paid in the period. */
  grossSales: money,
  /** Sale savings and discount codes together; each apart below. */
  discounts: money,
  saleDiscounts: money,
  codeDiscounts: money,
  /** Money given back in the period. */
  refunds: money,
  /** Payments taken in the period minus refunds given in it. */
  netSales: money,
  paymentsTaken: money,
  /** GST on the invoices of the period minus GST on its credit notes. */
  tax: z.object({ cgst: money, sgst: money, igst: money }),
  /** GST on the period's invoices and on its credit notes: tax collected is the one less the other. */
  taxInvoiced: money,
  taxCredited: money,
  shipping: money,
  /** Cash on delivery fees on the orders paid in the period (outside GST). */
  codFees: money,
  /** Orders paid in the period. */
  orders: z.number().int(),
  /** Payments taken ÷ orders, to the cent. */
  averageOrderValue: money,
  /** Units on the orders paid in the period, less units restocked by the period's refunds. */
  units: z.number().int(),
  byDay: z.array(ReportDayDto),
  /** The ten variants with the most net sales; `topProductsByUnits` the ten with the most units. */
  topProducts: z.array(ReportProductDto),
  topProductsByUnits: z.array(ReportProductDto),
  byCategory: z.array(ReportCategoryDto),
  byDiscountCode: z.array(ReportDiscountCodeDto),
});
export type SalesReportDto = z.infer<typeof SalesReportDto>;
