/**
 * What staff can do with an order now, read from its DTO: the order page shows its buttons from these
 * before the dialogs' code (loaded when one opens) is there.
 */
import { isTaken } from "@shop/shared/orders";
import { toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { refundable } from "./refundable";

/** Units of each line not yet in a shipment. */
export function unshipped(order: OrderDto) {
  const shipped = new Map<string, number>();
  for (const shipment of order.shipments)
    for (const line of shipment.lines) shipped.set(line.line, (shipped.get(line.line) ?? 0) + line.quantity);
  return order.products
    .map((line) => ({ line, left: line.quantity - (shipped.get(line._id) ?? 0) }))
    .filter((entry) => entry.left > 0);
}

/**
 * Whether staff can ship some of the order now: paid (or cash on delivery its shopper confirmed),
 * being prepared, with units left.
 */
export function canShip(order: OrderDto): boolean {
  return order.status === "processing" && order.codConfirmation !== "pending" && unshipped(order).length > 0;
}

/** Whether a viewer's read of the order lets them refund it: an admin's, of a payment with money left. */
export function canRefund(order: OrderDto): boolean {
  return !!order.payment && isTaken(order.payment.status) && toCents(refundable(order).remaining) > 0;
}
