import type { CodConfirmation, Fulfilment, OrderStatus as Status } from "@shop/shared/constants";
import { cashOnDelivery, codConfirmation } from "@shop/shared/messages";
import { partialRefundText, shownStatus } from "@shop/shared/orders";
import { cx } from "../lib/cx";
import { formatPrice } from "../lib/money";
import { StatusBadge } from "./status-badge";

interface OrderStatusProps {
  order: {
    status: Status;
    /** A processing order with some units shipped and some left reads "Partially shipped". */
    fulfilment: Fulfilment;
    payment: { amount: number; refundedAmount: number } | null;
    /** The order's currency (ISO 4217), which the refunded part is written in. */
    currency: string;
    /** Cash on delivery: "COD – to collect" shows while its cash waits (managers see it too). */
    cashOnDelivery?: { collected: boolean } | null;
    /** Cash on delivery waiting for its shopper's confirmation: "Awaiting confirmation" shows. */
    codConfirmation?: CodConfirmation | null;
  };
  className?: string;
}

/**
 * An order's status badge ("Partially shipped" while some of its units are on their way and some
 * not), with "Partially refunded $X" beside it while part of its payment went back, and "COD – to
 * collect" while the cash of a cash on delivery order waits, "Awaiting confirmation" while its shopper
 * has not confirmed it (it does not ship until then).
 */
export function OrderStatus({ order, className }: OrderStatusProps) {
  const partial = partialRefundText(order, (amount) => formatPrice(amount, order.currency));
  const toCollect = order.cashOnDelivery?.collected === false && order.status !== "cancelled";
  const awaiting = order.codConfirmation === "pending" && order.status !== "cancelled";
  return (
    <span className={cx("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <StatusBadge kind="order" status={shownStatus(order)} />
      {partial ? <span className="text-xs font-medium text-danger-700">{partial}</span> : null}
      {toCollect ? (
        <span className="rounded-full bg-warning-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-warning-700 ring-1 ring-warning-600/30 ring-inset">
          {cashOnDelivery.toCollect}
        </span>
      ) : null}
      {awaiting ? (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-brand-700 ring-1 ring-brand-600/30 ring-inset">
          {codConfirmation.awaiting}
        </span>
      ) : null}
    </span>
  );
}
