import { messageLog } from "@shop/shared/messages";
import type { MessagesQuery } from "@shop/shared/schemas/whatsapp";
import { QueryState } from "#web/components/query-state";
import { useMessages } from "../api/get-messages";
import { MessageList } from "./message-list";
import { MessageLogSkeleton } from "./message-log-skeleton";

/**
 * The messages an order or a customer was sent (GET /api/messages), by email and on WhatsApp:
 * greyed rows while they load, the error of a failed read, or a line saying there are none yet.
 */
export function MessageLog({ filter, empty = messageLog.empty }: { filter: MessagesQuery; empty?: string }) {
  const query = useMessages(filter);
  return (
    <QueryState
      query={query}
      loading={<MessageLogSkeleton />}
      empty={<p className="text-sm text-neutral-600">{empty}</p>}
    >
      {({ items }) => <MessageList messages={items} label={messageLog.title} />}
    </QueryState>
  );
}
