import type { OrderStatus } from "@shop/shared/constants";
import { empty, loading } from "@shop/shared/messages";
import { Link } from "react-router";
import { buttonClasses } from "#web/components/button";
import { useListParams } from "#web/lib/list-params";
import { FullScreenLoader } from "../components/full-screen-loader";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { useOrders } from "./api/get-orders";
import { OrdersTable } from "./components/orders-table";

export type OrdersView = "all" | "pending" | "delivered" | "cancelled" | "refunded";

const VIEWS: Record<OrdersView, { title: string; status: OrderStatus | "all"; empty: string }> = {
  all: { title: "All Orders", status: "all", empty: empty.allOrders },
  // 'Ready to Ship' lists the paid orders, whose status is processing (SPEC section 2).
  pending: { title: "Ready to Ship", status: "processing", empty: empty.readyToShip },
  delivered: { title: "Delivered Orders", status: "delivered", empty: empty.deliveredOrders },
  cancelled: { title: "Cancelled Orders", status: "cancelled", empty: empty.cancelledOrders },
  refunded: { title: "Refunded Orders", status: "refunded", empty: empty.refundedOrders },
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/orders", label: "All Orders" },
  { to: "/dashboard/orders/delivered", label: "Delivered" },
  { to: "/dashboard/orders/cancelled", label: "Cancelled" },
  { to: "/dashboard/orders/refunded", label: "Refunded" },
];

export function OrdersPage({ view }: { view: OrdersView }) {
  const { title, status, empty: emptyMessage } = VIEWS[view];
  const list = useListParams();
  const query = useOrders(status, { page: list.page, size: list.size, keyword: list.keyword || undefined });

  return (
    <>
      <SectionHeader
        title="Orders"
        links={LINKS}
        action={
          <Link to="/dashboard/orders/pending" className={buttonClasses({ size: "sm" })}>
            Ready to Ship
          </Link>
        }
      />
      <SectionBody>
        <SectionCard title={title}>
          <PagedList
            list={list}
            searchLabel="orders"
            query={query}
            empty={emptyMessage}
            loading={<FullScreenLoader message={loading.orders} />}
          >
            {(orders) => <OrdersTable orders={orders} caption={title} />}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
