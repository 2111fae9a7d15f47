import { errors } from "@shop/shared/messages";
import type { GstReportDto, GstTable } from "@shop/shared/schemas/report-gst";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, type ResponseSchema } from "#web/lib/api";

const PATH = "/reports/gst";

// NOTE: as get-sales-report.ts: checked against its schema in development only, so that the
// production build drops zod with it.
const gstReportSchema: ResponseSchema<GstReportDto> | undefined = import.meta.env.PROD
  ? undefined
  : () => import("@shop/shared/schemas/report-gst").then((m) => m.GstReportDto);

/** GET /api/reports/gst?month (staff): the month's GSTR-1 tables and GSTR-3B 3.1(a) figures. */
export function getGstReport(month: string, signal?: AbortSignal) {
  return api.get(PATH, {
    schema: gstReportSchema,
    query: { month },
    signal,
    defaultMessage: errors.somethingWentWrong,
  });
}

/** The address of one table of the month as the offline tool's CSV file, a plain link the browser downloads. */
export function gstReportCsvUrl(month: string, table: GstTable): string {
  const params = new URLSearchParams({ month, format: "csv", table });
  return `/api${PATH}?${params}`;
}

export function gstReportQueryOptions(month: string) {
  return queryOptions({
    queryKey: [...dashboardKeys.all, "reports", "gst", month] as const,
    queryFn: ({ signal }) => getGstReport(month, signal),
  });
}

/** The month's report; the last month's tables stay on screen while the next one's load. */
export function useGstReport(month: string) {
  return useQuery({ ...gstReportQueryOptions(month), placeholderData: keepPreviousData });
}
