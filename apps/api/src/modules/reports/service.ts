/**
 * The sales report of a period (GET /reports/sales): what was sold, given back and kept, read in one
 * repeatable-read snapshot so that its figures tie to one another, and its tables as CSV.
 */
import { SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { COD_CONFIRMED_VIA } from "@shop/shared/messaging";
import { fromCents } from "@shop/shared/pricing";
import {
  daysFromTo,
  REPORT_TOP,
  type ReportCodConfirmationDto,
  type ReportRtoDto,
  type ReportTable,
  type SalesReportDto,
  type SalesReportQuery,
} from "@shop/shared/schemas/report";
import { amountCell, type CsvRow, csvText } from "#api/core/csv";
import { type Database, readSideBySide, type Transaction } from "#api/db/client";
import { reminderFigures } from "#api/modules/carts/service";
import { chargebackFigures } from "#api/modules/disputes/service";
import { codMoneyFigures } from "#api/modules/remittances/service";
import { storeCreditFigures } from "#api/modules/store-credit/service";
import {
  addSums,
  type LedgerSums,
  mergeRankings,
  type Period,
  type ProductRow,
  readCategorySales,
  readPeriod,
  readTopVariants,
  readVariantMiddle,
  tuneForReport,
  type VariantRange,
} from "./repo";
import { type CodConfirmationRow, readCodConfirmation } from "./repo-cod-confirmation";
import { type MethodRow, readPaymentsByMethod } from "./repo-methods";
import { type RtoRow, readReturnedToOrigin } from "./repo-rto";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A period of more days ranks its variants in two halves side by side (salesReport). */
const SPLIT_RANKING_AFTER_DAYS = 31;

/** The days a report covers when the query names none: the last 30, today included. */
const DEFAULT_DAYS = 30;

/** "+05:30" → its milliseconds east of UTC. */
export function offsetMs(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`not a UTC offset: ${offset}`);
  const [, sign, hours, minutes] = match;
  return (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

/** The day the shop's clock reads at `now` ("2026-11-25"). */
export function shopDay(now: Date, offset = SHOP_UTC_OFFSET): string {
  return new Date(now.getTime() + offsetMs(offset)).toISOString().slice(0, 10);
}

/** The moments from the start of `from` to the end of `to`, both days of the shop's clock. */
export function periodOf(
  query: Pick<SalesReportQuery, "from" | "to">,
  now = new Date(),
  utcOffset = SHOP_UTC_OFFSET,
): Omit<Period, "currency"> {
  const to = query.to ?? shopDay(now, utcOffset);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const since = new Date(`${from}T00:00:00${utcOffset}`);
  const before = new Date(new Date(`${to}T00:00:00${utcOffset}`).getTime() + DAY_MS);
  return { since, before, from, to, utcOffset };
}

/** "Blue shirt (M / Red)": the line's name with its options' values. */
function lineName(row: ProductRow): string {
  const values = Object.values(row.options ?? {});
  return values.length > 0 ? `${row.name} (${values.join(" / ")})` : row.name;
}

function productDto(row: ProductRow) {
  return {
    product: row.id,
    variant: row.variant ?? "",
    name: lineName(row),
    sku: row.sku ?? "",
    netSales: fromCents(row.netSales),
    units: row.units,
  };
}

/** The report of the period the query names (the last 30 days by default). */
export async function salesReport(
  db: Database,
  query: Pick<SalesReportQuery, "from" | "to">,
  { utcOffset, currency }: { utcOffset: string; currency: string },
): Promise<SalesReportDto> {
  const period: Period = { ...periodOf(query, new Date(), utcOffset), currency };
  // NOTE: the ranking of the variants on a connection of its own, in the same snapshot as the rest:
  // a year at a million orders took 1.3 s on one connection, 0.8 s of it the ranking. A period longer
  // than a month ranks each half of the variants on a connection of its own (split at the middle the
  // statistics know): the ranking reads a year's lines in variant order, one core's work for 1.1 s
  // while the rest took 0.5 s of the other (bench/README.md, "Runs 29 to 33").
  const middle =
    daysFromTo(period.from, period.to) > SPLIT_RANKING_AFTER_DAYS ? await readVariantMiddle(db) : null;
  const ranked = (range: VariantRange) => async (tx: Transaction) => {
    await tuneForReport(tx, { beside: true });
    return readTopVariants(tx, period, REPORT_TOP, range);
  };
  const [
    { days, codes, others, categories, rto, codMoney, reminders, credit, methods, lost, confirmation },
    ...rankings
  ] = await readSideBySide(
    db,
    async (tx) => {
      await tuneForReport(tx, { beside: true });
      return {
        ...(await readPeriod(tx, period)),
        categories: await readCategorySales(tx, period),
        rto: await readReturnedToOrigin(tx, period),
        codMoney: await codMoneyFigures(tx, period),
        reminders: await reminderFigures(tx, period),
        credit: await storeCreditFigures(tx, period),
        methods: await readPaymentsByMethod(tx, period),
        lost: await chargebackFigures(tx, period),
        confirmation: await readCodConfirmation(tx, period),
      };
    },
    ...(middle === null ? [ranked({})] : [ranked({ below: middle }), ranked({ from: middle })]),
  );
  const products = [...mergeRankings(rankings, REPORT_TOP), ...categories];
  // The period's figures are its days' added up, in cents.
  const summary = addSums(days);
  const ordersPlaced = days.reduce((sum, day) => sum + day.ordersPlaced, 0);
  const net = (sums: LedgerSums) => sums.grossSales - sums.saleDiscounts - sums.codeDiscounts - sums.returns;
  const discounts = summary.saleDiscounts + summary.codeDiscounts;
  const netSales = net(summary);
  const tax = summary.cgst + summary.sgst + summary.igst;
  return {
    from: period.from,
    to: period.to,
    currency,
    otherCurrencies: others.map((row) => ({
      currency: row.currency,
      orders: row.ordersPaid,
      totalSales: fromCents(row.documents),
    })),
    grossSales: fromCents(summary.grossSales),
    discounts: fromCents(discounts),
    saleDiscounts: fromCents(summary.saleDiscounts),
    codeDiscounts: fromCents(summary.codeDiscounts),
    returns: fromCents(summary.returns),
    netSales: fromCents(netSales),
    shipping: fromCents(summary.shipping),
    tax: { cgst: fromCents(summary.cgst), sgst: fromCents(summary.sgst), igst: fromCents(summary.igst) },
    taxInvoiced: fromCents(summary.taxInvoiced),
    taxCredited: fromCents(summary.taxCredited),
    codFees: fromCents(summary.codFees),
    totalSales: fromCents(netSales + summary.shipping + tax + summary.codFees),
    paymentsTaken: fromCents(summary.paymentsTaken),
    refunds: fromCents(summary.refunds),
    chargebacks: fromCents(lost.chargebackCents),
    netPayments: fromCents(summary.paymentsTaken - summary.refunds - lost.chargebackCents),
    ordersPlaced,
    ordersPaid: summary.ordersPaid,
    orders: summary.ordersPaid,
    averageOrderValue:
      summary.ordersPaid > 0 ? fromCents(Math.round(summary.paymentsTaken / summary.ordersPaid)) : 0,
    units: summary.unitsSold - summary.unitsReturned,
    byDay: days.map((day) => ({
      date: day.date,
      netSales: fromCents(net(day)),
      totalSales: fromCents(day.documents),
      orders: day.ordersPlaced,
    })),
    topProducts: products.filter((row) => row.kind === "sales").map(productDto),
    topProductsByUnits: products.filter((row) => row.kind === "units").map(productDto),
    byCategory: products
      .filter((row) => row.kind === "category")
      .sort((a, b) => b.netSales - a.netSales || a.name.localeCompare(b.name))
      .map((row) => ({
        category: row.id,
        name: row.name,
        netSales: fromCents(row.netSales),
        units: row.units,
      })),
    byDiscountCode: codes
      .map((code) => ({ code: code.code, uses: code.invoices, discount: code.codeDiscounts, net: net(code) }))
      .sort((a, b) => b.net - a.net || a.code.localeCompare(b.code))
      .map((code) => ({
        code: code.code,
        uses: code.uses,
        discount: fromCents(code.discount),
        netSales: fromCents(code.net),
      })),
    returnedToOrigin: rtoReport(rto),
    codConfirmation: codConfirmationReport(confirmation),
    codCollected: fromCents(codMoney.collectedCents),
    codAwaitingRemittance: { count: codMoney.awaitingCount, amount: fromCents(codMoney.awaitingCents) },
    codRemitted: fromCents(codMoney.remittedCents),
    cartReminders: {
      sent: reminders.sent,
      recovered: reminders.recovered,
      recoveredSales: fromCents(reminders.recoveredCents),
    },
    storeCredit: { used: fromCents(credit.usedCents), refunded: fromCents(credit.refundedCents) },
    paymentsByMethod: byMethod(methods),
  };
}

/**
 * Payments taken by what took them (decision 042): store credit one row, its part of every payment
 * summed; each provider and method what it took (the payment less the credit's part). Added in cents,
 * so that the rows add up to the payments taken.
 */
function byMethod(rows: readonly MethodRow[]): SalesReportDto["paymentsByMethod"] {
  const credit = rows.reduce((sum, row) => sum + row.credit, 0);
  const providers = rows
    .filter((row) => row.gateway !== "store_credit" && row.amount - row.credit !== 0)
    .map((row) => ({
      kind: row.gateway,
      ...(row.method ? { method: row.method } : {}),
      cents: row.amount - row.credit,
    }));
  const parts = credit !== 0 ? [{ kind: "store_credit" as const, cents: credit }, ...providers] : providers;
  return parts
    .sort((a, b) => b.cents - a.cents || a.kind.localeCompare(b.kind))
    .map(({ cents, ...part }) => ({ ...part, amount: fromCents(cents) }));
}

/** A share in percent, to one decimal (of parcels, of orders); null when there are none. */
function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
}

/** The period's RTO figures, its months in order and its states with the most parcels first. */
function rtoReport(rows: RtoRow[]): ReportRtoDto {
  const figures = (row: RtoRow) => ({
    shipped: row.shipped,
    returnedToOrigin: row.returnedToOrigin,
    rate: percentOf(row.returnedToOrigin, row.shipped),
  });
  const total = rows.find((row) => row.month === null && row.state === null);
  return {
    ...(total ? figures(total) : { shipped: 0, returnedToOrigin: 0, rate: null }),
    byMonth: rows
      .flatMap((row) => (row.month === null ? [] : [{ month: row.month, ...figures(row) }]))
      .sort((a, b) => a.month.localeCompare(b.month)),
    byState: rows
      .flatMap((row) => (row.state === null ? [] : [{ state: row.state, ...figures(row) }]))
      .sort((a, b) => b.shipped - a.shipped || a.state.localeCompare(b.state)),
  };
}

/**
 * The COD orders' confirmation by channel, and RTO with and without it: confirmed orders against
 * those that shipped without being asked (cancelled and waiting ones never ship).
 */
function codConfirmationReport(rows: CodConfirmationRow[]): ReportCodConfirmationDto {
  const count = (keep: (row: CodConfirmationRow) => boolean, figure: (row: CodConfirmationRow) => number) =>
    rows.reduce((sum, row) => sum + (keep(row) ? figure(row) : 0), 0);
  const asked = (row: CodConfirmationRow) => row.confirmation !== null;
  const confirmed = (row: CodConfirmationRow) => row.confirmation === "confirmed";
  const unasked = (row: CodConfirmationRow) => row.confirmation === null;
  const orders = count(asked, (row) => row.orders);
  const total = count(confirmed, (row) => row.orders);
  const unconfirmed = count(
    (row) => row.confirmation === "pending" || row.confirmation === "cancelled",
    (row) => row.orders,
  );
  const rto = (keep: (row: CodConfirmationRow) => boolean) => {
    const shipped = count(keep, (row) => row.shipped);
    const returned = count(keep, (row) => row.returned);
    return { shipped, returned, rate: percentOf(returned, shipped) };
  };
  return {
    orders,
    confirmed: total,
    rate: percentOf(total, orders),
    byChannel: COD_CONFIRMED_VIA.map((channel) => {
      const through = count(
        (row) => confirmed(row) && row.via === channel,
        (row) => row.orders,
      );
      return { channel, confirmed: through, rate: percentOf(through, orders) };
    }),
    unconfirmed,
    unconfirmedRate: percentOf(unconfirmed, orders),
    rto: { confirmed: rto(confirmed), unconfirmed: rto(unasked) },
  };
}

/** One table of the report as CSV rows, the header first. */
function tableRows(report: SalesReportDto, table: ReportTable): CsvRow[] {
  switch (table) {
    case "byDay":
      return [
        ["Date", "Net sales", "Total sales", "Orders placed"],
        ...report.byDay.map((day) => [
          day.date,
          amountCell(day.netSales),
          amountCell(day.totalSales),
          day.orders,
        ]),
      ];
    case "topProducts":
      return [
        ["Product id", "Variant id", "Name", "SKU", "Net sales", "Units"],
        ...report.topProducts.map((row) => [
          row.product,
          row.variant,
          row.name,
          row.sku,
          amountCell(row.netSales),
          row.units,
        ]),
      ];
    case "byCategory":
      return [
        ["Category id", "Category", "Net sales", "Units"],
        ...report.byCategory.map((row) => [row.category, row.name, amountCell(row.netSales), row.units]),
      ];
    case "byDiscountCode":
      return [
        ["Code", "Uses", "Discount", "Net sales"],
        ...report.byDiscountCode.map((row) => [
          row.code,
          row.uses,
          amountCell(row.discount),
          amountCell(row.netSales),
        ]),
      ];
  }
}

/** A table as a spreadsheet (core/csv.ts): amounts and counts as numbers, text guarded against formulas. */
export function reportCsv(report: SalesReportDto, table: ReportTable): string {
  return csvText(tableRows(report, table));
}

/** "sales-byDay-2026-11-01-to-2026-11-30.csv" */
export function reportFilename(report: Pick<SalesReportDto, "from" | "to">, table: ReportTable): string {
  return `sales-${table}-${report.from}-to-${report.to}.csv`;
}
