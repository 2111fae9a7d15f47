import type { DiscountStatus, EmailStatus, OrderStatus, PaymentStatus } from "@shop/shared/constants";
import { statusTone } from "@shop/shared/orders";
import { cx } from "../lib/cx";

type Tone = "yellow" | "green" | "blue" | "red" | "grey";

const TONES: Record<Tone, string> = {
  yellow: "bg-warning-100 text-warning-700 ring-warning-600/30",
  green: "bg-success-100 text-success-700 ring-success-600/30",
  blue: "bg-brand-50 text-brand-700 ring-brand-600/30",
  red: "bg-danger-100 text-danger-700 ring-danger-600/30",
  grey: "bg-neutral-100 text-neutral-700 ring-neutral-500/30",
};

const PAYMENT_TONES: Record<PaymentStatus, Tone> = { pending: "yellow", completed: "green", failed: "red" };
const EMAIL_TONES: Record<EmailStatus, Tone> = { queued: "yellow", sent: "green", failed: "red" };
const DISCOUNT_TONES: Record<DiscountStatus, Tone> = {
  active: "green",
  scheduled: "blue",
  expired: "red",
  "used-up": "yellow",
  inactive: "grey",
};

type StatusBadgeProps = (
  | { kind: "order"; status: OrderStatus }
  | { kind: "payment"; status: PaymentStatus }
  | { kind: "email"; status: EmailStatus }
  | { kind: "discount"; status: DiscountStatus }
) & {
  className?: string;
};

/**
 * The status of an order, a payment or an email as a coloured pill. Orders (SPEC section 4): yellow for
 * pending, green for delivered, blue otherwise; payments: yellow pending, green completed, red failed;
 * emails: yellow queued, green sent, red failed; discount codes: green active, blue scheduled, red
 * expired, yellow used up, grey switched off.
 */
export function StatusBadge({ className, ...badge }: StatusBadgeProps) {
  const tone =
    badge.kind === "order"
      ? statusTone(badge.status)
      : badge.kind === "payment"
        ? PAYMENT_TONES[badge.status]
        : badge.kind === "email"
          ? EMAIL_TONES[badge.status]
          : DISCOUNT_TONES[badge.status];
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {badge.status.replace("-", " ")}
    </span>
  );
}
