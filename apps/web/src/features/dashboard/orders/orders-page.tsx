import { Link } from "react-router";
import { buttonClasses } from "../../../components/button";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";

export type OrdersView = "all" | "pending" | "delivered" | "cancelled" | "refunded";

const TITLES: Record<OrdersView, string> = {
  all: "All Orders",
  pending: "Ready to Ship",
  delivered: "Delivered Orders",
  cancelled: "Cancelled Orders",
  refunded: "Refunded Orders",
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/orders", label: "All Orders" },
  { to: "/dashboard/orders/delivered", label: "Delivered" },
  { to: "/dashboard/orders/cancelled", label: "Cancelled" },
  { to: "/dashboard/orders/refunded", label: "Refunded" },
];

export function OrdersPage({ view }: { view: OrdersView }) {
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
        <SectionCard title={TITLES[view]}>
          <p className="text-sm text-neutral-600">
            The orders table (customer, status, order id and cart value) will appear here, with paging.
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
