/**
 * GET /reports/sales: what the shop sold in a period of days as the shop's clock reads them
 * (SHOP_UTC_OFFSET), both days included. Sales and tax follow the documents' dates (an invoice on its
 * date, a credit note on its refund's), the money the days it moved; every GST figure is a sum of
 * what the documents printed.
 */
import { z } from "zod";
import { validation } from "../messages";
import { COD_CONFIRMED_VIA } from "../messaging";
import { oneOf } from "./common";
import { Day, PaymentTenderDto } from "./order";

/** The longest period a report covers, in days. */
export const REPORT_DAYS_MAX = 731;
/** The rows of each "top" table. */
export const REPORT_TOP = 10;

export const REPORT_TABLES = ["byDay", "topProducts", "byCategory", "byDiscountCode"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days from `from` to `to` ("2026-11-01"), both included. */
export function daysFromTo(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
}

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
      else if (daysFromTo(query.from, query.to) > REPORT_DAYS_MAX)
        ctx.addIssue({ code: "custom", path: ["to"], message: validation.reportTooLong(REPORT_DAYS_MAX) });
    }
    if (query.format === "csv" && !query.table)
      ctx.addIssue({ code: "custom", path: ["table"], message: validation.required });
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuery>;

const money = z.number();

/** A day of the period: its net sales and total sales (by the documents' dates) and the orders placed on it. */
export const ReportDayDto = z.object({
  date: z.string(),
  netSales: money,
  totalSales: money,
  orders: z.number().int(),
});
export const ReportProductDto = z.object({
  product: z.string(),
  variant: z.string(),
  /** The product's name with the variant's options, as the order line recorded them. */
  name: z.string(),
  /** Empty for a product without options: its name says what it is. */
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

/**
 * Cash on delivery parcels that came back: of the COD orders whose first parcel left in the month (or
 * that ship to the state), how many came back refused (returned to origin, RTO), and their share in
 * percent to one decimal (null when none shipped).
 */
export const ReportRtoRowDto = z.object({
  shipped: z.number().int(),
  returnedToOrigin: z.number().int(),
  rate: z.number().nullable(),
});
export const ReportRtoDto = ReportRtoRowDto.extend({
  byMonth: z.array(ReportRtoRowDto.extend({ month: z.string() })),
  /** The shipping address's state, most parcels first. */
  byState: z.array(ReportRtoRowDto.extend({ state: z.string() })),
});
export type ReportRtoDto = z.infer<typeof ReportRtoDto>;

/**
 * The abandoned-checkout reminders sent in the period, the carts they recovered (an order placed
 * within 7 days of a reminder, not cancelled since) and what those orders came to.
 */
export const ReportCartRemindersDto = z.object({
  sent: z.number().int(),
  recovered: z.number().int(),
  recoveredSales: money,
});
export type ReportCartRemindersDto = z.infer<typeof ReportCartRemindersDto>;

/** Cash on delivery orders that shipped, and those of them that came back (returned to origin). */
export const ReportCodRtoDto = z.object({
  shipped: z.number().int(),
  returned: z.number().int(),
  /** Returned of shipped in percent, to one decimal; null when none shipped. */
  rate: z.number().nullable(),
});

/**
 * Cash on delivery's confirmation before shipping (decision 037), of the COD orders placed in the
 * period that asked for it: how many were confirmed, through which channel (a WhatsApp tap, the
 * email's link, the order page, staff by phone), and how many were not (`unconfirmed`: cancelled
 * unconfirmed, or still waiting). `confirmed` counts the ones confirmed before the channel was kept too, so the
 * channels may add up to less. Rates are of `orders`, in percent to one decimal (null when none).
 * `rto` sets the confirmed orders that shipped against those that shipped without a confirmation
 * (asked for none, as before it existed): how many of each came back returned to origin.
 */
export const ReportCodConfirmationDto = z.object({
  orders: z.number().int(),
  confirmed: z.number().int(),
  rate: z.number().nullable(),
  byChannel: z.array(
    z.object({
      channel: z.enum(COD_CONFIRMED_VIA),
      confirmed: z.number().int(),
      rate: z.number().nullable(),
    }),
  ),
  unconfirmed: z.number().int(),
  unconfirmedRate: z.number().nullable(),
  rto: z.object({ confirmed: ReportCodRtoDto, unconfirmed: ReportCodRtoDto }),
});
export type ReportCodConfirmationDto = z.infer<typeof ReportCodConfirmationDto>;

/**
 * The figures of a period as an owner reads them: what the documents dated in it sold (invoices) and
 * gave back (credit notes), and the money that moved in it. Gross sales − discounts − returns = net
 * sales (goods, before GST); net sales + shipping + tax + COD fees = total sales (what the documents
 * charged, less what they credited).
 */
/** Orders of a currency other than the shop's in a report's period: counted apart, never summed in. */
export const ReportOtherCurrencyDto = z.object({
  /** ISO 4217, as the orders were placed in it ("USD"). */
  currency: z.string(),
  /** Orders whose payment was taken in the period. */
  orders: z.number().int(),
  /** Their total sales (invoices less credit notes), in that currency. */
  totalSales: money,
});
export type ReportOtherCurrencyDto = z.infer<typeof ReportOtherCurrencyDto>;

export const SalesReportDto = z.object({
  from: z.string(),
  to: z.string(),
  /** The currency every figure below is in: the shop's now (ISO 4217). */
  currency: z.string(),
  /** Orders placed in other currencies (before the shop switched), apart; empty when none. */
  otherCurrencies: z.array(ReportOtherCurrencyDto),
  /** The goods on the period's invoices at list price, before GST. */
  grossSales: money,
  /** Sale savings and discount codes together, before GST; each apart below. */
  discounts: money,
  saleDiscounts: money,
  codeDiscounts: money,
  /** The goods the period's credit notes gave back, before GST. */
  returns: money,
  /** Gross sales − discounts − returns: the goods sold, before GST. */
  netSales: money,
  /** Shipping before GST, charged less given back. */
  shipping: money,
  /** GST on the period's invoices less GST on its credit notes, as the documents print it. */
  tax: z.object({ cgst: money, sgst: money, igst: money }),
  /** GST on the period's invoices and on its credit notes: tax collected is the one less the other. */
  taxInvoiced: money,
  taxCredited: money,
  /** Cash on delivery fees charged less given back, before GST (decision 047: taxed when the charges are). */
  codFees: money,
  /** Net sales + shipping + tax + COD fees. */
  totalSales: money,
  /** Money taken in the period (payments, COD cash on the day it was collected) and given back in it. */
  paymentsTaken: money,
  refunds: money,
  /**
   * Money taken back by the payment providers for disputes lost in the period, dated when each was
   * lost (decision 045): not a refund (no credit note; the sale stands in the figures above).
   */
  chargebacks: money,
  /** Payments taken − refunds − chargebacks: the money the period left with the shop. */
  netPayments: money,
  /** Orders placed in the period (any state), and orders whose payment was taken in it. */
  ordersPlaced: z.number().int(),
  ordersPaid: z.number().int(),
  /** The same as `ordersPaid` (the name it had before). */
  orders: z.number().int(),
  /** Payments taken ÷ orders paid, to the cent. */
  averageOrderValue: money,
  /** Units on the period's invoices, less units its credit notes gave back. */
  units: z.number().int(),
  byDay: z.array(ReportDayDto),
  /** The ten variants with the most net sales; `topProductsByUnits` the ten with the most units. */
  topProducts: z.array(ReportProductDto),
  topProductsByUnits: z.array(ReportProductDto),
  byCategory: z.array(ReportCategoryDto),
  byDiscountCode: z.array(ReportDiscountCodeDto),
  /** Cash on delivery orders first shipped in the period, and those of them returned to origin. */
  returnedToOrigin: ReportRtoDto,
  /**
   * Cash on delivery money: what couriers collected of COD parcels delivered in the period (their
   * COD amounts), what they hold now not yet remitted to the shop (parcels and amount, whatever the
   * period), and what the remittance files say was paid to the shop in the period (by their dates).
   */
  codCollected: money,
  codAwaitingRemittance: z.object({ count: z.number().int(), amount: money }),
  codRemitted: money,
  /** Cash on delivery orders placed in the period: their confirmation by channel, and RTO with and without it. */
  codConfirmation: ReportCodConfirmationDto,
  /** Abandoned-checkout reminders sent in the period, and the orders that came of them. */
  cartReminders: ReportCartRemindersDto,
  /**
   * Store credit in the period (decision 042): `used` what orders took of it less what came back
   * from orders cancelled unpaid (within paymentsTaken: a means of payment), `refunded` what refunds
   * gave as credit (within refunds).
   */
  storeCredit: z.object({ used: money, refunded: money }),
  /**
   * Payments taken in the period by what took them, the most first (decision 042): store credit a
   * row of its own (its part of orders paid partly with it, and orders paid all with it), each
   * provider (by its method where it said one) only what it took. They add up to `paymentsTaken`.
   */
  paymentsByMethod: z.array(PaymentTenderDto),
});
export type SalesReportDto = z.infer<typeof SalesReportDto>;
