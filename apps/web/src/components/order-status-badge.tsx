import type { OrderStatus } from "@shop/shared/constants";
import { statusTone } from "@shop/shared/orders";
import { cx } from "../lib/cx";

const TONES = {
  yellow: "bg-warning-100 text-warning-700 ring-warning-600/30",
  green: "bg-success-100 text-success-700 ring-success-600/30",
  blue: "bg-brand-50 text-brand-700 ring-brand-600/30",
} as const;

/** An order's status (SPEC section 4): yellow for pending, green for delivered, blue otherwise. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset",
        TONES[statusTone(status)],
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {status}
    </span>
  );
}
