/**
 * A payment's tenders (decision 042): the parts of what was taken, each by what took it. An order paid
 * partly from store credit is paid by two: the credit's part (the order's `storeCreditUsed`) and the
 * provider's (the payment's amount less it). Worked out in cents, so that the parts add up to the
 * payment's amount exactly.
 */
import { type PaymentGateway, PROVIDER_MINIMUM_CENTS, RAZORPAY_CURRENCY } from "./constants";
import { mail } from "./messages";
import { fromCents, toCents } from "./pricing";
import type { PaymentTenderDto } from "./schemas/order";

/**
 * The tenders of a payment of an order whose store credit paid `storeCreditUsed`: the credit's part
 * first, then the provider's (with its method, when it said one). A payment all by credit (gateway
 * `store_credit`) is one tender; so is a provider's payment of an order without credit.
 */
export function tendersOf(
  payment: { paymentGateway: PaymentGateway; method: string | null; amount: number },
  storeCreditUsed: number,
): PaymentTenderDto[] {
  if (payment.paymentGateway === "store_credit") return [{ kind: "store_credit", amount: payment.amount }];
  const total = toCents(payment.amount);
  // Never more than the payment: an order's credit is part of its total.
  const credit = Math.min(Math.max(toCents(storeCreditUsed), 0), total);
  const provider: PaymentTenderDto = {
    kind: payment.paymentGateway,
    amount: fromCents(total - credit),
    ...(payment.method ? { method: payment.method } : {}),
  };
  return credit > 0 ? [{ kind: "store_credit", amount: fromCents(credit) }, provider] : [provider];
}

/**
 * What is left of an amount of an order once its store credit is taken off, in cents: what a provider
 * is asked for (the order's total less its credit), or what it took of a payment (decision 042).
 */
export function afterCreditCents(amount: number, storeCreditUsed: number): number {
  return toCents(amount) - toCents(storeCreditUsed);
}

/** "UPI", "Card": the method a provider reported; a word the shop has no name for shows as it came. */
export function paymentMethodName(method: string): string {
  return mail.paymentMethods[method] ?? method;
}

/** "Razorpay · UPI", "Store credit", "PayPal": what took a tender, with its method when the provider said one. */
export function tenderName(tender: { kind: string; method?: string | null }): string {
  const gateway = (mail.gateways as Readonly<Record<string, string>>)[tender.kind] ?? tender.kind;
  return tender.method ? `${gateway} · ${paymentMethodName(tender.method)}` : gateway;
}

/**
 * The least an online payment of an order in `currency` may ask its provider for, in cents: ₹1 where
 * Razorpay may take it (INR), else the largest of the other providers' minimums.
 */
export function minimumDueCents(currency: string): number {
  return currency === RAZORPAY_CURRENCY
    ? Math.max(...Object.values(PROVIDER_MINIMUM_CENTS))
    : Math.max(PROVIDER_MINIMUM_CENTS.paypal, PROVIDER_MINIMUM_CENTS.test);
}

/**
 * What applying a balance of store credit to part of an order takes, in cents: all of it, or, where
 * that would leave less than the providers' minimum to pay, what leaves the minimum; 0 when it covers
 * the order (paid all from credit in one step instead) or nothing can be applied so.
 */
export function creditToApplyCents(balance: number, due: number, currency: string): number {
  if (balance <= 0 || balance >= due) return 0;
  return Math.max(0, Math.min(balance, due - minimumDueCents(currency)));
}

/**
 * "Store credit ₹1,299.00": a part with its amount, formatted. NOTE: these put words of the messages
 * together and hold none of their own, so they live here rather than in messages/ (whose functions
 * the API's checks read as the shop's wordings: one that answers its argument would pass any text).
 */
export const tenderPart = (name: string, amount: string) => `${name} ${amount}`;

/** "Store credit ₹1,299.00, Razorpay · UPI ₹2,249.00". */
export const tenderParts = (parts: readonly string[]) => parts.join(", ");

/** A provider's part named by its gateway, and how the payer paid when the provider says: "Razorpay · UPI". */
export const gatewayWithMethod = (gateway: string, method: string | null) =>
  method ? `${gateway} · ${method}` : gateway;
