/**
 * Which order status may follow which (SPEC section 4 leaves the table to us). The server
 * enforces it; the dashboard offers all six statuses and shows the server's refusal.
 *
 * - pending → processing happens only through a confirmed payment, never by hand.
 * - A pending order can be cancelled (by its owner, staff or the hold-expiry sweep).
 * - A paid order is shipped, or refunded before it leaves; a shipped or delivered one can still be refunded.
 * - cancelled and refunded are final.
 */
import { type Fulfilment, type OrderStatus, type PaymentStatus, TAKEN_PAYMENT_STATUSES } from "./constants";
import { orderHistory, refunds } from "./messages";
import { formatPrice } from "./pricing";
import type { ActorDto } from "./schemas/order";

/** Whether the shop took a payment's money: completed, or refunded in part or in whole since. */
export function isTaken(status: PaymentStatus): boolean {
  return (TAKEN_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

/**
 * Whether the cash of a cash on delivery order can have been collected: the order is
 * confirmed (or needed no confirmation) and a parcel is out: one that left and did not come back,
 * or, for an order shipped without a parcel recorded, its status. The server refuses "Record cash
 * collected" before (409) and the dashboard shows the button only then.
 */
export function cashCanBeCollected(order: {
  status: OrderStatus;
  codConfirmation: "pending" | "confirmed" | "cancelled" | null;
  shipments: readonly { returnedToOriginAt: unknown }[];
}): boolean {
  if (order.codConfirmation === "pending" || order.codConfirmation === "cancelled") return false;
  if (order.shipments.some((shipment) => !shipment.returnedToOriginAt)) return true;
  return order.shipments.length === 0 && (order.status === "shipped" || order.status === "delivered");
}

/** SPEC section 4: an order can be paid while no payment exists and it waits for one. */
export function isPayable(order: { status: OrderStatus; payment: unknown }): boolean {
  return order.payment === null && order.status === "pending";
}

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["cancelled"],
  processing: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Moving to these from an order whose goods never left gives the stock back. */
export function returnsStock(from: OrderStatus, to: OrderStatus): boolean {
  return (to === "cancelled" || to === "refunded") && (from === "pending" || from === "processing");
}

/** What an order's badge reads: one of SPEC's statuses, or a processing order partly shipped. */
export type ShownStatus = OrderStatus | "partially_shipped";

/**
 * The status an order's badge shows: its own, except that a processing order with some units
 * shipped and some left reads "partially shipped" (the stored status stays processing until the
 * last unit leaves).
 */
export function shownStatus(order: { status: OrderStatus; fulfilment: Fulfilment }): ShownStatus {
  return order.status === "processing" && order.fulfilment === "partially_shipped"
    ? "partially_shipped"
    : order.status;
}

/**
 * The colour of an order's status, one for each and the same on the dashboard and the shopper's
 * pages. SPEC's rule holds (yellow for pending, green for delivered, blue otherwise) and the blues
 * part: being prepared blue, on its way sky (partly or wholly), cancelled slate, refunded indigo.
 */
export function statusTone(status: ShownStatus): OrderTone {
  return ORDER_TONES[status];
}

export type OrderTone = "yellow" | "blue" | "sky" | "green" | "slate" | "indigo";

const ORDER_TONES: Record<ShownStatus, OrderTone> = {
  pending: "yellow",
  processing: "blue",
  partially_shipped: "sky",
  shipped: "sky",
  delivered: "green",
  cancelled: "slate",
  refunded: "indigo",
};

/** The refunds part of an order as lists and pages show it: what was paid and what went back. */
export interface RefundedPayment {
  status: OrderStatus;
  payment: { amount: number; refundedAmount: number } | null;
}

/**
 * "Partially refunded $12.50" beside the status of an order part of whose payment went back, or null
 * (nothing refunded, or all of it, which the refunded status already says); `format` writes the
 * amount (the web app's, in the shop's currency).
 */
export function partialRefundText(
  order: RefundedPayment,
  format: (amount: number) => string = formatPrice,
): string | null {
  const refunded = order.payment?.refundedAmount ?? 0;
  if (refunded <= 0 || order.status === "refunded") return null;
  if (order.payment && refunded >= order.payment.amount) return null;
  return refunds.partiallyRefunded(format(refunded));
}

/** "by Asha Admin (admin)", or "by the shop" where a shopper reads a staff member's step. */
export function actorText(by: NonNullable<ActorDto>): string {
  return by === "shop" ? orderHistory.byShop : orderHistory.by(by.name, by.role);
}
