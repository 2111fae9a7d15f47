import type { UnmatchedPaymentState } from "@shop/shared/constants";
import { mail, unmatchedPayments as words } from "@shop/shared/messages";
import type { UnmatchedPaymentDto } from "@shop/shared/schemas/payment";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { StatusBadge } from "#web/components/status-badge";
import { cx } from "#web/lib/cx";
import { formatDate } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useUnmatchedPayments } from "./api/get-unmatched-payments";
import { useRefundUnmatchedPayment } from "./api/refund-unmatched-payment";
import { usePaymentsLinks } from "./payments-page";

/** Each state as the payments' badges colour it: refunding waits (yellow), refunded is done (grey), held asks for staff (red). */
const BADGES = { refunding: "pending", refunded: "refunded", held: "failed" } as const satisfies Record<
  UnmatchedPaymentState,
  string
>;

const COLUMNS = [
  { label: words.columns.order },
  { label: words.columns.state },
  { label: words.columns.providerPaymentId },
  { label: words.columns.reason },
  { label: words.columns.createdAt },
  { label: words.columns.amount, className: "text-right" },
] as const;

/**
 * Payments → Unmatched (admin): money a provider took that its order could not take (decision 046),
 * newest first, each refunding, refunded or held for review; a held one is refunded in full here.
 */
export function UnmatchedPaymentsPage() {
  const query = useUnmatchedPayments();
  const links = usePaymentsLinks();
  return (
    <>
      <SectionHeader title="Payments" links={links} />
      <SectionBody>
        <SectionCard title={words.title}>
          <p className="mb-4 max-w-prose text-sm text-neutral-600">{words.intro}</p>
          <QueryState
            query={query}
            loading={<Skeleton className="h-40 w-full" />}
            empty={words.empty}
            isEmpty={(data) => data.items.length === 0}
          >
            {({ items }) => (
              <DataTable caption={words.title} columns={COLUMNS}>
                {items.map((payment) => (
                  <UnmatchedRow key={payment._id} payment={payment} />
                ))}
              </DataTable>
            )}
          </QueryState>
        </SectionCard>
      </SectionBody>
    </>
  );
}

function UnmatchedRow({ payment }: { payment: UnmatchedPaymentDto }) {
  const amount = formatPrice(payment.amount, payment.currency);
  return (
    <tr>
      <td className={cx(cellClass, growCellClass)}>
        <Link
          to={`/dashboard/orders/order/${payment.order}`}
          className="font-medium text-brand-700 hover:underline"
        >
          #{payment.orderNumber}
        </Link>
        <p className="text-xs text-neutral-500">{mail.gateways[payment.provider]}</p>
      </td>
      <td className={cellClass}>
        <StatusBadge kind="payment" status={BADGES[payment.state]} label={words.states[payment.state]} />
        {payment.state === "held" ? <RefundHeld payment={payment} amount={amount} /> : null}
        {payment.state === "refunding" && payment.lastError ? (
          <p className="mt-1 max-w-48 text-xs text-warning-700 wrap-anywhere">{payment.lastError}</p>
        ) : null}
      </td>
      <td className={cx(cellClass, "font-mono text-xs wrap-anywhere")}>{payment.providerPaymentId}</td>
      <td className={cx(cellClass, "text-sm")}>{words.reasons[payment.reason]}</td>
      <td className={cx(cellClass, "whitespace-nowrap")}>
        <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
      </td>
      <td className={cx(cellClass, endCellClass, "text-right font-medium tabular-nums")}>{amount}</td>
    </tr>
  );
}

/** "Refund in full" on a payment held for review, after a confirmation naming the amount. */
function RefundHeld({ payment, amount }: { payment: UnmatchedPaymentDto; amount: string }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundUnmatchedPayment();
  return (
    <>
      <Button size="sm" variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
        {words.refund}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={words.refund}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              loading={refund.isPending}
              onClick={() => refund.mutate(payment._id, { onSuccess: () => setOpen(false) })}
            >
              {words.refund}
            </Button>
          </>
        }
      >
        <p className="text-sm text-neutral-700">{words.confirmRefund(amount)}</p>
      </Dialog>
    </>
  );
}
