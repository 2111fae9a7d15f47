import { gstReport, taxFields } from "@shop/shared/messages";
import type { GstReportDto } from "@shop/shared/schemas/report-gst";
import type { ReactNode } from "react";
import { EmptyState } from "#web/components/empty-state";
import { cellClass, DataTable, growCellClass } from "#web/features/dashboard/components/data-table";
import { cx } from "#web/lib/cx";
import { formatDay } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

const { columns, tables } = gstReport;

const numberHeader = "text-right";
/** On a small screen the document or place takes a line of its own, and the figures share the next one. */
const nameCell = cx(cellClass, growCellClass, "max-sm:basis-full");
/** A cell that takes a line of its own on a small screen's card. */
const lineCell = cx(cellClass, "max-sm:basis-full");
const rate = (value: number) => taxFields.percent(value);

/**
 * A figure's cell. On a small screen, where each row is a card without the table's header, the figures
 * pair up in two columns under the row's name, each saying what it is, and a figure too long to share
 * its line with its label (a lakh of rupees beside "Taxable value") goes under it, to the right; from
 * `sm` up, a right-aligned cell.
 */
function NumberCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td
      className={cx(
        cellClass,
        "text-right whitespace-nowrap tabular-nums max-sm:flex max-sm:w-[calc(50%-0.375rem)] max-sm:flex-wrap max-sm:justify-between max-sm:gap-x-2",
      )}
    >
      <span className="text-neutral-500 sm:hidden">{label} </span>
      <span className="ml-auto">{children}</span>
    </td>
  );
}

function Empty() {
  return <EmptyState title={gstReport.noRows} />;
}

/** A document's number with its date under it. */
function DocumentCell({ number, day, label }: { number: string; day: string; label: string }) {
  return (
    <td className={nameCell}>
      <span className="sr-only">{label} </span>
      <span className="font-mono font-medium break-all text-neutral-900">{number}</span>
      <p className="text-xs text-neutral-500 tabular-nums">{formatDay(day)}</p>
    </td>
  );
}

/** A registered buyer: their name and GSTIN. */
function BuyerCell({ name, gstin }: { name: string; gstin: string }) {
  return (
    <td className={nameCell}>
      <span className="font-medium text-neutral-900">{name}</span>
      <p className="font-mono text-xs break-all text-neutral-500">
        <span className="sr-only">{columns.gstin} </span>
        {gstin}
      </p>
    </td>
  );
}

const B2CS_COLUMNS = [
  { label: columns.placeOfSupply },
  { label: columns.rate, className: numberHeader },
  { label: columns.taxableValue, className: numberHeader },
  { label: columns.igst, className: numberHeader },
  { label: columns.cgst, className: numberHeader },
  { label: columns.sgst, className: numberHeader },
] as const;

