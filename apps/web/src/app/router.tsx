/**
 * Every screen of SPEC section 2. The storefront shell and home page are in the entry bundle; the
 * other pages, and the whole auth, account and dashboard areas, are separate chunks fetched on
 * first visit (React `lazy`), so a shopper never downloads dashboard code. The product and category
 * routes start the pages' first requests while their chunks load, without waiting for them.
 *
 * NOTE: React Router in its declarative mode (`<BrowserRouter>` and route objects), not its data
 * router: the data router's loaders, route `lazy` and error elements weigh about 17 KB gzip more on
 * every first load, and React gives the same with `lazy`, `<Suspense>` and error boundaries
 * (decision 049). Navigations are transitions: the page shown stays until the next one's code is in.
 */
import { type Role, STAFF_ROLES } from "@shop/shared/constants";
import type { ComponentType } from "react";
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useParams,
  useRoutes,
} from "react-router";
import { HomePage } from "../features/storefront/home-page";
import { prefetchCategoryPage, prefetchProductPage } from "../features/storefront/route-data";
import { queryClient } from "../lib/query-client";
import { isActiveStaff, useSession } from "../lib/session";
import { ErrorBoundary } from "./error-boundary";
import { ErrorPage } from "./error-page";
import { StorefrontLayout } from "./layouts/storefront-layout";
import { handleOf, lazyPage, type RouteHandle } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { Root } from "./root";

const adminOnly: readonly Role[] = ["admin"];
/** Admins and managers: the staff the API's discount, report and settings reads serve. */
const staffOnly: readonly Role[] = STAFF_ROLES;

/**
 * The pages of a layout: a crashing page (or a chunk that fails to load) shows the error page and
 * keeps the layout around it; the next address tries again.
 */
function Pages() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
      <Outlet />
    </ErrorBoundary>
  );
}

