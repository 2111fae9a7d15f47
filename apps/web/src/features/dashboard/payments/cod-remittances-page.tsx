import { codRemittances as words } from "@shop/shared/messages";
import type { RemittanceUploadDto as CodRemittanceReportDto } from "@shop/shared/schemas/remittance";
import { useId } from "react";
import { ErrorState } from "#web/components/error-state";
import { errorMessage } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { formatPrice } from "#web/lib/money";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useUploadCodRemittances } from "./api/upload-cod-remittances";
import { usePaymentsLinks } from "./payments-page";

const COLUMNS = [
  { label: words.columns.awb },
  { label: words.columns.order },
  { label: words.columns.expected, className: "text-right" },
  { label: words.columns.remitted, className: "text-right" },
] as const;

/** Amounts of a remittance: rupees, as Shiprocket remits them. */
const rupees = (amount: number) => formatPrice(amount, "INR");

/**
 * Payments → COD remittances (admin): the courier's remittance CSV, uploaded, is matched to the
 * shop's cash on delivery parcels; the page shows how many matched, what was remitted, and each AWB
 * whose amount differs from its parcel's (or that is no COD parcel of the shop).
 */
export function CodRemittancesPage() {
  const id = useId();
  const upload = useUploadCodRemittances();
  const links = usePaymentsLinks();
  return (
    <>
      <SectionHeader title="Payments" links={links} />
      <SectionBody>
        <SectionCard title={words.title}>
          <p className="mb-4 max-w-prose text-sm text-neutral-600">{words.intro}</p>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-neutral-800">
            {words.upload}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-500">
            {words.uploadHint}
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${id}-hint`}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file may be chosen again once corrected: the field forgets it.
              event.target.value = "";
              if (file) upload.mutate(file);
            }}
            className="mt-1.5 block w-full max-w-md text-sm text-neutral-700 file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          />
          <div className="mt-5" aria-live="polite">
            {upload.isPending ? (
              <p role="status" className="text-sm text-neutral-700">
                {words.uploading}
              </p>
            ) : upload.isError ? (
              <ErrorState message={errorMessage(upload.error)} />
            ) : upload.data ? (
              <RemittanceReport report={upload.data} />
            ) : null}
          </div>
        </SectionCard>
      </SectionBody>
    </>
  );
}

function RemittanceReport({ report }: { report: CodRemittanceReportDto }) {
  return (
    <div className="space-y-4">
      <dl className="grid max-w-md grid-cols-2 gap-3">
        <div className="rounded-control bg-neutral-50 p-3">
          <dt className="text-sm text-neutral-600">{words.matched}</dt>
          <dd className="text-lg font-semibold text-neutral-900 tabular-nums">{report.matched}</dd>
        </div>
        <div className="rounded-control bg-neutral-50 p-3">
          <dt className="text-sm text-neutral-600">{words.remitted}</dt>
          <dd className="text-lg font-semibold text-neutral-900 tabular-nums">{report.remitted}</dd>
        </div>
      </dl>
      <h3 className="text-sm font-semibold text-neutral-900">{words.differencesTitle}</h3>
      {report.differences.length === 0 ? (
        <p className="text-sm text-neutral-600">{words.noDifferences}</p>
      ) : (
        <DataTable caption={words.differencesTitle} columns={COLUMNS}>
          {report.differences.map((row) => (
            <tr key={row.awb}>
              <td className={cx(cellClass, growCellClass, "font-mono text-xs break-all")}>{row.awb}</td>
              <td className={cellClass}>{row.order === null ? words.noOrder : `#${row.order}`}</td>
              <td className={cx(cellClass, "text-right tabular-nums")}>
                <span className="sm:hidden">{words.columns.expected}: </span>
                {row.expected === null ? words.noCodParcel : rupees(row.expected)}
              </td>
              <td className={cx(cellClass, endCellClass, "text-right font-medium tabular-nums")}>
                <span className="sm:hidden">{words.columns.remitted}: </span>
                {rupees(row.remitted)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
