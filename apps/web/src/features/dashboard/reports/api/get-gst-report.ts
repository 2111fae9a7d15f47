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

/** The month, and the GSTIN whose return it is (null: the store's now). */
export interface GstReturn {
  month: string;
  gstin: string | null;
}

const queryOf = ({ month, gstin }: GstReturn) => (gstin ? { month, gstin } : { month });

/** GET /api/reports/gst?month[&gstin] (staff): the month's GSTR-1 tables and GSTR-3B 3.1(a) figures. */
export function getGstReport(asked: GstReturn, signal?: AbortSignal) {
  return api.get(PATH, {
    schema: gstReportSchema,
    query: queryOf(asked),
    signal,
    defaultMessage: errors.somethingWentWrong,
  });
}

/** The address of one table of the month as the offline tool's CSV file, a plain link the browser downloads. */
export function gstReportCsvUrl(report: Pick<GstReportDto, "month" | "gstin">, table: GstTable): string {
  const params = new URLSearchParams({ month: report.month, gstin: report.gstin, format: "csv", table });
  return `/api${PATH}?${params}`;
}

export function gstReportQueryOptions(asked: GstReturn) {
  return queryOptions({
    queryKey: [...dashboardKeys.all, "reports", "gst", asked.month, asked.gstin] as const,
    queryFn: ({ signal }) => getGstReport(asked, signal),
  });
}

/** The month's report; the last month's tables stay on screen while the next one's load. */
export function useGstReport(asked: GstReturn) {
  return useQuery({ ...gstReportQueryOptions(asked), placeholderData: keepPreviousData });
}