const ProductPage = lazyPage(() => import("../features/storefront/product-page").then((m) => m.ProductPage));
const CategoryPage = lazyPage(() =>
  import("../features/storefront/category-page").then((m) => m.CategoryPage),
);
const SearchPage = lazyPage(() => import("../features/storefront/search-page").then((m) => m.SearchPage));
const ConfirmCodPage = lazyPage(() =>
  import("../features/storefront/confirm-cod-page").then((m) => m.ConfirmCodPage),
);
const SalePage = lazyPage(() => import("../features/storefront/sale-page").then((m) => m.SalePage));
const UnsubscribePage = lazyPage(() =>
  import("../features/storefront/unsubscribe-page").then((m) => m.UnsubscribePage),
);
const CartPage = lazyPage(() => import("../features/cart/cart-page").then((m) => m.CartPage));
const AboutPage = lazyPage(() => import("../features/storefront/about-page").then((m) => m.AboutPage));
const ContactPage = lazyPage(() => import("../features/storefront/contact-page").then((m) => m.ContactPage));
const PrivacyPolicyPage = lazyPage(() =>
  import("../features/storefront/privacy-policy-page").then((m) => m.PrivacyPolicyPage),
);
const TermsOfServicePage = lazyPage(() =>
  import("../features/storefront/terms-of-service-page").then((m) => m.TermsOfServicePage),
);
const AccountLayout = lazyPage(() => import("./layouts/account-layout").then((m) => m.AccountLayout));
const ProfilePage = lazyPage(() => import("../features/account/profile-page").then((m) => m.ProfilePage));
const ShippingPage = lazyPage(() => import("../features/checkout/shipping-page").then((m) => m.ShippingPage));
const CheckoutPage = lazyPage(() => import("../features/checkout/checkout-page").then((m) => m.CheckoutPage));
const PayPage = lazyPage(() => import("../features/checkout/pay-page").then((m) => m.PayPage));
const OrderPage = lazyPage(() => import("../features/account/order-page").then((m) => m.OrderPage));
const MyOrdersPage = lazyPage(() => import("../features/account/orders-page").then((m) => m.MyOrdersPage));
const WishlistPage = lazyPage(() => import("../features/account/wishlist-page").then((m) => m.WishlistPage));
const LoginPage = lazyPage(() => import("../features/auth/login-page").then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import("../features/auth/register-page").then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyPage(() =>
  import("../features/auth/forgot-password-page").then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import("../features/auth/reset-password-page").then((m) => m.ResetPasswordPage),
);
const DashboardHomePage = lazyPage(() =>
  import("../features/dashboard/home/home-page").then((m) => m.DashboardHomePage),
);
const ReportsPage = lazyPage(() =>
  import("../features/dashboard/reports/reports-page").then((m) => m.ReportsPage),
);
const GstReportPage = lazyPage(() =>
  import("../features/dashboard/reports/gst-report-page").then((m) => m.GstReportPage),
);
const OrderPage2 = lazyPage(() => import("../features/dashboard/orders/order-page").then((m) => m.OrderPage));
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
const AuthLayout = lazyPage(() => import("./layouts/auth-layout").then((m) => m.AuthLayout));
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

/**
 * The product page, its first request started as the route renders: while the page's code loads (it
 * suspends), not after its first render. A render that starts a fetch: the query client asks once
 * for a query already on its way or fresh in the cache.
 */
function ProductRoute() {
  const { productId = "" } = useParams();
  prefetchProductPage(queryClient, productId);
  return <ProductPage />;
}

/** The category page, its category and first page of products asked for as the route renders (see ProductRoute). */
function CategoryRoute() {
  const { categorySlug = "" } = useParams();
  const { pathname, search } = useLocation();
  prefetchCategoryPage(queryClient, categorySlug, new URL(`${pathname}${search}`, window.location.origin));
  return <CategoryPage />;
}

const storefrontPages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  {
    path: "product/:productId",
    element: <ProductRoute />,
    handle: handleOf(ProductPage),
  },
  {
    path: "product-category/:categorySlug",
    element: <CategoryRoute />,
    handle: handleOf(CategoryPage),
  },
  pageRoute("search", SearchPage),
  {
    // The page a cash on delivery order's email links to: its token confirms the order, signed in or not.
    path: "orders/:orderId/confirm-cod",
    element: <ConfirmCodPage />,
    handle: handleOf(ConfirmCodPage),
  },
  pageRoute("sale", SalePage),
  {
    // The page every abandoned-checkout reminder links to: its token unsubscribes, signed in or not.
    path: "unsubscribe",
    element: <UnsubscribePage />,
    handle: handleOf(UnsubscribePage),
  },
  pageRoute("cart", CartPage),
  pageRoute("about", AboutPage),
  pageRoute("contact", ContactPage),
  pageRoute("privacy-policy", PrivacyPolicyPage),
  pageRoute("terms-of-service", TermsOfServicePage),
  {
    path: "account",
    element: <AccountLayout />,
    handle: handleOf(AccountLayout),
    children: [
      { index: true, element: <Navigate to="/account/profile" replace /> },
      pageRoute("profile", ProfilePage),
      pageRoute("shipping", ShippingPage),
      pageRoute("checkout", CheckoutPage),
      pageRoute("pay/:orderId", PayPage),
      pageRoute("orders", MyOrdersPage),
      pageRoute("orders/:orderId", OrderPage),
      pageRoute("wishlist", WishlistPage),
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];

const authPages: RouteObject[] = [
  { index: true, element: <Navigate to="/auth/login" replace /> },
  pageRoute("login", LoginPage),
  pageRoute("register", RegisterPage),
  pageRoute("forgot-password", ForgotPasswordPage),
  pageRoute("reset-password", ResetPasswordPage),
];

/**
 * A route rendering a lazily loaded page at `path`, limited to `roles` when given.
 * NOTE: made by a function rather than written out, as the router's table is in every first load.
 */
function pageRoute(
  path: string,
  Page: ComponentType & { load: () => Promise<unknown> },
  roles?: readonly Role[],
) {
  return { path, element: <Page />, handle: handleOf(Page, roles) } satisfies RouteObject;
}

/** A section's lists, each a view of its page at the view's own path ("all": the section's index). */
function viewRoutes<V extends string>(
  Page: ComponentType<{ view: V }> & { load: () => Promise<unknown> },
  views: readonly V[],
) {
  return views.map(
    (view): RouteObject => ({
      ...(view === "all" ? { index: true } : { path: view }),
      element: <Page view={view} />,
      handle: handleOf(Page),
    }),
  );
}

const dashboardPages: RouteObject[] = [
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
        element: <OrderPage2 />,
        handle: {
          ...handleOf(OrderPage2),
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

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: "/",
        element: <StorefrontLayout />,
        // A pathless route under each layout: a crashing page keeps the layout around its error.
        children: [{ element: <Pages />, children: storefrontPages }],
      },
      {
        path: "auth",
        element: <AuthLayout />,
        handle: handleOf(AuthLayout),
        children: [{ element: <Pages />, children: authPages }],
      },
      {
        path: "dashboard",
        element: <DashboardRoute />,
        handle: handleOf(DashboardLayout),
        children: [{ element: <Pages />, children: dashboardPages }],
      },
    ],
  },
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

function AppRoutes() {
  return useRoutes(routes);
}

/** The shop's pages, on the page's address. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
