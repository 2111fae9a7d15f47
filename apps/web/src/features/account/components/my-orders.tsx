import { ChevronRightIcon, ShoppingBagIcon } from "@heroicons/react/24/outline";
import { accountNotes, empty } from "@shop/shared/messages";
import { Link } from "react-router";
import { EmptyState } from "#web/components/empty-state";
import { OrderStatus } from "#web/components/order-status";
import { Pagination } from "#web/components/pagination";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { formatDate } from "#web/lib/dates";
import { useKeepPageInRange, useListParams } from "#web/lib/list-params";
import { formatPrice } from "#web/lib/money";
import { useMyOrders } from "../api/get-my-orders";

/**
 * The shopper's orders, newest first, paged; each links to its order page (where a pending one is
 * paid). On the orders page it is the page's own list; on the profile, a section that links there.
 */
export function MyOrders({ onOwnPage = false }: { onOwnPage?: boolean }) {
  const list = useListParams();
  const { page, size, setPage, setSize } = list;
  const orders = useMyOrders({ page, size });
  // Past the last page (an old link), the list goes to its last page.
  const pastEnd = useKeepPageInRange(
    list,
    orders.isPlaceholderData ? undefined : orders.data?.meta.pageCount,
  );

  return (
    <section aria-labelledby="my-orders-heading" id="orders" className="scroll-mt-24">
      {onOwnPage ? (
        <h1 id="my-orders-heading" className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
          {accountNotes.myOrders}
        </h1>
      ) : (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="my-orders-heading" className="text-lg font-semibold text-neutral-900">
            {accountNotes.myOrders}
          </h2>
          <Link to="/account/orders" className="text-sm font-semibold text-brand-700 hover:underline">
            {accountNotes.allOrders}
          </Link>
        </div>
      )}
      <div className={onOwnPage ? "mt-6" : "mt-3"}>
        <QueryState
          query={pastEnd ? { ...orders, isPending: true } : orders}
          loading={
            <div className="space-y-3">
              <span className="sr-only" role="status">
                Loading orders
              </span>
              <Skeleton className="h-20 rounded-card" />
              <Skeleton className="h-20 rounded-card" />
            </div>
          }
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState
              icon={ShoppingBagIcon}
              title={empty.orders}
              action={
                <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
                  Start shopping
                </Link>
              }
            />
          }
        >
          {({ items, meta }) => (
            <div className="space-y-4">
              <ul
                aria-label="Orders"
                aria-busy={orders.isPlaceholderData || undefined}
                className="divide-y divide-neutral-200 overflow-hidden rounded-card bg-white shadow-card ring-1 ring-neutral-200"
              >
                {items.map((order) => (
                  <li key={order._id}>
                    <Link
                      to={`/account/orders/${order._id}`}
                      className="flex items-center gap-3 px-4 py-4 hover:bg-neutral-50 focus-visible:-outline-offset-2 sm:px-5"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-semibold text-neutral-900">
                          Order #{order.number}
                          <span className="sr-only"> ({order._id})</span>
                        </p>
                        <p className="mt-0.5 text-sm text-neutral-600">
                          {formatDate(order.createdAt)} · {order.itemCount}{" "}
                          {order.itemCount === 1 ? "item" : "items"}
                        </p>
                      </div>
                      <div className="flex flex-col items-end gap-1.5 sm:flex-row-reverse sm:items-center sm:gap-4">
                        <p className="text-sm font-semibold text-neutral-900 tabular-nums">
                          <span className="sr-only">Total: </span>
                          {formatPrice(order.totalAmount, order.currency)}
                        </p>
                        <OrderStatus order={order} />
                      </div>
                      <ChevronRightIcon className="size-5 shrink-0 text-neutral-400" aria-hidden="true" />
                    </Link>
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageCount={meta.pageCount}
                size={size}
                onPageChange={setPage}
                onSizeChange={setSize}
              />
            </div>
          )}
        </QueryState>
      </div>
    </section>
  );
}
