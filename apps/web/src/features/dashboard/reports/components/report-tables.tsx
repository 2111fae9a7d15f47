import { salesReports } from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/empty-state";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
  openableRowClass,
  rowLinkClass,
} from "#web/features/dashboard/components/data-table";
import { cx } from "#web/lib/cx";
import { formatMonth } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

const { columns } = salesReports;

const numberHeader = "text-right";
/** On a small screen the name takes a line of its own, and the figures share the next one, at its end. */
const nameCell = cx(cellClass, growCellClass, "max-sm:basis-full");

/**
 * A figure's cell. On a small screen, where the table is a card per row without its header, the
 * figure says what it is; the first figure of a row pushes them all to the line's end.
 */
function NumberCell({
  label,
  first = false,
  children,
}: {
  label: string;
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <td className={cx(cellClass, first && endCellClass, "text-right whitespace-nowrap tabular-nums")}>
      <span className="text-neutral-500 sm:hidden">{label} </span>
      {children}
    </td>
  );
}

function Empty({ children }: { children: string }) {
  return <EmptyState title={children} />;
}

const PRODUCT_COLUMNS = [
  { label: columns.product },
  { label: columns.units, className: numberHeader },
  { label: columns.netSales, className: numberHeader },
] as const;

/** Top variants (by net sales or by units): each opens its product in the dashboard. */
export function ProductsTable({ rows, caption }: { rows: SalesReportDto["topProducts"]; caption: string }) {
  if (rows.length === 0) return <Empty>{salesReports.noSales}</Empty>;
  return (
    <DataTable caption={caption} columns={PRODUCT_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.product}/${row.variant}`} className={openableRowClass}>
          <td className={nameCell}>
            <Link
              to={`/dashboard/products/edit/${row.product}`}
              className={cx(
                "font-medium text-neutral-900 hover:text-brand-700 hover:underline",
                rowLinkClass,
              )}
            >
              {row.name}
            </Link>
            {row.sku ? (
              <p className="font-mono text-xs break-all text-neutral-500">
                <span className="sr-only">{columns.sku} </span>
                {row.sku}
              </p>
            ) : null}
          </td>
          <NumberCell label={columns.units} first>
            {row.units.toLocaleString("en-US")}
          </NumberCell>
          <NumberCell label={columns.netSales}>{formatPrice(row.netSales)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const CATEGORY_COLUMNS = [
  { label: columns.category },
  { label: columns.units, className: numberHeader },
  { label: columns.netSales, className: numberHeader },
] as const;

export function CategoriesTable({ rows }: { rows: SalesReportDto["byCategory"] }) {
  if (rows.length === 0) return <Empty>{salesReports.noSales}</Empty>;
  return (
    <DataTable caption={salesReports.tables.byCategory} columns={CATEGORY_COLUMNS}>
      {rows.map((row) => (
        <tr key={row.category}>
          <td className={cx(nameCell, "font-medium text-neutral-900")}>{row.name}</td>
          <NumberCell label={columns.units} first>
            {row.units.toLocaleString("en-US")}
          </NumberCell>
          <NumberCell label={columns.netSales}>{formatPrice(row.netSales)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const CODE_COLUMNS = [
  { label: columns.code },
  { label: columns.uses, className: numberHeader },
  { label: columns.discount, className: numberHeader },
  { label: columns.netSales, className: numberHeader },
] as const;

export function DiscountCodesTable({ rows }: { rows: SalesReportDto["byDiscountCode"] }) {
  if (rows.length === 0) return <Empty>{salesReports.noCodes}</Empty>;
  return (
    <DataTable caption={salesReports.tables.byDiscountCode} columns={CODE_COLUMNS}>
      {rows.map((row) => (
        <tr key={row.code}>
          <td className={cx(nameCell, "font-mono font-medium text-neutral-900")}>{row.code}</td>
          <NumberCell label={columns.uses} first>
            {row.uses.toLocaleString("en-US")}
          </NumberCell>
          <NumberCell label={columns.discount}>{formatPrice(row.discount)}</NumberCell>
          <NumberCell label={columns.netSales}>{formatPrice(row.netSales)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const RTO_COLUMNS = (first: string) =>
  [
    { label: first },
    { label: columns.codShipped, className: numberHeader },
    { label: columns.returnedToOrigin, className: numberHeader },
    { label: columns.rtoRate, className: numberHeader },
  ] as const;

/** "12.5%"; a dash where nothing shipped. */
const rateText = (rate: number | null) => (rate === null ? "–" : `${rate.toLocaleString("en-US")}%`);

type RtoRow = Pick<SalesReportDto["returnedToOrigin"], "shipped" | "returnedToOrigin" | "rate">;

function RtoRows({ rows, name }: { rows: (RtoRow & { key: string })[]; name: (key: string) => string }) {
  return rows.map((row) => (
    <tr key={row.key}>
      <td className={cx(nameCell, "font-medium text-neutral-900")}>{name(row.key)}</td>
      <NumberCell label={columns.codShipped} first>
        {row.shipped.toLocaleString("en-US")}
      </NumberCell>
      <NumberCell label={columns.returnedToOrigin}>{row.returnedToOrigin.toLocaleString("en-US")}</NumberCell>
      <NumberCell label={columns.rtoRate}>{rateText(row.rate)}</NumberCell>
    </tr>
  ));
}

/**
 * Cash on delivery orders first shipped in the period and those that came back refused: the period's
 * rate, then by the month they left and by the state they were sent to.
 */
export function ReturnedToOriginTables({ rto }: { rto: SalesReportDto["returnedToOrigin"] }) {
  if (rto.shipped === 0) return <Empty>{salesReports.noCodShipped}</Empty>;
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-700">
        {salesReports.rtoSummary(rto.returnedToOrigin, rto.shipped, rateText(rto.rate))}
      </p>
      <DataTable
        caption={`${salesReports.tables.returnedToOrigin}: ${columns.month}`}
        columns={RTO_COLUMNS(columns.month)}
      >
        <RtoRows rows={rto.byMonth.map((row) => ({ ...row, key: row.month }))} name={formatMonth} />
      </DataTable>
      <DataTable
        caption={`${salesReports.tables.returnedToOrigin}: ${columns.state}`}
        columns={RTO_COLUMNS(columns.state)}
      >
        <RtoRows
          rows={rto.byState.map((row) => ({ ...row, key: row.state }))}
          name={(state) => state || salesReports.noState}
        />
      </DataTable>
    </div>
  );
}
