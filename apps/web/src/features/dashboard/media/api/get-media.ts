import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/media: uploaded images, newest first (staff). */
export function getMedia(params: ListParams, signal?: AbortSignal) {
  return api.list("/media", {
    schema: responseSchemas.media,
    query: { ...params },
    signal,
    defaultMessage: errors.tryAgain,
  });
}

export function mediaQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: dashboardKeys.mediaList(params),
    queryFn: ({ signal }) => getMedia(params, signal),
  });
}

export function useMedia(params: ListParams) {
  return useQuery({ ...mediaQueryOptions(params), placeholderData: keepPreviousData });
}
