import { gstReport, salesReports } from "@shop/shared/messages";
import type { GstReportDto, GstTable } from "@shop/shared/schemas/report-gst";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "#web/components/empty-state";
import { QueryState } from "#web/components/query-state";
import { SelectField } from "#web/components/select-field";
import { Skeleton } from "#web/components/skeleton";
import { cx } from "#web/lib/cx";
import { formatMonth } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { SectionBody, SectionHeader } from "../components/section-header";
import { gstReportCsvUrl, useGstReport } from "./api/get-gst-report";
import {
  B2bTable,
  B2clTable,
  B2csTable,
  CdnrTable,
  CdnurTable,
  DocsTable,
  HsnTable,
} from "./components/gst-tables";
import { ReportCard } from "./components/report-card";
import { isMonth, monthsOffered, monthToFile } from "./months";
import { shopToday } from "./period";
import { REPORT_LINKS } from "./report-links";

const { tables, columns } = gstReport;

/** The 3.1(a) figures of GSTR-3B, as the return's row lists them. */
const GSTR3B: readonly { label: string; value: (figures: GstReportDto["gstr3b"]) => number }[] = [
  { label: columns.taxableValue, value: (figures) => figures.taxableValue },
  { label: columns.igst, value: (figures) => figures.igst },
  { label: columns.cgst, value: (figures) => figures.cgst },
  { label: columns.sgst, value: (figures) => figures.sgst },
  { label: columns.cess, value: (figures) => figures.cess },
];

function Gstr3bFigures({ figures }: { figures: GstReportDto["gstr3b"] | null }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5 sm:gap-4">
        {GSTR3B.map((figure) => (
          <div
            key={figure.label}
            className="min-w-0 rounded-control bg-neutral-50 p-3 ring-1 ring-neutral-200"
          >
            <dt className="text-sm text-neutral-600">{figure.label}</dt>
            <dd className="mt-1 text-lg font-semibold break-words text-neutral-900 tabular-nums">
              {figures ? formatPrice(figure.value(figures)) : <Skeleton className="h-7 w-20 max-w-full" />}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-neutral-500">{gstReport.gstr3bHint}</p>
    </>
  );
}

/** The tables in the order a shop selling to consumers fills them; B2B and CDNR only when a buyer gave a GSTIN. */
const TABLES: readonly {
  table: GstTable;
  render: (report: GstReportDto) => ReactNode;
  shown?: (report: GstReportDto) => boolean;
}[] = [
  { table: "b2cs", render: (report) => <B2csTable rows={report.b2cs} /> },
  { table: "b2cl", render: (report) => <B2clTable rows={report.b2cl} /> },
  { table: "hsn", render: (report) => <HsnTable rows={report.hsn} /> },
  // Table 12 apart for registered buyers and consumers, as the current form asks, once a buyer gave a GSTIN.
  {
    table: "hsnb2b",
    render: (report) => <HsnTable rows={report.hsnB2b} />,
    shown: (report) => report.hsnB2b.length > 0,
  },
  {
    table: "hsnb2c",
    render: (report) => <HsnTable rows={report.hsnB2c} />,
    shown: (report) => report.hsnB2b.length > 0,
  },
  { table: "cdnur", render: (report) => <CdnurTable rows={report.cdnur} /> },
  {
    table: "b2b",
    render: (report) => <B2bTable rows={report.b2b} />,
    shown: (report) => report.b2b.length > 0,
  },
  {
    table: "cdnr",
    render: (report) => <CdnrTable rows={report.cdnr} />,
    shown: (report) => report.cdnr.length > 0,
  },
  { table: "docs", render: (report) => <DocsTable rows={report.docs} /> },
];

function count(report: GstReportDto, nature: GstReportDto["docs"][number]["nature"]) {
  return report.docs.filter((row) => row.nature === nature).reduce((sum, row) => sum + row.total, 0);
}

/** Which GSTIN's return is shown, and links to the month's returns under the shop's other ones. */
function Registrations({ report }: { report: GstReportDto }) {
  return (
    <div className="space-y-1 text-sm text-neutral-600">
      <p>{gstReport.registration(report.gstin)}</p>
      {report.otherGstins.length > 0 ? (
        <p>
          {gstReport.otherRegistrations}{" "}
          {report.otherGstins.map((gstin, i) => (
            <span key={gstin}>
              {i > 0 ? ", " : null}
              <Link
                className="font-mono text-brand-700 hover:underline"
                to={`?${new URLSearchParams({ month: report.month, gstin })}`}
              >
                {gstin}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

function GstView({ report }: { report: GstReportDto }) {
  if (report.docs.length === 0)
    return (
      <>
        <Registrations report={report} />
        <EmptyState title={gstReport.empty} description={gstReport.emptyHint} />
      </>
    );
  return (
    <>
      <Registrations report={report} />
      <p className="text-sm text-neutral-600">
        {gstReport.documents(count(report, "Invoices for outward supply"), count(report, "Credit Note"))}
      </p>
      <ReportCard title={gstReport.gstr3b}>
        <Gstr3bFigures figures={report.gstr3b} />
      </ReportCard>
      {TABLES.filter((entry) => entry.shown?.(report) ?? true).map((entry) => (
        <ReportCard
          key={entry.table}
          title={tables[entry.table]}
          csvUrl={gstReportCsvUrl(report, entry.table)}
        >
          {entry.render(report)}
        </ReportCard>
      ))}
    </>
  );
}

/** While the first month loads: the figures and the tables in their places. */
function GstSkeleton() {
  return (
    <>
      <Skeleton className="h-5 w-72 max-w-full" />
      <ReportCard title={gstReport.gstr3b}>
        <Gstr3bFigures figures={null} />
      </ReportCard>
      {[tables.b2cs, tables.b2cl, tables.hsn].map((title) => (
        <ReportCard key={title} title={title}>
          <Skeleton className="h-32 w-full" />
        </ReportCard>
      ))}
    </>
  );
}

/**
 * /dashboard/reports/gst (admins and managers): a month's GSTR-1 tables, each downloadable as the GST
 * portal's offline tool imports it, and its GSTR-3B 3.1(a) figures. The month is in the address
 * (`month`); without one, the month a return is due for (the one before the shop's today).
 */
export function GstReportPage() {
  const head = <PageMeta title={pageTitle(`${gstReport.title} · ${salesReports.title}`)} />;
  const [searchParams, setSearchParams] = useSearchParams();
  const today = shopToday();
  const asked = searchParams.get("month");
  const month = isMonth(asked) ? asked : monthToFile(today);
  const gstin = searchParams.get("gstin");
  const report = useGstReport({ month, gstin });

  return (
    <>
      {head}

      <SectionHeader title={salesReports.title} links={REPORT_LINKS} />
      <SectionBody>
        <SelectField
          label={gstReport.monthLabel}
          layout="inline"
          value={month}
          onChange={(event) =>
            setSearchParams((current) => {
              const params = new URLSearchParams(current);
              params.set("month", event.target.value);
              return params;
            })
          }
        >
          {monthsOffered(today, month).map((value) => (
            <option key={value} value={value}>
              {formatMonth(value)}
            </option>
          ))}
        </SelectField>
        <div
          aria-busy={report.isFetching || undefined}
          className={cx("space-y-6 transition-opacity", report.isPlaceholderData && "opacity-60")}
        >
          <QueryState query={report} loading={<GstSkeleton />} isEmpty={() => false}>
            {(data) => <GstView report={data} />}
          </QueryState>
        </div>
      </SectionBody>
    </>
  );
}
