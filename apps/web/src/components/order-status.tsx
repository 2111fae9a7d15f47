import type { OrderStatus as Status } from "@shop/shared/constants";
import { partialRefundText } from "@shop/shared/orders";
import { cx } from "../lib/cx";
import { formatPrice } from "../lib/money";
import { StatusBadge } from "./status-badge";

interface OrderStatusProps {
  order: { status: Status; payment: { amount: number; refundedAmount: number } | null };
  className?: string;
}

/** An order's status badge, with "Partially refunded $X" beside it while part of its payment went back. */
export function OrderStatus({ order, className }: OrderStatusProps) {
  const partial = partialRefundText(order, formatPrice);
  return (
    <span className={cx("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <StatusBadge kind="order" status={order.status} />
      {partial ? <span className="text-xs font-medium text-danger-700">{partial}</span> : null}
    </span>
  );
}
