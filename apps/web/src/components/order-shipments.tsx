import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { trackingStatusWords, shipmentWords as words } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { formatDateTime } from "../lib/dates";

/**
 * An order's parcels as the shopper follows them: carrier, tracking number and its link, where the
 * courier's last scan put it (a parcel booked through Shiprocket), the units, when.
 */
export function OrderShipments({ order }: { order: OrderDto }) {
  const names = new Map(order.products.map((line) => [line._id, line.name]));
  return (
    <ul className="mt-3 divide-y divide-neutral-100" aria-label={words.title}>
      {order.shipments.map((shipment) => (
        <li key={shipment._id} className="space-y-1 py-3 text-sm first:pt-0 last:pb-0">
          <p className="font-medium text-neutral-900">
            {shipment.carrier}
            {shipment.trackingNumber ? (
              <span className="ml-2 font-mono font-normal text-neutral-700">{shipment.trackingNumber}</span>
            ) : null}
          </p>
          {shipment.trackingStatus ? (
            <p className="font-medium text-brand-700">{trackingStatusWords[shipment.trackingStatus]}</p>
          ) : null}
          {shipment.trackingUrl && shipment.trackingNumber ? (
            <a
              href={shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={words.trackOf(shipment.carrier, shipment.trackingNumber)}
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              {words.track}
              <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
            </a>
          ) : null}
          <ul className="text-neutral-700">
            {shipment.lines.map((line) => (
              <li key={line.line}>{words.line(line.quantity, names.get(line.line) ?? "")}</li>
            ))}
          </ul>
          <p className="text-neutral-600">
            {words.shipped} <time dateTime={shipment.shippedAt}>{formatDateTime(shipment.shippedAt)}</time>
            {" · "}
            {shipment.deliveredAt ? (
              <>
                {words.delivered}{" "}
                <time dateTime={shipment.deliveredAt}>{formatDateTime(shipment.deliveredAt)}</time>
              </>
            ) : (
              words.onItsWay
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
