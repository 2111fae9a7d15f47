/**
 * The dashboard's pages, in a chunk of their own that the shop's router loads on the first visit to
 * /dashboard: their table and the code of each page (React `lazy`) never weigh on a shopper's first
 * load. Once in, pointing at a dashboard link fetches its page ahead, as the shop's links do.
 */
import { type Role, STAFF_ROLES } from "@shop/shared/constants";
import { useEffect } from "react";
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from "react-router";
import { queryClient } from "../lib/query-client";
import { isActiveStaff, useSession } from "../lib/session";
import { handleOf, lazyPage, type RouteHandle } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { Pages, pageRoute, viewRoutes } from "./pages";
import { prefetchRoutesOnIntent } from "./prefetch-on-intent";

const adminOnly: readonly Role[] = ["admin"];
/** Admins and managers: the staff the API's discount, report and settings reads serve. */
const staffOnly: readonly Role[] = STAFF_ROLES;

const DashboardHomePage = lazyPage(() =>
  import("../features/dashboard/home/home-page").then((m) => m.DashboardHomePage),
);
const ReportsPage = lazyPage(() =>
  import("../features/dashboard/reports/reports-page").then((m) => m.ReportsPage),
);
const GstReportPage = lazyPage(() =>
  import("../features/dashboard/reports/gst-report-page").then((m) => m.GstReportPage),
);
const OrderPage = lazyPage(() => import("../features/dashboard/orders/order-page").then((m) => m.OrderPage));
const UnmatchedPaymentsPage = lazyPage(() =>
  import("../features/dashboard/payments/unmatched-payments-page").then((m) => m.UnmatchedPaymentsPage),
);
const ProductFormPage = lazyPage(() =>
  import("../features/dashboard/products/product-form-page").then((m) => m.ProductFormPage),
);
const CategoriesPage = lazyPage(() =>
  import("../features/dashboard/categories/categories-page").then((m) => m.CategoriesPage),
);
const DiscountsPage = lazyPage(() =>
  import("../features/dashboard/discounts/discounts-page").then((m) => m.DiscountsPage),
);
const DiscountFormPage = lazyPage(() =>
  import("../features/dashboard/discounts/discount-form-page").then((m) => m.DiscountFormPage),
);
const CustomerPage = lazyPage(() =>
  import("../features/dashboard/customers/customer-page").then((m) => m.CustomerPage),
);
const ReviewsPage = lazyPage(() =>
  import("../features/dashboard/reviews/reviews-page").then((m) => m.ReviewsPage),
);
const MediaPage = lazyPage(() => import("../features/dashboard/media/media-page").then((m) => m.MediaPage));
const ReturnsPage = lazyPage(() =>
  import("../features/dashboard/returns/returns-page").then((m) => m.ReturnsPage),
);
const EmailsPage = lazyPage(() =>
  import("../features/dashboard/emails/emails-page").then((m) => m.EmailsPage),
);
const EmailPage = lazyPage(() => import("../features/dashboard/emails/email-page").then((m) => m.EmailPage));
const MessagesPage = lazyPage(() =>
  import("../features/dashboard/messages/messages-page").then((m) => m.MessagesPage),
);
const WebhooksPage = lazyPage(() =>
  import("../features/dashboard/webhooks/webhooks-page").then((m) => m.WebhooksPage),
);
const InventoryPage = lazyPage(() =>
  import("../features/dashboard/inventory/inventory-page").then((m) => m.InventoryPage),
);
const ActivityPage = lazyPage(() =>
  import("../features/dashboard/activity/activity-page").then((m) => m.ActivityPage),
);
const SettingsPage = lazyPage(() =>
  import("../features/dashboard/settings/settings-page").then((m) => m.SettingsPage),
);
const DashboardLayout = lazyPage(() => import("./layouts/dashboard-layout").then((m) => m.DashboardLayout));
const OrdersPage = lazyPage(() =>
  import("../features/dashboard/orders/orders-page").then((m) => m.OrdersPage),
);
const PaymentsPage = lazyPage(() =>
  import("../features/dashboard/payments/payments-page").then((m) => m.PaymentsPage),
);
const ProductsPage = lazyPage(() =>
  import("../features/dashboard/products/products-page").then((m) => m.ProductsPage),
);
const CustomersPage = lazyPage(() =>
  import("../features/dashboard/customers/customers-page").then((m) => m.CustomersPage),
);
const DisputesPage = lazyPage(() =>
  import("../features/dashboard/disputes/disputes-page").then((m) => m.DisputesPage),
);

