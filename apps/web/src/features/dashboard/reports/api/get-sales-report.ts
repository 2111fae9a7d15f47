import { errors } from "@shop/shared/messages";
import type { ReportTable, SalesReportDto } from "@shop/shared/schemas/report";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, type ResponseSchema } from "#web/lib/api";
import type { DayRange } from "../period";

const PATH = "/reports/sales";

// NOTE: lib/response-schemas.ts has no loader for this answer yet; this one follows its rule: written
// out behind `import.meta.env.PROD` so that the production build drops it, and zod with it.
const salesReportSchema: ResponseSchema<SalesReportDto> | undefined = import.meta.env.PROD
  ? undefined
  : () => import("@shop/shared/schemas/report").then((m) => m.SalesReportDto);

/** GET /api/reports/sales?from&to (staff): the period's figures and tables, days of the shop's clock. */
export function getSalesReport(range: DayRange, signal?: AbortSignal) {
  return api.get(PATH, {
    schema: salesReportSchema,
    query: { from: range.from, to: range.to },
    signal,
    defaultMessage: errors.somethingWentWrong,
  });
}

/** The address of one table of the period's report as a CSV file, a plain link the browser downloads. */
export function salesReportCsvUrl(range: DayRange, table: ReportTable): string {
  const params = new URLSearchParams({ from: range.from, to: range.to, format: "csv", table });
  return `/api${PATH}?${params}`;
}

export function salesReportQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: [...dashboardKeys.all, "reports", "sales", range.from, range.to] as const,
    queryFn: ({ signal }) => getSalesReport(range, signal),
  });
}

/**
 * The report of `range`, or nothing asked while the range lacks a day. The last period's figures stay
 * on screen while the next one's load, so switching periods moves nothing on the page.
 */
export function useSalesReport(range: DayRange | null) {
  return useQuery({
    ...salesReportQueryOptions(range ?? { from: "", to: "" }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
