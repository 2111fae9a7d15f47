import { ArrowDownTrayIcon } from "@heroicons/react/20/solid";
import { salesReports } from "@shop/shared/messages";
import type { ReactNode } from "react";

/**
 * A titled part of the report (a chart or a table), with the link that downloads it as a CSV file
 * when the API offers it as one. The link's name says which table, for a screen reader listing links.
 */
export function ReportCard({
  title,
  csvUrl,
  children,
}: {
  title: string;
  csvUrl?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section className="min-w-0 rounded-card bg-white shadow-card ring-1 ring-neutral-200">
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-neutral-200 px-4 py-2 sm:px-6">
        <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
        {csvUrl ? (
          <a
            href={csvUrl}
            download
            aria-label={`${salesReports.downloadCsv}: ${title}`}
            className="-mx-2 inline-flex items-center gap-1.5 rounded-control px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline"
          >
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
            {salesReports.downloadCsv}
          </a>
        ) : null}
      </div>
      <div className="px-4 py-4 sm:px-6">{children}</div>
    </section>
  );
}
