/** How the shop names a payment's way to staff and shoppers alike: its gateway, and the method the provider reported. */
import { mail } from "@shop/shared/messages";

const GATEWAYS: Readonly<Record<string, string>> = mail.gateways;

/** "UPI", "Card": the method a provider reported; a word the shop has no name for shows as it came. */
export function paymentMethodName(method: string): string {
  return mail.paymentMethods[method] ?? method;
}

/** "Razorpay · UPI", "PayPal": the gateway a payment went through, with its method when the provider said one. */
export function paidWith(payment: { paymentGateway: string; method: string | null }): string {
  const gateway = GATEWAYS[payment.paymentGateway] ?? payment.paymentGateway;
  return payment.method ? `${gateway} · ${paymentMethodName(payment.method)}` : gateway;
}
