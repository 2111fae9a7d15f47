import { errors } from "@shop/shared/messages";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

export interface PincodeParams {
  page: number;
  size: number;
  /** The first digits of the PIN codes to list; "" for all. */
  search: string;
}

/**
 * GET /api/settings/shipping/{methodId}/pincodes (admin): a page of a method's PIN code list in PIN
 * code order, the codes starting with `search`; `meta.total` counts them.
 */
export function getPincodes(methodId: string, params: PincodeParams, signal?: AbortSignal) {
  return api.list(`/settings/shipping/${encodeURIComponent(methodId)}/pincodes`, {
    schema: responseSchemas.pincodeRow,
    query: { ...params },
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function pincodesQueryOptions(methodId: string, params: PincodeParams) {
  return queryOptions({
    queryKey: dashboardKeys.pincodePage(methodId, params),
    queryFn: ({ signal }) => getPincodes(methodId, params, signal),
  });
}

/** The page asked for; while the next one loads (a search typed, a page turned) the last one stays. */
export function usePincodes(methodId: string, params: PincodeParams, { enabled = true } = {}) {
  return useQuery({ ...pincodesQueryOptions(methodId, params), enabled, placeholderData: keepPreviousData });
}
