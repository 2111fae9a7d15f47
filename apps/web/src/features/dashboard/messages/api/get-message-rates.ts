import { messageLog } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/messages/rates (staff): WhatsApp's and email's figures over the last `days` days. */
export function getMessageRates(days: number, signal?: AbortSignal) {
  return api.get("/messages/rates", {
    schema: responseSchemas.messageRates,
    query: { days },
    signal,
    defaultMessage: messageLog.failed,
  });
}

export function messageRatesQueryOptions(days: number) {
  return queryOptions({
    queryKey: dashboardKeys.messageRates(days),
    queryFn: ({ signal }) => getMessageRates(days, signal),
  });
}

export function useMessageRates(days: number) {
  return useQuery(messageRatesQueryOptions(days));
}
