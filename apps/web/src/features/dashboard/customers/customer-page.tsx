import { customerPage, messageLog, storeCreditStaff } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { shownStatus } from "@shop/shared/orders";
import type { CustomerOrderDto, CustomerSummaryDto } from "@shop/shared/schemas/user";
import { lazy, type ReactNode, Suspense } from "react";
import { Link, useParams } from "react-router";
import { AddressLines } from "#web/components/address-lines";
import { Avatar } from "#web/components/avatar";
import { Button } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { PageSpinner } from "#web/components/spinner";
import { StatusBadge } from "#web/components/status-badge";
import { isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { formatDate } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";
import { useSession } from "#web/lib/session";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
  openableRowClass,
  rowLinkClass,
} from "../components/data-table";
import { OtherCurrencies } from "../components/other-currencies";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { MessageLogSkeleton } from "../messages/components/message-log-skeleton";
import { useCustomerSummary } from "./api/get-customer-summary";
import { useToggleCustomerStatus } from "./api/toggle-customer-status";
import { CodBar } from "./components/cod-bar";
import { CustomerNotes } from "./components/customer-notes";
import { CustomerStoreCredit } from "./components/customer-store-credit";
import { RoleChange } from "./components/role-change";

// Below the fold: the message log's code comes after the customer is on screen.
const MessageLog = lazy(() =>
  import("../messages/components/message-log").then((m) => ({ default: m.MessageLog })),
);

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/customers", label: "All Customers" },
  { to: "/dashboard/customers/inactive", label: "Inactive Customers" },
];

/**
 * /dashboard/customers/{userId} (admins): who the customer is, their cash on delivery bar (lifted
 * here), what they bought, and the staff's notes.
 */
export function CustomerPage() {
  const { userId = "" } = useParams();
  const query = useCustomerSummary(userId);
  let body: ReactNode;
  if (query.isPending) body = <PageSpinner label={customerPage.loading} />;
  else if (query.isError) {
    const missing = !isApiError(query.error) || query.error.status === 404 || query.error.status === 400;
    body = <ErrorState message={missing ? customerPage.notFound : query.error.message} />;
  } else body = <CustomerDetails summary={query.data} />;
  return (
    <>
      <SectionHeader title="Customers" links={LINKS} />
      <SectionBody>{body}</SectionBody>
    </>
  );
}

function CustomerDetails({ summary }: { summary: CustomerSummaryDto }) {
  const { user, orders } = summary;
  const myId = useSession((state) => state.user?.id);
  const toggle = useToggleCustomerStatus();
  const self = user._id === myId;
  const name = fullName(user.name);
  return (
    <>
      <section
        aria-labelledby="customer-name"
        className="rounded-card bg-white px-4 py-5 shadow-card ring-1 ring-neutral-200 sm:px-6"
      >
        <div className="flex flex-wrap items-start gap-4">
          <Avatar
            firstName={user.name.firstName}
            url={user.avatar?.url ?? null}
            className="size-12 text-lg"
          />
          <div className="min-w-0 flex-1">
            <h2 id="customer-name" className="text-lg font-semibold text-neutral-900">
              {name}
            </h2>
            <p className="text-sm break-all text-neutral-700">{user.email}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-600">
              <span>
                {customerPage.joined} <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
              </span>
              <span
                className={cx(
                  "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
                  user.status
                    ? "bg-success-100 text-success-700 ring-success-600/30"
                    : "bg-neutral-100 text-neutral-700 ring-neutral-500/30",
                )}
              >
                {user.status ? customerPage.active : customerPage.inactive}
              </span>
            </p>
          </div>
          <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
            <RoleChange user={user} self={self} />
            <Button
              size="sm"
              variant={user.status ? "secondary" : "primary"}
              disabled={self}
              loading={toggle.isPending}
              onClick={() => toggle.mutate(user._id)}
            >
              {user.status ? customerPage.deactivate : customerPage.reactivate}
            </Button>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-4 border-t border-neutral-100 pt-5 text-sm sm:grid-cols-3 lg:grid-cols-5">
          <Figure label={customerPage.netSpend} hint={customerPage.netSpendHint}>
            {formatPrice(orders.netSpend)}
          </Figure>
          <Figure label={customerPage.orderCount}>{orders.count}</Figure>
          <Figure label={customerPage.averageOrder}>{formatPrice(orders.averageOrder)}</Figure>
          <Figure label={customerPage.firstOrder}>
            <OrderDay order={orders.first} />
          </Figure>
          <Figure label={customerPage.lastOrder}>
            <OrderDay order={orders.last} />
          </Figure>
        </dl>
        <div className="mt-3">
          <OtherCurrencies
            rows={orders.otherCurrencies.map((row) => ({
              currency: row.currency,
              orders: row.orders,
              amount: row.netSpend,
            }))}
          />
        </div>
      </section>
      {summary.codBar ? <CodBar userId={user._id} name={name} bar={summary.codBar} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SectionCard title={customerPage.orders}>
            {orders.items.length === 0 ? (
              <p className="text-sm text-neutral-600">{customerPage.noOrders}</p>
            ) : (
              <CustomerOrders orders={orders.items} />
            )}
          </SectionCard>
          <SectionCard title={storeCreditStaff.title}>
            <CustomerStoreCredit userId={user._id} />
          </SectionCard>
          <SectionCard title={customerPage.notes}>
            <CustomerNotes userId={user._id} notes={summary.notes} />
          </SectionCard>
          <SectionCard title={messageLog.title}>
            <Suspense fallback={<MessageLogSkeleton />}>
              <MessageLog filter={{ customer: user._id }} />
            </Suspense>
          </SectionCard>
        </div>
        <div className="self-start">
          <SectionCard title={customerPage.addresses}>
            {summary.addresses.length === 0 ? (
              <p className="text-sm text-neutral-600">{customerPage.noAddresses}</p>
            ) : (
              <ul className="space-y-4">
                {summary.addresses.map((address) => (
                  <li key={address._id}>
                    <AddressLines address={address} />
                  </li>
                ))}
              </ul>
            )}
          </SectionCard>
        </div>
      </div>
    </>
  );
}

function Figure({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-neutral-500 uppercase" title={hint}>
        {label}
      </dt>
      <dd className="mt-1 text-base font-semibold text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

function OrderDay({ order }: { order: CustomerOrderDto | null }) {
  if (!order) return <>{customerPage.none}</>;
  return (
    <Link to={`/dashboard/orders/order/${order._id}`} className="text-brand-700 hover:underline">
      <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
    </Link>
  );
}

const ORDER_COLUMNS = [
  { label: "Order" },
  { label: "Date" },
  { label: "Status" },
  { label: "Total", className: "text-right" },
] as const;

function CustomerOrders({ orders }: { orders: CustomerOrderDto[] }) {
  return (
    <DataTable caption={customerPage.orders} columns={ORDER_COLUMNS}>
      {orders.map((order) => (
        <tr key={order._id} className={openableRowClass}>
          <td className={cx(cellClass, growCellClass)}>
            <Link
              to={`/dashboard/orders/order/${order._id}`}
              className={cx("font-semibold whitespace-nowrap text-brand-700 hover:underline", rowLinkClass)}
            >
              #{order.number}
            </Link>
          </td>
          <td className={cx(cellClass, "whitespace-nowrap text-neutral-600")}>
            <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </td>
          <td className={cellClass}>
            <StatusBadge kind="order" status={shownStatus(order)} />
          </td>
          <td
            className={cx(cellClass, endCellClass, "text-right font-medium whitespace-nowrap tabular-nums")}
          >
            {formatPrice(order.totalAmount, order.currency)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
