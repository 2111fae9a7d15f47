import { ArrowDownTrayIcon } from "@heroicons/react/20/solid";
import { DEFAULT_PAGE, FULFILMENT_STATES, type OrderStatus, PAYMENT_STATES } from "@shop/shared/constants";
import { empty, fulfilmentFilter, listPaging, loading, paymentStates } from "@shop/shared/messages";
import { lazy, useCallback } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "#web/components/button";
import { SelectField } from "#web/components/select-field";
import { ordersExportUrl } from "#web/lib/api";
import { useConfig } from "#web/lib/config";
import { useListParams } from "#web/lib/list-params";
import { FullScreenLoader } from "../components/full-screen-loader";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useOrders } from "./api/get-orders";
import { type DateRange, DateRangeFilter, isBackwards } from "./components/date-range-filter";
import { OrdersTable } from "./components/orders-table";
import { ShiprocketBatch, useBatchSelection } from "./components/shiprocket-batch";
import { useOrdersLinks } from "./orders-links";

export type OrdersView = "all" | "pending" | "delivered" | "cancelled" | "refunded";

const VIEWS: Record<OrdersView, { title: string; status: OrderStatus | "all"; empty: string }> = {
  all: { title: "All Orders", status: "all", empty: empty.allOrders },
  // 'Ready to Ship' lists the paid orders, whose status is processing (SPEC section 2).
  pending: { title: "Ready to Ship", status: "processing", empty: empty.readyToShip },
  delivered: { title: "Delivered Orders", status: "delivered", empty: empty.deliveredOrders },
  cancelled: { title: "Cancelled Orders", status: "cancelled", empty: empty.cancelledOrders },
  refunded: { title: "Refunded Orders", status: "refunded", empty: empty.refundedOrders },
};

/** A day from the address, as the date field takes it; anything else counts as no day. */
function dayOf(value: string | null): string {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
}

/**
 * The list's date range, in the address beside page, size and keyword (so reload, back and a
 * shared link keep it); a new range returns to page 1.
 */
function useDateRange(): [DateRange, (range: DateRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = { from: dayOf(searchParams.get("from")), to: dayOf(searchParams.get("to")) };
  const setRange = useCallback(
    (next: DateRange) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        for (const key of ["from", "to"] as const) {
          if (next[key]) params.set(key, next[key]);
          else params.delete(key);
        }
        return params;
      }),
    [setSearchParams],
  );
  return [range, setRange];
}

/**
 * A filter of one of `values`, in the address under `name` (an unknown value counts as none
 * chosen); a new choice returns to page 1.
 */
function useChoiceFilter<T extends string>(
  name: string,
  values: readonly T[],
): [T | undefined, (choice: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(name);
  const choice = values.find((candidate) => candidate === value);
  const setChoice = useCallback(
    (next: string) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        if (next) params.set(name, next);
        else params.delete(name);
        return params;
      }),
    [name, setSearchParams],
  );
  return [choice, setChoice];
}

// NOTE: a view of this route's module rather than a route of its own, so that the router's table (in
// every storefront page's first load) grows by its path alone; its code comes on its first visit.
const NdrPage = lazy(() => import("./ndr-page").then((m) => ({ default: m.NdrPage })));

/** The orders' lists, and the undelivered parcels (ndr-page.tsx) at /dashboard/orders/ndr. */
export function OrdersPage({ view }: { view: OrdersView | "ndr" }) {
  return view === "ndr" ? <NdrPage /> : <OrdersList view={view} />;
}

function OrdersList({ view }: { view: OrdersView }) {
  const { title, status, empty: emptyMessage } = VIEWS[view];
  const list = useListParams();
  const [range, setRange] = useDateRange();
  const [payment, setPayment] = useChoiceFilter("payment", PAYMENT_STATES);
  const [fulfilment, setFulfilment] = useChoiceFilter("fulfilment", FULFILMENT_STATES);
  // A range that ends before it starts is shown as wrong, and not asked for.
  const days = isBackwards(range) ? {} : { from: range.from || undefined, to: range.to || undefined };
  const filters = { keyword: list.keyword || undefined, ...days, payment, fulfilment };
  const query = useOrders(status, { page: list.page, size: list.size, after: list.after, ...filters });
  // NOTE: after the list's query, so that the list is asked for first.
  const links = useOrdersLinks();
  const shiprocket = useConfig().data?.shiprocket === true;
  // Ready to Ship books orders through Shiprocket in batches once the shop is connected to it.
  const selection = useBatchSelection();
  const batch = view === "pending" && shiprocket;

  return (
    <>
      <SectionHeader
        title="Orders"
        links={links}
        action={
          <Link to="/dashboard/orders/pending" className={buttonClasses({ size: "sm" })}>
            Ready to Ship
          </Link>
        }
      />
      <SectionBody>
        <SectionCard title={title}>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div className="flex flex-wrap items-end gap-3">
              <DateRangeFilter range={range} onChange={setRange} />
              <SelectField
                label={paymentStates.filter}
                value={payment ?? ""}
                onChange={(event) => setPayment(event.target.value)}
              >
                <option value="">{paymentStates.all}</option>
                {PAYMENT_STATES.map((state) => (
                  <option key={state} value={state}>
                    {paymentStates.labels[state]}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={fulfilmentFilter.label}
                value={fulfilment ?? ""}
                onChange={(event) => setFulfilment(event.target.value)}
              >
                <option value="">{fulfilmentFilter.all}</option>
                {FULFILMENT_STATES.map((state) => (
                  <option key={state} value={state}>
                    {fulfilmentFilter.labels[state]}
                  </option>
                ))}
              </SelectField>
            </div>
            <a
              href={ordersExportUrl({ ...filters, status: status === "all" ? undefined : status })}
              download
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
              Export CSV
            </a>
          </div>
          {batch ? <ShiprocketBatch selection={selection} /> : null}
          <PagedList
            list={list}
            searchLabel="orders"
            noun={listPaging.nouns.orders}
            query={query}
            empty={emptyMessage}
            loading={<FullScreenLoader message={loading.orders} />}
          >
            {(orders) => (
              <OrdersTable orders={orders} caption={title} selection={batch ? selection : undefined} />
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
