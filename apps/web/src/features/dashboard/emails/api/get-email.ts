import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/emails/{id} (admin): one message with its text and HTML parts. */
export function getEmail(id: string, signal?: AbortSignal) {
  return api.get(`/emails/${encodeURIComponent(id)}`, {
    schema: responseSchemas.email,
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function emailQueryOptions(id: string) {
  return queryOptions({
    queryKey: dashboardKeys.email(id),
    queryFn: ({ signal }) => getEmail(id, signal),
  });
}

export function useEmail(id: string) {
  return useQuery(emailQueryOptions(id));
}
