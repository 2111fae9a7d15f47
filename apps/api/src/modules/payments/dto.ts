import { CURRENCY } from "@shop/shared/constants";
import type { PaymentDto, PaymentProviderDto } from "@shop/shared/schemas/payment";
import type { Refund, RefundLine } from "#api/db/schema/refunds";
import { toRefundDto } from "#api/modules/orders/dto";
import { toUserSummary } from "#api/modules/users/dto";
import type { PaymentProvider } from "#api/payments/provider";
import type { PaymentRow } from "./repo";

/** A payment as the dashboard and the pay page show it. */
export function toPaymentDto(
  { payment, user }: PaymentRow,
  refunds: readonly Refund[],
  creditNotes: ReadonlyMap<string, readonly RefundLine[]> = new Map(),
): PaymentDto {
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
    refundedAmount: payment.refundedAmount,
    refunds: refunds
      .filter((refund) => refund.paymentId === payment.id)
      .map((refund) => toRefundDto(refund, creditNotes.get(refund.id) ?? [])),
  };
}

/** Which provider the pay page should offer, and PayPal's public client id. */
export function paymentProviderInfo(provider: PaymentProvider): PaymentProviderDto {
  return provider.name === "paypal"
    ? { provider: "paypal", clientId: provider.clientId, currency: CURRENCY }
    : { provider: "test", clientId: null, currency: CURRENCY };
}
