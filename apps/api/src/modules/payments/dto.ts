import { CURRENCY } from "@shop/shared/constants";
import type { PaymentDto, PaymentProviderDto } from "@shop/shared/schemas/payment";
import { toUserSummary } from "#api/modules/users/dto";
import type { PaymentProvider } from "#api/payments/provider";
import type { PaymentRow } from "./repo";

/** A payment as the dashboard and the pay page show it. */
export function toPaymentDto({ payment, user }: PaymentRow): PaymentDto {
  return {
    _id: payment.id,
    user: toUserSummary(user),
    order: payment.orderId,
    status: payment.status,
    transactionId: payment.transactionId,
    amount: payment.amount,
    currency: payment.currency,
    paymentGateway: payment.paymentGateway,
    update_time: payment.updateTime?.toISOString() ?? null,
    email_address: payment.emailAddress,
    createdAt: payment.createdAt.toISOString(),
  };
}

/** Which provider the pay page should offer, and PayPal's public client id. */
export function paymentProviderInfo(provider: PaymentProvider): PaymentProviderDto {
  return provider.name === "paypal"
    ? { provider: "paypal", clientId: provider.clientId, currency: CURRENCY }
    : { provider: "test", clientId: null, currency: CURRENCY };
}
