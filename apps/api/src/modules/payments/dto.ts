import { CURRENCY } from "@shop/shared/constants";
import type { PaymentDto, PaymentProviderDto } from "@shop/shared/schemas/payment";
import { tendersOf } from "@shop/shared/tenders";
import type { Refund, RefundLine } from "#api/db/schema/refunds";
import { toRefundDto } from "#api/modules/orders/dto";
import { toUserSummary } from "#api/modules/users/dto";
import type { PaymentProviders } from "#api/payments/provider";
import type { PaymentRow } from "./repo";

/**
 * A payment as the dashboard and the pay page show it, its tenders split by what its order's store
 * credit paid (`storeCreditUsed`: none when not given).
 */
export function toPaymentDto(
  { payment, user, storeCreditUsed = 0 }: Omit<PaymentRow, "storeCreditUsed"> & { storeCreditUsed?: number },
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
    method: payment.method,
    tenders: tendersOf(payment, storeCreditUsed),
    update_time: payment.updateTime?.toISOString() ?? null,
    email_address: payment.emailAddress,
    createdAt: payment.createdAt.toISOString(),
    refundedAmount: payment.refundedAmount,
    refunds: refunds
      .filter((refund) => refund.paymentId === payment.id)
      .map((refund) => toRefundDto(refund, creditNotes.get(refund.id) ?? [])),
  };
}

/** Which of PayPal and the test gateway the pay page should offer, and PayPal's public client id; undefined with neither. */
export function paymentProviderInfo(providers: PaymentProviders): PaymentProviderDto | undefined {
  if (providers.paypal)
    return { provider: "paypal", clientId: providers.paypal.clientId, currency: CURRENCY };
  if (providers.test) return { provider: "test", clientId: null, currency: CURRENCY };
  return undefined;
}
