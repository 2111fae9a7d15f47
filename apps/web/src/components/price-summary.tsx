import { TAX_PERCENT } from "@shop/shared/constants";
import { cashOnDelivery, codConfirmation, orderSummary, storeCreditPay } from "@shop/shared/messages";
import { fromCents, savedTotal, toCents } from "@shop/shared/pricing";
import { cx } from "../lib/cx";
import { formatPrice } from "../lib/money";
import type { AmountLine } from "../lib/payment-words";

interface PriceSummaryProps {
  itemsPrice: number;
  /** Null while no shipping method serves the address: shipping shows as not known. */
  shippingPrice: number | null;
  taxPrice: number;
  totalPrice: number;
  discountPrice: number;
  /** A discount code's amount off the items, and the code. */
  discountAmount?: number | undefined;
  discountCode?: string | null | undefined;
  /** The name of the shipping method the shipping is priced with, shown beside "Shipping". */
  shippingMethod?: string | null | undefined;
  /** The prices include the GST: it is part of the total, said under it, not added to it. */
  taxIncluded?: boolean | undefined;
  /** The one GST rate of the lines, named in the tax line; null when they differ (SPEC's 18% when absent). */
  taxRate?: number | null | undefined;
  /** An order's cash on delivery fee (outside GST), a line of its own before the total; none when 0. */
  codFee?: number | undefined;
  /** What paying online took off an order's goods (the GST above is after it); none when 0. */
  onlineDiscount?: number | undefined;
  /**
   * An order's store credit (decision 042), under the total: the credit taken off, then the rest by
   * what paid it, or what is left to pay (payment-words.ts creditPart); none without credit.
   */
  storeCredit?: { credit: number; rest: readonly AmountLine[] } | null | undefined;
  /** 'Total' in the cart; 'Amount paid' once an order's payment is completed (SPEC section 4). */
  totalLabel?: string;
  /** A placed order's currency (ISO 4217), which its amounts are written in; the shop's when absent. */
  currency?: string | undefined;
  /**
   * A cart the server has not priced yet: shipping, GST and total stand as placeholders of their
   * size (their figures are ignored), so nothing moves when they arrive.
   */
  pending?: boolean | undefined;
  className?: string;
}

/**
 * Subtotal, a discount code's amount, shipping, GST, total and 'You Saved' (SPEC section 9: the sale
 * savings, and a code's amount with them), for a cart or an order. With prices that include GST,
 * the tax is said under the total ("Includes $9.72 GST") instead of being a line added to it.
 */
export function PriceSummary({
  itemsPrice,
  discountAmount = 0,
  discountCode,
  shippingPrice,
  shippingMethod,
  taxPrice,
  taxIncluded = false,
  taxRate = TAX_PERCENT,
  totalPrice,
  discountPrice,
  codFee = 0,
  onlineDiscount = 0,
  storeCredit,
  totalLabel = "Total",
  currency,
  pending = false,
  className,
}: PriceSummaryProps) {
  const money = (amount: number) => formatPrice(amount, currency);
  const row = "flex items-baseline justify-between gap-4";
  const saved = fromCents(toCents(savedTotal({ discountPrice, discountAmount })) + toCents(onlineDiscount));
  // NOTE: an inline block holding a space takes the height and baseline of the line it stands in,
  // so its row keeps the size the figure will give it.
  const placeholder = (
    <>
      <span aria-hidden="true" className="inline-block w-16 animate-pulse rounded bg-neutral-200">
        {"\u00a0"}
      </span>
      <span className="sr-only">{orderSummary.pricing}</span>
    </>
  );
  return (
    <dl aria-busy={pending || undefined} className={cx("space-y-3 text-sm text-neutral-700", className)}>
      <div className={row}>
        <dt>Subtotal</dt>
        <dd className="tabular-nums">{money(itemsPrice)}</dd>
      </div>
      {discountAmount > 0 ? (
        <div className={cx(row, "text-success-700")}>
          <dt>Discount{discountCode ? ` (${discountCode})` : ""}</dt>
          <dd className="tabular-nums">−{money(discountAmount)}</dd>
        </div>
      ) : null}
      {onlineDiscount > 0 ? (
        <div className={cx(row, "text-success-700")}>
          <dt>{codConfirmation.onlineDiscountLine}</dt>
          <dd className="tabular-nums">−{money(onlineDiscount)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt className="min-w-0">
          Shipping
          {shippingMethod ? <span className="text-neutral-500"> ({shippingMethod})</span> : null}
        </dt>
        <dd className="shrink-0 tabular-nums">
          {pending
            ? placeholder
            : shippingPrice === null
              ? "—"
              : shippingPrice === 0
                ? orderSummary.free
                : money(shippingPrice)}
        </dd>
      </div>
      {taxIncluded ? null : (
        <div className={row}>
          <dt>{taxRate === null ? orderSummary.taxAtRates : orderSummary.taxAt(taxRate)}</dt>
          <dd className="tabular-nums">{pending ? placeholder : money(taxPrice)}</dd>
        </div>
      )}
      {codFee > 0 ? (
        <div className={row}>
          <dt>{cashOnDelivery.feeLine}</dt>
          <dd className="tabular-nums">{money(codFee)}</dd>
        </div>
      ) : null}
      <div className={cx(row, "border-t border-neutral-200 pt-3 text-base font-semibold text-neutral-900")}>
        <dt>{totalLabel}</dt>
        <dd className="tabular-nums">{pending ? placeholder : money(totalPrice)}</dd>
      </div>
      {taxIncluded && (pending || taxPrice > 0) ? (
        <div className="-mt-2 text-right text-xs text-neutral-500">
          <dt className="sr-only">Tax (GST)</dt>
          <dd className="tabular-nums">
            {pending ? placeholder : orderSummary.includesTax(money(taxPrice))}
          </dd>
        </div>
      ) : null}
      {storeCredit ? (
        <>
          <div className={row}>
            <dt>{storeCreditPay.line}</dt>
            <dd className="tabular-nums">−{money(storeCredit.credit)}</dd>
          </div>
          {storeCredit.rest.map((line) => (
            <div key={line.label} className={row}>
              <dt>{line.label}</dt>
              <dd className="tabular-nums">{money(line.amount)}</dd>
            </div>
          ))}
        </>
      ) : null}
      {saved > 0 ? (
        <div className={cx(row, "font-medium text-success-700")}>
          <dt>You Saved</dt>
          <dd className="tabular-nums">{money(saved)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
