import { storeCreditStaff as creditWords, inCurrency, mail as mailWords } from "@shop/shared/messages";
import { fromCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { gatewayWithMethod, tenderPart } from "@shop/shared/tenders";
import type { ComponentProps } from "react";
import { TextField } from "#web/components/text-field";
import { formatPrice, useCurrencySymbol } from "#web/lib/money";
import { paymentMethodName } from "#web/lib/payment-words";
import { splitOf, tendersOf } from "../refundable";

interface RefundSplitPartsProps extends Omit<ComponentProps<typeof TextField>, "label" | "hint"> {
  order: OrderDto;
  /** The refund's whole, in cents. */
  total: number;
  /** The store credit part as typed (NaN: none typed). */
  typed: number;
}

/**
 * A split refund's two parts, each with where it goes ("Store credit ₹1,299.00", "Razorpay · UPI
 * ₹2,249.00"), and the store credit part's field: empty, each part goes back to where it came from.
 */
export function RefundSplitParts({ order, total, typed, ...field }: RefundSplitPartsProps) {
  const symbol = useCurrencySymbol(order.currency);
  const money = (cents: number) => formatPrice(fromCents(cents), order.currency);
  const parts = splitOf(order, total, typed);
  const payment = order.payment;
  const paymentPlace = payment
    ? gatewayWithMethod(
        mailWords.gateways[payment.paymentGateway],
        payment.method ? paymentMethodName(payment.method) : null,
      )
    : creditWords.toPayment;
  return (
    <div className="mt-3 space-y-3">
      <ul className="space-y-1 text-sm text-neutral-800 tabular-nums" aria-live="polite">
        <li>{tenderPart(creditWords.toStoreCredit, money(parts.toStoreCredit))}</li>
        <li>{tenderPart(paymentPlace, money(parts.toPayment))}</li>
      </ul>
      <TextField
        label={inCurrency(creditWords.splitPart, symbol)}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        max={fromCents(total)}
        placeholder={String(fromCents(tendersOf(order, total).toStoreCredit))}
        hint={`${creditWords.splitPartHint} ${creditWords.splitPartMost(money(total))}`}
        {...field}
      />
    </div>
  );
}
