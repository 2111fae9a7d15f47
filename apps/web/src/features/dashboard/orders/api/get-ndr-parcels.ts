import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/shipments/ndr (staff): the parcels couriers could not deliver, with why and how often tried. */
export function getNdrParcels(signal?: AbortSignal) {
  return api.get("/shipments/ndr", {
    schema: responseSchemas.ndrList,
    signal,
    defaultMessage: errors.tryReloading,
  });
}

export function ndrQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.ndr(), queryFn: ({ signal }) => getNdrParcels(signal) });
}

export function useNdrParcels() {
  return useQuery(ndrQueryOptions());
}
