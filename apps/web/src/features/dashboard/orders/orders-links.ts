import { ndrPage } from "@shop/shared/messages";
import { useConfig } from "#web/lib/config";
import type { SectionLink } from "../components/section-header";

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/orders", label: "All Orders" },
  { to: "/dashboard/orders/delivered", label: "Delivered" },
  { to: "/dashboard/orders/cancelled", label: "Cancelled" },
  { to: "/dashboard/orders/refunded", label: "Refunded" },
];
/** With Shiprocket connected, the parcels its couriers could not deliver too (ndr-page.tsx). */
const SHIPROCKET_LINKS: readonly SectionLink[] = [
  ...LINKS,
  { to: "/dashboard/orders/ndr", label: ndrPage.link },
];

/** The Orders section's links: the lists, and the undelivered parcels once Shiprocket is connected. */
export function useOrdersLinks(): readonly SectionLink[] {
  return useConfig().data?.shiprocket ? SHIPROCKET_LINKS : LINKS;
}