export const dashboardPages: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard/home" replace /> },
  pageRoute("home", DashboardHomePage),
  pageRoute("reports", ReportsPage, staffOnly),
  pageRoute("reports/gst", GstReportPage, staffOnly),
  {
    path: "orders",
    children: [
      ...viewRoutes(OrdersPage, ["all", "pending", "delivered", "cancelled", "refunded", "ndr"]),
      {
        path: "order/:orderId",
        element: <OrderPage />,
        handle: {
          ...handleOf(OrderPage),
          // NOTE: its own small chunk, not the router's: the storefront's first load does not carry it.
          prefetch: ({ orderId = "" }) =>
            void import("../features/dashboard/orders/api/get-order").then(({ orderQueryOptions }) =>
              queryClient.prefetchQuery(orderQueryOptions(orderId)),
            ),
        },
      },
    ],
  },
  {
    path: "payments",
    handle: { roles: adminOnly },
    children: [
      ...viewRoutes(PaymentsPage, [
        "all",
        "successful",
        "failed",
        "partially-refunded",
        "refunded",
        "cod-remittances",
      ]),
      pageRoute("unmatched", UnmatchedPaymentsPage),
    ],
  },
  {
    path: "products",
    children: [
      ...viewRoutes(ProductsPage, ["all", "on-sale", "inactive"]),
      pageRoute("new", ProductFormPage),
      pageRoute("edit/:productId", ProductFormPage),
    ],
  },
  pageRoute("categories", CategoriesPage),
  {
    path: "discounts",
    handle: { roles: staffOnly },
    children: [
      {
        index: true,
        element: <DiscountsPage />,
        handle: handleOf(DiscountsPage),
      },
      pageRoute("new", DiscountFormPage),
      pageRoute(":discountId", DiscountFormPage),
    ],
  },
  {
    path: "customers",
    handle: { roles: adminOnly },
    children: [...viewRoutes(CustomersPage, ["all", "inactive"]), pageRoute(":userId", CustomerPage)],
  },
  pageRoute("reviews", ReviewsPage, staffOnly),
  pageRoute("media", MediaPage),
  {
    path: "disputes",
    handle: { roles: adminOnly },
    children: [...viewRoutes(DisputesPage, ["all", "open", "closed"])],
  },
  pageRoute("returns", ReturnsPage, staffOnly),
  {
    path: "emails",
    handle: { roles: adminOnly },
    children: [
      {
        index: true,
        element: <EmailsPage />,
        handle: handleOf(EmailsPage),
      },
      pageRoute(":emailId", EmailPage),
    ],
  },
  pageRoute("messages", MessagesPage, staffOnly),
  pageRoute("webhooks", WebhooksPage, adminOnly),
  pageRoute("inventory", InventoryPage, staffOnly),
  pageRoute("activity", ActivityPage, adminOnly),
  {
    path: "settings",
    // Managers read the settings; the page disables its forms for them, and the API lets only admins save.
    element: <SettingsPage />,
    handle: handleOf(SettingsPage, staffOnly),
  },
  { path: "*", element: <NotFoundPage /> },
];

/**
 * The dashboard, with the code of the page its address opens and that page's first request started
 * as the route renders: the page is a lazy route inside the lazy layout, whose code would otherwise
 * be asked for only once the layout's had come and rendered. Only for staff: anyone else is sent away.
 */
function DashboardRoute() {
  const { pathname } = useLocation();
  const staff = isActiveStaff(useSession((state) => state.user));
  for (const { route, params } of matchRoutes(dashboardPages, pathname, "/dashboard") ?? []) {
    const handle = route.handle as RouteHandle | undefined;
    // The browser fetches a module once; React's lazy page imports the same one. A chunk that fails
    // here fails again when the page renders, where its error is shown.
    handle?.load?.().catch(() => undefined);
    if (staff) handle?.prefetch?.(params);
  }
  return <DashboardLayout sections={dashboardPages} />;
}

/** The dashboard's routes under /dashboard, its links' pages fetched on intent once it is open. */
export function DashboardArea() {
  useEffect(() => prefetchRoutesOnIntent(dashboardPages, "/dashboard"), []);
  return useRoutes(areaRoutes);
}

const areaRoutes: RouteObject[] = [
  { element: <DashboardRoute />, children: [{ element: <Pages />, children: dashboardPages }] },
];