export function B2csTable({ rows }: { rows: GstReportDto["b2cs"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.b2cs} columns={B2CS_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.placeOfSupply}/${row.rate}`}>
          <td className={cx(nameCell, "font-medium text-neutral-900")}>{row.placeOfSupply}</td>
          <NumberCell label={columns.rate}>{rate(row.rate)}</NumberCell>
          <NumberCell label={columns.taxableValue}>{formatPrice(row.taxableValue)}</NumberCell>
          <NumberCell label={columns.igst}>{formatPrice(row.igst)}</NumberCell>
          <NumberCell label={columns.cgst}>{formatPrice(row.cgst)}</NumberCell>
          <NumberCell label={columns.sgst}>{formatPrice(row.sgst)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const B2CL_COLUMNS = [
  { label: columns.invoice },
  { label: columns.placeOfSupply },
  { label: columns.invoiceValue, className: numberHeader },
  { label: columns.rate, className: numberHeader },
  { label: columns.taxableValue, className: numberHeader },
  { label: columns.igst, className: numberHeader },
] as const;

export function B2clTable({ rows }: { rows: GstReportDto["b2cl"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.b2cl} columns={B2CL_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.invoiceNumber}/${row.rate}`}>
          <DocumentCell number={row.invoiceNumber} day={row.invoiceDate} label={columns.invoice} />
          <td className={lineCell}>{row.placeOfSupply}</td>
          <NumberCell label={columns.invoiceValue}>{formatPrice(row.invoiceValue)}</NumberCell>
          <NumberCell label={columns.rate}>{rate(row.rate)}</NumberCell>
          <NumberCell label={columns.taxableValue}>{formatPrice(row.taxableValue)}</NumberCell>
          <NumberCell label={columns.igst}>{formatPrice(row.igst)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const B2B_COLUMNS = [
  { label: columns.receiver },
  { label: columns.invoice },
  { label: columns.placeOfSupply },
  { label: columns.invoiceValue, className: numberHeader },
  { label: columns.rate, className: numberHeader },
  { label: columns.taxableValue, className: numberHeader },
  { label: columns.igst, className: numberHeader },
  { label: columns.cgst, className: numberHeader },
  { label: columns.sgst, className: numberHeader },
] as const;

export function B2bTable({ rows }: { rows: GstReportDto["b2b"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.b2b} columns={B2B_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.invoiceNumber}/${row.rate}`}>
          <BuyerCell name={row.receiverName} gstin={row.gstin} />
          <DocumentCell number={row.invoiceNumber} day={row.invoiceDate} label={columns.invoice} />
          <td className={lineCell}>{row.placeOfSupply}</td>
          <NumberCell label={columns.invoiceValue}>{formatPrice(row.invoiceValue)}</NumberCell>
          <NumberCell label={columns.rate}>{rate(row.rate)}</NumberCell>
          <NumberCell label={columns.taxableValue}>{formatPrice(row.taxableValue)}</NumberCell>
          <NumberCell label={columns.igst}>{formatPrice(row.igst)}</NumberCell>
          <NumberCell label={columns.cgst}>{formatPrice(row.cgst)}</NumberCell>
          <NumberCell label={columns.sgst}>{formatPrice(row.sgst)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const CDNR_COLUMNS = [
  { label: columns.receiver },
  { label: columns.note },
  { label: columns.placeOfSupply },
  { label: columns.noteValue, className: numberHeader },
  { label: columns.rate, className: numberHeader },
  { label: columns.taxableValue, className: numberHeader },
  { label: columns.igst, className: numberHeader },
  { label: columns.cgst, className: numberHeader },
  { label: columns.sgst, className: numberHeader },
] as const;

export function CdnrTable({ rows }: { rows: GstReportDto["cdnr"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.cdnr} columns={CDNR_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.noteNumber}/${row.rate}`}>
          <BuyerCell name={row.receiverName} gstin={row.gstin} />
          <DocumentCell number={row.noteNumber} day={row.noteDate} label={columns.note} />
          <td className={lineCell}>{row.placeOfSupply}</td>
          <NumberCell label={columns.noteValue}>{formatPrice(row.noteValue)}</NumberCell>
          <NumberCell label={columns.rate}>{rate(row.rate)}</NumberCell>
          <NumberCell label={columns.taxableValue}>{formatPrice(row.taxableValue)}</NumberCell>
          <NumberCell label={columns.igst}>{formatPrice(row.igst)}</NumberCell>
          <NumberCell label={columns.cgst}>{formatPrice(row.cgst)}</NumberCell>
          <NumberCell label={columns.sgst}>{formatPrice(row.sgst)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const CDNUR_COLUMNS = [
  { label: columns.note },
  { label: columns.placeOfSupply },
  { label: columns.noteValue, className: numberHeader },
  { label: columns.rate, className: numberHeader },
  { label: columns.taxableValue, className: numberHeader },
  { label: columns.igst, className: numberHeader },
] as const;

export function CdnurTable({ rows }: { rows: GstReportDto["cdnur"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.cdnur} columns={CDNUR_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.noteNumber}/${row.rate}`}>
          <DocumentCell number={row.noteNumber} day={row.noteDate} label={columns.note} />
          <td className={lineCell}>{row.placeOfSupply}</td>
          <NumberCell label={columns.noteValue}>{formatPrice(row.noteValue)}</NumberCell>
          <NumberCell label={columns.rate}>{rate(row.rate)}</NumberCell>
          <NumberCell label={columns.taxableValue}>{formatPrice(row.taxableValue)}</NumberCell>
          <NumberCell label={columns.igst}>{formatPrice(row.igst)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const HSN_COLUMNS = [
  { label: columns.hsn },
  { label: columns.rate, className: numberHeader },
  { label: columns.quantity, className: numberHeader },
  { label: columns.taxableValue, className: numberHeader },
  { label: columns.igst, className: numberHeader },
  { label: columns.cgst, className: numberHeader },
  { label: columns.sgst, className: numberHeader },
  { label: columns.totalValue, className: numberHeader },
] as const;

export function HsnTable({ rows }: { rows: GstReportDto["hsn"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.hsn} columns={HSN_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.hsn}/${row.rate}`}>
          <td className={nameCell}>
            <span className="font-mono font-medium text-neutral-900">{row.hsn || gstReport.noHsn}</span>
            <p className="text-xs text-neutral-500">
              <span className="sr-only">{columns.description} </span>
              {row.description}
            </p>
          </td>
          <NumberCell label={columns.rate}>{rate(row.rate)}</NumberCell>
          <NumberCell label={columns.quantity}>{row.quantity.toLocaleString("en-US")}</NumberCell>
          <NumberCell label={columns.taxableValue}>{formatPrice(row.taxableValue)}</NumberCell>
          <NumberCell label={columns.igst}>{formatPrice(row.igst)}</NumberCell>
          <NumberCell label={columns.cgst}>{formatPrice(row.cgst)}</NumberCell>
          <NumberCell label={columns.sgst}>{formatPrice(row.sgst)}</NumberCell>
          <NumberCell label={columns.totalValue}>{formatPrice(row.totalValue)}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}

const DOCS_COLUMNS = [
  { label: columns.nature },
  { label: columns.from },
  { label: columns.to },
  { label: columns.total, className: numberHeader },
  { label: columns.cancelled, className: numberHeader },
] as const;

export function DocsTable({ rows }: { rows: GstReportDto["docs"] }) {
  if (rows.length === 0) return <Empty />;
  return (
    <DataTable caption={tables.docs} columns={DOCS_COLUMNS}>
      {rows.map((row) => (
        <tr key={`${row.nature}/${row.from}`}>
          <td className={cx(nameCell, "font-medium text-neutral-900")}>{row.nature}</td>
          <td className={cx(lineCell, "font-mono break-all")}>
            <span className="font-sans text-neutral-500 sm:hidden">{columns.from} </span>
            {row.from}
          </td>
          <td className={cx(lineCell, "font-mono break-all")}>
            <span className="font-sans text-neutral-500 sm:hidden">{columns.to} </span>
            {row.to}
          </td>
          <NumberCell label={columns.total}>{row.total.toLocaleString("en-US")}</NumberCell>
          <NumberCell label={columns.cancelled}>{row.cancelled.toLocaleString("en-US")}</NumberCell>
        </tr>
      ))}
    </DataTable>
  );
}
