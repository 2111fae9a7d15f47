import {
  ArrowDownTrayIcon,
  BanknotesIcon,
  CheckCircleIcon,
  ClockIcon,
  NoSymbolIcon,
} from "@heroicons/react/24/outline";
import {
  accountNotes,
  api as apiMessages,
  cashOnDelivery,
  codConfirmation,
  documents,
  refunds as refundWords,
} from "@shop/shared/messages";
import { isPayable, isTaken } from "@shop/shared/orders";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { ReactNode } from "react";
import { formatPrice } from "#web/lib/money";
import { paidWith } from "#web/lib/payment-words";
import { orderDocumentUrl } from "../lib/api";
import { CodConfirmPrompt } from "./cod-confirm-prompt";
import { DocumentLink } from "./document-link";
import { tendersText } from "./payment-tenders";

/** The shopper's link to the order's invoice, once it has its number. */
function InvoiceLink({ order }: { order: OrderDto }) {
  if (!order.invoiceNumber) return null;
  return (
    <DocumentLink
      href={orderDocumentUrl(order._id, "invoice")}
      className="mt-2 inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
    >
      <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
      {documents.downloadInvoice}
    </DocumentLink>
  );
}

/**
 * How a shopper's order stands with its payment, on the pay page and the order page: taken (gateway,
 * transaction, what went back, the invoice), cash on delivery to pay (the invoice once the goods
 * left, decision 025) with, while the shopper has not confirmed it, the prompt to, being confirmed,
 * cancelled, or, while it can be paid, the page's own way to pay (`payActions`).
 */
export function OrderPayment({
  order,
  payActions,
  cancelledActions,
}: {
  order: OrderDto;
  /** While the order can be paid: the pay page's payment form, the order page's link to it. */
  payActions: ReactNode;
  /** Under the note of a cancelled order: where the shopper may go next. */
  cancelledActions?: ReactNode;
}) {
  const { payment } = order;

  if (payment && isTaken(payment.status)) {
    return (
      <div className="flex gap-3 rounded-card bg-success-50 p-4 text-sm text-success-700 ring-1 ring-success-600/20">
        <CheckCircleIcon className="size-6 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">Paid {formatPrice(payment.amount, order.currency)}</p>
          <p className="mt-0.5 wrap-anywhere text-success-700/90">
            {/* Paid in parts (store credit and a provider): each part with what it took. */}
            {payment.tenders.length > 1 ? tendersText(payment.tenders, order.currency) : paidWith(payment)} ·
            transaction {payment.transactionId}
          </p>
          {payment.refundedAmount > 0 ? (
            <p className="mt-0.5 font-medium">
              {refundWords.refundedTotal(
                formatPrice(payment.refundedAmount, order.currency),
                formatPrice(payment.amount, order.currency),
              )}
            </p>
          ) : null}
          <InvoiceLink order={order} />
        </div>
      </div>
    );
  }
  if (payment?.paymentGateway === "cod" && payment.status === "pending") {
    const toCollect = (
      <div className="flex gap-3 rounded-card bg-brand-50 p-4 text-sm text-brand-800 ring-1 ring-brand-600/20">
        <BanknotesIcon className="size-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{cashOnDelivery.toCollect}</p>
          <p className="mt-0.5">
            {cashOnDelivery.optionHintNoFee(formatPrice(payment.amount, order.currency))}
          </p>
          {order.codConfirmation === "confirmed" && order.status === "processing" ? (
            <p className="mt-0.5">{codConfirmation.confirmed}</p>
          ) : null}
          <InvoiceLink order={order} />
        </div>
      </div>
    );
    // It ships once the shopper confirms it (the email's link, or here).
    if (order.codConfirmation !== "pending" || order.status === "cancelled") return toCollect;
    return (
      <div className="space-y-3">
        <CodConfirmPrompt order={order} />
        {toCollect}
      </div>
    );
  }
  if (payment !== null) {
    return (
      <div className="flex gap-3 rounded-card bg-brand-50 p-4 text-sm text-brand-800 ring-1 ring-brand-600/20">
        <ClockIcon className="size-6 shrink-0" aria-hidden="true" />
        <p>{apiMessages.paymentPending}</p>
      </div>
    );
  }
  if (order.status === "cancelled") {
    return (
      <div className="flex gap-3 rounded-card bg-neutral-100 p-4 text-sm text-neutral-700 ring-1 ring-neutral-200">
        <NoSymbolIcon className="size-6 shrink-0 text-neutral-500" aria-hidden="true" />
        <div>
          <p>{accountNotes.orderCancelled}</p>
          {cancelledActions}
        </div>
      </div>
    );
  }
  return isPayable(order) ? payActions : null;
}
