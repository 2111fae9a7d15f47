import { errors } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import type { ListParams } from "../../../../lib/query-keys";
import { dashboardKeys } from "../../query-keys";

/** GET /api/media: uploaded images, newest first (staff). */
export function getMedia(params: ListParams, signal?: AbortSignal) {
  return api.list<MediaDto>("/media", { query: { ...params }, signal, defaultMessage: errors.media });
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
