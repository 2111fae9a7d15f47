/** How the shop names a payment's way to staff and shoppers alike: its gateway, and the method the provider reported. */
import { storeCreditPay } from "@shop/shared/messages";
import { isTaken } from "@shop/shared/orders";
import { fromCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import { afterCreditCents, paymentMethodName, tenderName } from "@shop/shared/tenders";

export { paymentMethodName, tenderName };

/** "Razorpay · UPI", "PayPal": the gateway a payment went through, with its method when the provider said one. */
export function paidWith(payment: { paymentGateway: string; method: string | null }): string {
  return tenderName({ kind: payment.paymentGateway, method: payment.method });
}

/** A line of an amounts card: what it names and the amount. */
export interface AmountLine {
  label: string;
  amount: number;
}

/**
 * An order's store credit as its amounts show it under the total (decision 042): the credit taken
 * off, then the rest by what paid it ("Razorpay · UPI") or, unpaid, as what is left to pay; null for
 * an order without credit. An order paid all from credit has no rest.
 */
export function creditPart(
  order: Pick<OrderDto, "storeCreditUsed" | "totalAmount" | "payment">,
): { credit: number; rest: AmountLine[] } | null {
  if (order.storeCreditUsed <= 0) return null;
  const { payment } = order;
  if (payment && isTaken(payment.status)) {
    const rest = payment.tenders
      .filter((tender) => tender.kind !== "store_credit")
      .map((tender) => ({ label: tenderName(tender), amount: tender.amount }));
    return { credit: order.storeCreditUsed, rest };
  }
  const left = fromCents(afterCreditCents(order.totalAmount, order.storeCreditUsed));
  return {
    credit: order.storeCreditUsed,
    rest: left > 0 ? [{ label: storeCreditPay.toPay, amount: left }] : [],
  };
}
