import { messageLog } from "@shop/shared/messages";
import type { MessagesQuery } from "@shop/shared/schemas/whatsapp";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * GET /api/messages (staff): the messages an order or a customer was sent, or the latest of one
 * channel, by email and on WhatsApp, newest first (at most 200).
 */
export function getMessages(filter: MessagesQuery, signal?: AbortSignal) {
  return api.get("/messages", {
    schema: responseSchemas.messages,
    query: { ...filter },
    signal,
    defaultMessage: messageLog.failed,
  });
}

export function messagesQueryOptions(filter: MessagesQuery) {
  return queryOptions({
    queryKey: dashboardKeys.messageList(filter),
    queryFn: ({ signal }) => getMessages(filter, signal),
  });
}

export function useMessages(filter: MessagesQuery) {
  return useQuery(messagesQueryOptions(filter));
}
