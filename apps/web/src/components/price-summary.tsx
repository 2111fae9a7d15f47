import { TAX_PERCENT } from "@shop/shared/constants";
import { formatPrice, savedTotal } from "@shop/shared/pricing";
import { cx } from "../lib/cx";

interface PriceSummaryProps {
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  discountPrice: number;
  /** A discount code's amount off the items, and the code. */
  discountAmount?: number | undefined;
  discountCode?: string | null | undefined;
  /** 'Total' in the cart; 'Amount paid' once an order's payment is completed (SPEC section 4). */
  totalLabel?: string;
  className?: string;
}

/**
 * Subtotal, a discount code's amount, shipping, GST, total and 'You Saved' (SPEC section 9: the sale
 * savings, and a code's amount with them), for a cart or an order.
 */
export function PriceSummary({
  itemsPrice,
  discountAmount = 0,
  discountCode,
  shippingPrice,
  taxPrice,
  totalPrice,
  discountPrice,
  totalLabel = "Total",
  className,
}: PriceSummaryProps) {
  const row = "flex items-baseline justify-between gap-4";
  const saved = savedTotal({ discountPrice, discountAmount });
  return (
    <dl className={cx("space-y-3 text-sm text-neutral-700", className)}>
      <div className={row}>
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{formatPrice(itemsPrice)}</dd>
      </div>
      {discountAmount > 0 ? (
        <div className={cx(row, "text-success-700")}>
          <dt>Discount{discountCode ? ` (${discountCode})` : ""}</dt>
          <dd className="tabular-nums">−{formatPrice(discountAmount)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>Shipping</dt>
        <dd className="tabular-nums">{shippingPrice === 0 ? "Free" : formatPrice(shippingPrice)}</dd>
      </div>
      <div className={row}>
        <dt>Tax (GST {TAX_PERCENT}%)</dt>
        <dd className="tabular-nums">{formatPrice(taxPrice)}</dd>
      </div>
      <div className={cx(row, "border-t border-neutral-200 pt-3 text-base font-semibold text-neutral-900")}>
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums">{formatPrice(totalPrice)}</dd>
      </div>
      {saved > 0 ? (
        <div className={cx(row, "font-medium text-success-700")}>
          <dt>You Saved</dt>
          <dd className="tabular-nums">{formatPrice(saved)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
