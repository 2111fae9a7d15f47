import { ArrowTopRightOnSquareIcon } from "@heroicons/react/20/solid";
import type { PaymentStatus } from "@shop/shared/constants";
import {
  cashOnDelivery,
  codRemittances,
  empty,
  listPaging,
  paymentStates,
  refunds,
  unmatchedPayments,
} from "@shop/shared/messages";
import { lazy } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#web/components/button";
import { PaymentTenders } from "#web/components/payment-tenders";
import { StatusBadge } from "#web/components/status-badge";
import { useConfig } from "#web/lib/config";
import { cx } from "#web/lib/cx";
import { formatDate } from "#web/lib/dates";
import { useListParams } from "#web/lib/list-params";
import { formatPrice } from "#web/lib/money";
import { paidWith } from "#web/lib/payment-words";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
  openableRowClass,
  rowLinkClass,
} from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { usePayments } from "./api/get-payments";

export type PaymentsView = "all" | "successful" | "failed" | "partially-refunded" | "refunded";

/** SPEC's three lists, and one for each state refunds move a payment to, named as that state. */
const VIEWS: Record<
  PaymentsView,
  { title: string; status: PaymentStatus | "all"; empty: string; to: string }
> = {
  all: { title: paymentStates.lists.all, status: "all", empty: empty.payments, to: "/dashboard/payments" },
  successful: {
    title: paymentStates.lists.successful,
    status: "completed",
    empty: empty.successfulPayments,
    to: "/dashboard/payments/successful",
  },
  failed: {
    title: paymentStates.lists.failed,
    status: "failed",
    empty: empty.failedPayments,
    to: "/dashboard/payments/failed",
  },
  "partially-refunded": {
    title: paymentStates.labels.partially_refunded,
    status: "partially_refunded",
    empty: empty.partiallyRefundedPayments,
    to: "/dashboard/payments/partially-refunded",
  },
  refunded: {
    title: paymentStates.labels.refunded,
    status: "refunded",
    empty: empty.refundedPayments,
    to: "/dashboard/payments/refunded",
  },
};

/** The payments' lists, and the money no order could take (unmatched-payments-page.tsx). */
export const PAYMENTS_LINKS: readonly SectionLink[] = [
  ...Object.values(VIEWS).map(({ to, title }) => ({ to, label: title })),
  { to: "/dashboard/payments/unmatched", label: unmatchedPayments.tab },
];

/** With Shiprocket connected, its couriers' COD remittances too (cod-remittances-page.tsx). */
const SHIPROCKET_PAYMENTS_LINKS: readonly SectionLink[] = [
  ...PAYMENTS_LINKS,
  { to: "/dashboard/payments/cod-remittances", label: codRemittances.link },
];

/** The Payments section's links, the COD remittances among them once Shiprocket is connected. */
export function usePaymentsLinks(): readonly SectionLink[] {
  return useConfig().data?.shiprocket ? SHIPROCKET_PAYMENTS_LINKS : PAYMENTS_LINKS;
}

/** The payment provider's own back office, where refunds and disputes are handled. */
const PROVIDER_BUSINESS_URL = "https://www.paypal.com/businessmanage/";

const COLUMNS = [
  { label: "Customer" },
  { label: "Status" },
  { label: "Transaction" },
  { label: "Gateway" },
  { label: "Date" },
  { label: "Amount", className: "text-right" },
] as const;

// NOTE: a view of this route's module rather than a route of its own, so that the router's table (in
// every storefront page's first load) grows by its path alone; its code comes on its first visit.
const CodRemittancesPage = lazy(() =>
  import("./cod-remittances-page").then((m) => ({ default: m.CodRemittancesPage })),
);

/** The payments' lists, and the COD remittances (cod-remittances-page.tsx) at /dashboard/payments/cod-remittances. */
export function PaymentsPage({ view }: { view: PaymentsView | "cod-remittances" }) {
  return view === "cod-remittances" ? <CodRemittancesPage /> : <PaymentsList view={view} />;
}

function PaymentsList({ view }: { view: PaymentsView }) {
  const { title, status, empty: emptyMessage } = VIEWS[view];
  const list = useListParams();
  const query = usePayments(status, { page: list.page, size: list.size, keyword: list.keyword || undefined });
  // NOTE: after the list's query, so that the list is asked for first.
  const links = usePaymentsLinks();

  return (
    <>
      <SectionHeader
        title="Payments"
        links={links}
        action={
          <a
            href={PROVIDER_BUSINESS_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ size: "sm" })}
          >
            PayPal Business
            <ArrowTopRightOnSquareIcon className="size-4" aria-hidden="true" />
          </a>
        }
      />
      <SectionBody>
        <SectionCard title={title}>
          <PagedList
            list={list}
            searchLabel="payments"
            noun={listPaging.nouns.payments}
            query={query}
            empty={emptyMessage}
          >
            {(payments) => (
              <DataTable caption={title} columns={COLUMNS}>
                {payments.map((payment) => (
                  <tr key={payment._id} className={openableRowClass}>
                    <td className={cx(cellClass, growCellClass)}>
                      <p className="font-medium whitespace-nowrap text-neutral-900">
                        {payment.user.name.firstName} {payment.user.name.lastName}
                      </p>
                      <p className="text-xs text-neutral-500">
                        {payment.email_address ?? payment.user.email}
                      </p>
                    </td>
                    <td className={cellClass}>
                      <StatusBadge kind="payment" status={payment.status} />
                      {payment.paymentGateway === "cod" && payment.status === "pending" ? (
                        <p className="mt-1 text-xs font-medium whitespace-nowrap text-warning-700">
                          {cashOnDelivery.toCollect}
                        </p>
                      ) : null}
                    </td>
                    <td className={cx(cellClass, "font-mono text-xs break-all")}>
                      {/* The payment's item is its order. */}
                      <Link
                        to={`/dashboard/orders/order/${payment.order}`}
                        aria-label={`${payment.transactionId} — open the order it paid`}
                        className={cx("text-brand-700 hover:underline", rowLinkClass)}
                      >
                        {payment.transactionId}
                      </Link>
                    </td>
                    <td className={cellClass}>
                      {payment.tenders.length > 1 ? (
                        <PaymentTenders tenders={payment.tenders} currency={payment.currency} />
                      ) : (
                        paidWith(payment)
                      )}
                    </td>
                    <td className={cx(cellClass, "whitespace-nowrap")}>
                      <time dateTime={payment.createdAt}>{formatDate(payment.createdAt)}</time>
                    </td>
                    <td className={cx(cellClass, endCellClass, "text-right font-medium tabular-nums")}>
                      {formatPrice(payment.amount, payment.currency)}
                      {payment.refundedAmount > 0 ? (
                        <p className="text-xs font-normal whitespace-nowrap text-danger-700">
                          {refunds.refundedAmount(formatPrice(payment.refundedAmount, payment.currency))}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
