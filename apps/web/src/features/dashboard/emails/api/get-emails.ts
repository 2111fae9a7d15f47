import type { EmailStatus } from "@shop/shared/constants";
import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/emails (admin): every outbound message, newest first; `status` narrows it to one status. */
export function getEmails(status: EmailStatus | "all", params: ListParams, signal?: AbortSignal) {
  return api.list("/emails", {
    schema: responseSchemas.emailSummary,
    query: { ...params, status: status === "all" ? undefined : status },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function emailsQueryOptions(status: EmailStatus | "all", params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.emailList(status, params),
    queryFn: ({ signal }) => getEmails(status, params, signal),
  });
}

export function useEmails(status: EmailStatus | "all", params: ListParams) {
  return useQuery({ ...emailsQueryOptions(status, params), placeholderData: keepPreviousData });
}

/** How many messages have failed for good: the total of the failed list, asked with its smallest page. */
export function failedEmailCountQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.failedEmailCount(),
    queryFn: async ({ signal }) => (await getEmails("failed", { page: 1, size: 1 }, signal)).meta.total,
  });
}

export function useFailedEmailCount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...failedEmailCountQueryOptions(), enabled });
}
