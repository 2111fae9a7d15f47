import { salesReports } from "@shop/shared/messages";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import type { ReactNode } from "react";
import { Skeleton } from "#web/components/skeleton";
import { cx } from "#web/lib/cx";
import { formatPrice } from "#web/lib/money";

const { figures } = salesReports;

interface Figure {
  label: string;
  value: (report: SalesReportDto) => string;
  /** The headline: the whole width of a phone's two columns. */
  wide?: boolean;
  /** The figure's parts, each on a line of its own under it. */
  parts?: readonly { label: string; value: (report: SalesReportDto) => string }[];
}

const count = (value: number) => value.toLocaleString("en-US");

/** Taken off the figure above it: "−$9.60". */
const less = (amount: number) => (amount > 0 ? `−${formatPrice(amount)}` : formatPrice(0));

// Summed in cents: amounts of two decimals added as floats can miss the last cent.
const taxOf = ({ tax }: SalesReportDto) =>
  fromCents(toCents(tax.cgst) + toCents(tax.sgst) + toCents(tax.igst));

/**
 * The figures as an owner reads a sales report: total sales = net sales + shipping + tax + COD fees,
 * net sales = gross sales − discounts − returns, then the money that moved (net payments = payments
 * taken − refunds − chargebacks) and the orders counted.
 */
const FIGURES: readonly Figure[] = [
  {
    label: figures.totalSales,
    wide: true,
    value: (report) => formatPrice(report.totalSales),
    parts: [
      { label: figures.netSales, value: (report) => formatPrice(report.netSales) },
      { label: figures.shipping, value: (report) => formatPrice(report.shipping) },
      { label: figures.tax, value: (report) => formatPrice(taxOf(report)) },
      { label: figures.codFees, value: (report) => formatPrice(report.codFees) },
    ],
  },
  {
    label: figures.netSales,
    value: (report) => formatPrice(report.netSales),
    parts: [
      { label: figures.grossSales, value: (report) => formatPrice(report.grossSales) },
      { label: figures.saleDiscounts, value: (report) => less(report.saleDiscounts) },
      { label: figures.codeDiscounts, value: (report) => less(report.codeDiscounts) },
      { label: figures.returns, value: (report) => less(report.returns) },
    ],
  },
  {
    label: figures.tax,
    value: (report) => formatPrice(taxOf(report)),
    parts: [
      { label: figures.cgst, value: (report) => formatPrice(report.tax.cgst) },
      { label: figures.sgst, value: (report) => formatPrice(report.tax.sgst) },
      { label: figures.igst, value: (report) => formatPrice(report.tax.igst) },
      { label: figures.taxInvoiced, value: (report) => formatPrice(report.taxInvoiced) },
      { label: figures.taxCredited, value: (report) => less(report.taxCredited) },
    ],
  },
  { label: figures.paymentsTaken, value: (report) => formatPrice(report.paymentsTaken) },
  { label: figures.refunds, value: (report) => formatPrice(report.refunds) },
  // Money the providers took back for disputes lost: apart from refunds, as no credit note gave it.
  { label: figures.chargebacks, value: (report) => formatPrice(report.chargebacks) },
  { label: figures.netPayments, value: (report) => formatPrice(report.netPayments) },
  { label: figures.ordersPlaced, value: (report) => count(report.ordersPlaced) },
  { label: figures.ordersPaid, value: (report) => count(report.ordersPaid) },
  { label: figures.averageOrderValue, value: (report) => formatPrice(report.averageOrderValue) },
  { label: figures.units, value: (report) => count(report.units) },
];

/** The figure's size follows its tile's width, so that a phone's two columns hold "$14,419.86" on one line. */
const VALUE_CLASS =
  "block text-base leading-7 font-semibold break-words text-neutral-900 tabular-nums @min-[7rem]:text-lg @min-[8.5rem]:text-xl @min-[10rem]:text-2xl @min-[10rem]:leading-8";

const GRID_CLASS = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4";

function Tile({
  label,
  value,
  wide = false,
  parts,
}: {
  label: string;
  value: ReactNode;
  wide?: boolean | undefined;
  parts?: readonly { label: string; value: ReactNode }[] | undefined;
}) {
  return (
    <div
      className={cx(
        "@container min-w-0 rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200",
        wide && "max-sm:col-span-2",
      )}
    >
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1">
        <span className={VALUE_CLASS}>{value}</span>
        {parts ? (
          <dl className="mt-2 space-y-0.5 text-xs leading-4 text-neutral-600">
            {parts.map((part) => (
              <div key={part.label} className="flex flex-wrap justify-between gap-x-2">
                <dt>{part.label}</dt>
                <dd className="tabular-nums">{part.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </dd>
    </div>
  );
}

/** The period's figures as tiles: each names what it counts, with its parts (tax by kind, discounts by source). */
export function ReportFigures({ report }: { report: SalesReportDto }) {
  return (
    <dl className={GRID_CLASS}>
      {FIGURES.map((figure) => (
        <Tile
          key={figure.label}
          label={figure.label}
          wide={figure.wide}
          value={figure.value(report)}
          parts={figure.parts?.map((part) => ({ label: part.label, value: part.value(report) }))}
        />
      ))}
    </dl>
  );
}

/** The same tiles with their names, their numbers still loading: the page keeps its shape. */
export function ReportFiguresSkeleton() {
  return (
    <div aria-hidden="true">
      <dl className={GRID_CLASS}>
        {FIGURES.map((figure) => (
          <Tile
            key={figure.label}
            label={figure.label}
            wide={figure.wide}
            value={<Skeleton className="h-7 w-24 max-w-full @min-[10rem]:h-8" />}
            parts={figure.parts?.map((part) => ({
              label: part.label,
              value: <Skeleton className="h-4 w-12" />,
            }))}
          />
        ))}
      </dl>
    </div>
  );
}
