import { ArrowDownTrayIcon } from "@heroicons/react/24/outline";
import { documents } from "@shop/shared/messages";
import type { OrderDto } from "@shop/shared/schemas/order";
import { DocumentLink } from "#web/components/document-link";
import { creditNoteUrl } from "#web/lib/api";
import { formatDate } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

/**
 * The credit note of each refund of the shopper's order, downloaded as the invoice is; nothing
 * while no refund has one.
 */
export function OrderCreditNotes({ order }: { order: OrderDto }) {
  const refunds = order.payment?.refunds.filter((refund) => refund.creditNoteNumber !== "") ?? [];
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-credit-notes-heading" className="space-y-2">
      <h3 id="order-credit-notes-heading" className="text-sm font-semibold text-neutral-900">
        {documents.creditNotes}
      </h3>
      <ul className="space-y-2 text-sm">
        {refunds.map((refund) => (
          <li key={refund._id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <DocumentLink
              href={creditNoteUrl(order._id, refund._id)}
              className="inline-flex min-w-0 items-center gap-1.5 font-medium wrap-anywhere text-brand-700 hover:underline"
            >
              <ArrowDownTrayIcon className="size-4 shrink-0" aria-hidden="true" />
              {documents.downloadCreditNote(refund.creditNoteNumber)}
            </DocumentLink>
            <span className="text-neutral-600 tabular-nums">
              {formatPrice(refund.amount, order.currency)} ·{" "}
              <time dateTime={refund.at}>{formatDate(refund.at)}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
