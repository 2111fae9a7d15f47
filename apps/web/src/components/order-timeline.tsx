import { orderHistory } from "@shop/shared/messages";
import { actorText } from "@shop/shared/orders";
import type { OrderEventDto } from "@shop/shared/schemas/order";
import { formatPrice } from "#web/lib/money";
import { formatDateTime } from "../lib/dates";

/** What one row of the history says happened, its amounts in the order's currency. */
function eventTitle(event: OrderEventDto, currency: string | undefined): string {
  switch (event.type) {
    case "placed":
      return orderHistory.placed;
    case "paid":
      return orderHistory.paid(formatPrice(event.amount ?? 0, currency));
    case "cod":
      // Chosen, with the amount to collect; without one, the shopper's (or staff's) confirmation.
      return event.amount === undefined
        ? orderHistory.codConfirmed
        : orderHistory.cod(formatPrice(event.amount, currency));
    case "status":
      return orderHistory.status(event.status);
    case "cancelled":
      return orderHistory.cancelled;
    case "note":
      return orderHistory.note;
    case "refunded":
      return orderHistory.refunded(formatPrice(event.amount ?? 0, currency));
    case "shipment":
      return orderHistory.shipment;
    case "delivery":
      return orderHistory.delivery;
    case "return":
      return orderHistory.return;
  }
}

const DOT: Record<OrderEventDto["type"], string> = {
  placed: "bg-neutral-400",
  paid: "bg-success-600",
  cod: "bg-brand-600",
  status: "bg-brand-600",
  cancelled: "bg-danger-600",
  note: "bg-warning-600",
  refunded: "bg-danger-600",
  shipment: "bg-brand-600",
  delivery: "bg-success-600",
  return: "bg-warning-600",
};

/**
 * An order's history, oldest first, as a vertical timeline: what happened, when, and who did it
 * ('by the shop' for staff in the shopper's read, 'automatically' for the system). Staff notes show
 * only where the read carries them.
 */
export function OrderTimeline({
  history,
  currency,
  className,
}: {
  history: readonly OrderEventDto[];
  /** The order's currency (ISO 4217), which its payments and refunds are written in. */
  currency: string;
  className?: string;
}) {
  if (history.length === 0) return <p className="text-sm text-neutral-600">{orderHistory.empty}</p>;
  return (
    <ol aria-label={orderHistory.title} className={className}>
      {history.map((event, index) => (
        <li key={`${event.at}:${event.type}:${event.status}`} className="relative flex gap-3 pb-4 last:pb-0">
          {index < history.length - 1 ? (
            <span aria-hidden="true" className="absolute top-4 left-[5px] h-full w-px bg-neutral-200" />
          ) : null}
          <span
            aria-hidden="true"
            className={`relative mt-1.5 size-[11px] shrink-0 rounded-full ${DOT[event.type]}`}
          />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-neutral-900">{eventTitle(event, currency)}</p>
            <p className="text-neutral-600">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>{" "}
              {event.by ? actorText(event.by) : orderHistory.bySystem}
            </p>
            {event.note ? (
              <p className="mt-1 rounded-control bg-neutral-50 px-3 py-2 break-words whitespace-pre-line text-neutral-800">
                {event.note}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
