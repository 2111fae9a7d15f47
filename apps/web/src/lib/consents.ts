/**
 * The signed-in shopper's WhatsApp consents (GET /api/users/current-user/consents), read by the
 * checkout's ticks and the account's "WhatsApp" card: only while the shop sends on WhatsApp.
 */
import { errors } from "@shop/shared/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { responseSchemas } from "./response-schemas";

export const CONSENTS_PATH = "/users/current-user/consents";

/**
 * Under ["me"], as accountKeys are, so signing in as someone else drops them.
 * NOTE: here rather than in query-keys.ts, which the storefront's first load carries.
 */
export const CONSENTS_QUERY_KEY = ["me", "consents"] as const;

export function getConsents({ signal }: { signal?: AbortSignal } = {}) {
  return api.get(CONSENTS_PATH, {
    schema: responseSchemas.consents,
    signal,
    defaultMessage: errors.tryAgainLater,
  });
}

export function consentsQueryOptions() {
  return queryOptions({ queryKey: CONSENTS_QUERY_KEY, queryFn: ({ signal }) => getConsents({ signal }) });
}

/** The consents, asked for only when `enabled` (the config's `whatsapp`): else nothing is read. */
export function useConsents(enabled: boolean) {
  return useQuery({ ...consentsQueryOptions(), enabled });
}
