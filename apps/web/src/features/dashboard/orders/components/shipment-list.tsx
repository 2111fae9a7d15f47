import { ArrowDownTrayIcon, ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import { shiprocketParcel, trackingStatusWords, shipmentWords as words } from "@shop/shared/messages";
import type { OrderDto, ShipmentDto } from "@shop/shared/schemas/order";
import { useId, useState } from "react";
import { Button } from "#web/components/button";
import { DocumentLink } from "#web/components/document-link";
import { ConfirmDialog } from "#web/features/dashboard/components/confirm-dialog";
import { shipmentPackingSlipUrl } from "#web/lib/api";
import { formatDateTime } from "#web/lib/dates";
import { useCancelShipment, useDeliverShipment, useReturnShipmentToOrigin } from "../api/deliver-shipment";
import { ReturnToOriginDialog } from "./return-to-origin-dialog";
import { ShipmentScans } from "./shipment-scans";

/**
 * The order's parcels for staff: carrier, number (linked), units, when it left and arrived, Mark
 * delivered; for a cash on delivery order whose cash is not collected and none of whose parcels
 * arrived, Returned to origin (asked first: it may cancel the order).
 */
export function ShipmentList({ order }: { order: OrderDto }) {
  const deliver = useDeliverShipment(order._id);
  const returnToOrigin = useReturnShipmentToOrigin(order._id);
  const [returning, setReturning] = useState<string | null>(null);
  const cancel = useCancelShipment(order._id);
  const [cancelling, setCancelling] = useState<ShipmentDto | null>(null);
  const names = new Map(order.products.map((line) => [line._id, line]));
  const deliverable = order.status === "processing" || order.status === "shipped";
  const returnable =
    deliverable &&
    order.payment?.paymentGateway === "cod" &&
    order.payment.status === "pending" &&
    order.shipments.every((shipment) => shipment.deliveredAt === null);
  const onItsWay = (shipment: OrderDto["shipments"][number]) =>
    shipment.deliveredAt === null && shipment.returnedToOriginAt === null;
  // A Shiprocket parcel no scan has reached yet: the courier has not picked it up.
  const cancellable = (shipment: ShipmentDto) =>
    shipment.provider === "shiprocket" && shipment.trackingStatus === null && onItsWay(shipment);
  if (order.shipments.length === 0) return <p className="text-sm text-neutral-600">{words.none}</p>;
  return (
    <>
      <ul className="divide-y divide-neutral-100">
        {order.shipments.map((shipment) => (
          <li key={shipment._id} className="space-y-1.5 py-3 text-sm first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-neutral-900">
                {shipment.carrier}{" "}
                {shipment.trackingNumber && shipment.trackingUrl ? (
                  <a
                    href={shipment.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={words.trackNumberOf(shipment.carrier, shipment.trackingNumber)}
                    className="inline-flex items-center gap-1 font-mono text-brand-700 hover:underline"
                  >
                    {shipment.trackingNumber}
                    <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
                  </a>
                ) : (
                  <span className="font-mono text-neutral-700">
                    {shipment.trackingNumber ?? words.noNumber}
                  </span>
                )}
              </p>
              <div className="flex flex-wrap gap-2">
                <DocumentLink
                  href={shipmentPackingSlipUrl(order._id, shipment._id)}
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                >
                  <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
                  {words.packingSlip}
                </DocumentLink>
                {onItsWay(shipment) && returnable ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={words.markReturnedOf(shipment.carrier, shipment.trackingNumber)}
                    loading={
                      returnToOrigin.isPending && returnToOrigin.variables?.shipmentId === shipment._id
                    }
                    onClick={() => setReturning(shipment._id)}
                  >
                    {words.markReturned}
                  </Button>
                ) : null}
                {cancellable(shipment) ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={shiprocketParcel.cancelOf(shipment.carrier, shipment.trackingNumber)}
                    loading={cancel.isPending && cancel.variables === shipment._id}
                    onClick={() => setCancelling(shipment)}
                  >
                    {shiprocketParcel.cancel}
                  </Button>
                ) : null}
                {onItsWay(shipment) && deliverable ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={words.markDeliveredOf(shipment.carrier, shipment.trackingNumber)}
                    loading={deliver.isPending && deliver.variables === shipment._id}
                    onClick={() => deliver.mutate(shipment._id)}
                  >
                    {words.markDelivered}
                  </Button>
                ) : null}
              </div>
            </div>
            {shipment.provider === "shiprocket" ? (
              <ShiprocketDetails orderId={order._id} shipment={shipment} />
            ) : null}
            <ul className="text-neutral-700">
              {shipment.lines.map((line) => (
                <li key={line.line}>{words.line(line.quantity, names.get(line.line)?.name ?? line.line)}</li>
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
              ) : shipment.returnedToOriginAt ? (
                <>
                  {words.returnedToOrigin}{" "}
                  <time dateTime={shipment.returnedToOriginAt}>
                    {formatDateTime(shipment.returnedToOriginAt)}
                  </time>
                  {shipment.returnedToOriginReason
                    ? ` ${words.returnedBecause(words.rtoReasons[shipment.returnedToOriginReason])}`
                    : null}
                </>
              ) : (
                words.onItsWay
              )}
            </p>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        title={shiprocketParcel.confirmCancelTitle}
        confirmLabel={shiprocketParcel.cancel}
        pending={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) cancel.mutate(cancelling._id, { onSettled: () => setCancelling(null) });
        }}
      >
        {cancelling ? shiprocketParcel.confirmCancel(cancelling.carrier, cancelling.trackingNumber) : null}
      </ConfirmDialog>
      <ReturnToOriginDialog
        open={returning !== null}
        pending={returnToOrigin.isPending}
        onClose={() => setReturning(null)}
        onConfirm={(reason) => {
          if (returning)
            returnToOrigin.mutate({ shipmentId: returning, reason }, { onSettled: () => setReturning(null) });
        }}
      />
    </>
  );
}

/**
 * A parcel booked through Shiprocket: where the courier's last scan put it, its label and e-way
 * bill, and its scans (asked for when opened).
 */
function ShiprocketDetails({ orderId, shipment }: { orderId: string; shipment: ShipmentDto }) {
  const [open, setOpen] = useState(false);
  const scansId = useId();
  return (
    <div className="text-neutral-700">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-neutral-900">
          {shipment.trackingStatus
            ? trackingStatusWords[shipment.trackingStatus]
            : shiprocketParcel.noScanYet}
        </span>
        {shipment.trackedAt ? (
          <time dateTime={shipment.trackedAt} className="text-xs text-neutral-500">
            {formatDateTime(shipment.trackedAt)}
          </time>
        ) : null}
        {shipment.labelUrl ? (
          <a
            href={shipment.labelUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={shiprocketParcel.openLabelOf(shipment.carrier, shipment.trackingNumber)}
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            {shiprocketParcel.openLabel}
            <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
          </a>
        ) : null}
        {shipment.ewaybillNo ? (
          <span className="text-xs text-neutral-600">{shiprocketParcel.ewaybill(shipment.ewaybillNo)}</span>
        ) : null}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? scansId : undefined}
          onClick={() => setOpen((value) => !value)}
          className="text-brand-700 hover:underline"
        >
          {open ? shiprocketParcel.hideScans : shiprocketParcel.showScans}
        </button>
      </p>
      {open ? <ShipmentScans orderId={orderId} shipmentId={shipment._id} id={scansId} /> : null}
    </div>
  );
}
