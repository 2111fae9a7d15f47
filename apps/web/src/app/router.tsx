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
const NdrPage = lazyPage(() => import("../features/dashboard/orders/ndr-page").then((m) => m.NdrPage));
const CodRemittancesPage = lazyPage(() =>
  import("../features/dashboard/payments/cod-remittances-page").then((m) => m.CodRemittancesPage),
);
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
  {
    path: "search",
    element: <SearchPage />,
    handle: handleOf(SearchPage),
  },
  {
    // The page a cash on delivery order's email links to: its token confirms the order, signed in or not.
    path: "orders/:orderId/confirm-cod",
    element: <ConfirmCodPage />,
    handle: handleOf(ConfirmCodPage),
  },
  {
    path: "sale",
    element: <SalePage />,
    handle: handleOf(SalePage),
  },
  {
    // The page every abandoned-checkout reminder links to: its token unsubscribes, signed in or not.
    path: "unsubscribe",
    element: <UnsubscribePage />,
    handle: handleOf(UnsubscribePage),
  },
  {
    path: "cart",
    element: <CartPage />,
    handle: handleOf(CartPage),
  },
  {
    path: "about",
    element: <AboutPage />,
    handle: handleOf(AboutPage),
  },
  {
    path: "contact",
    element: <ContactPage />,
    handle: handleOf(ContactPage),
  },
  {
    path: "privacy-policy",
    element: <PrivacyPolicyPage />,
    handle: handleOf(PrivacyPolicyPage),
  },
  {
    path: "terms-of-service",
    element: <TermsOfServicePage />,
    handle: handleOf(TermsOfServicePage),
  },
  {
    path: "account",
    element: <AccountLayout />,
    handle: handleOf(AccountLayout),
    children: [
      { index: true, element: <Navigate to="/account/profile" replace /> },
      {
        path: "profile",
        element: <ProfilePage />,
        handle: handleOf(ProfilePage),
      },
      {
        path: "shipping",
        element: <ShippingPage />,
        handle: handleOf(ShippingPage),
      },
      {
        path: "checkout",
        element: <CheckoutPage />,
        handle: handleOf(CheckoutPage),
      },
      {
        path: "pay/:orderId",
        element: <PayPage />,
        handle: handleOf(PayPage),
      },
      {
        path: "orders",
        element: <MyOrdersPage />,
        handle: handleOf(MyOrdersPage),
      },
      {
        path: "orders/:orderId",
        element: <OrderPage />,
        handle: handleOf(OrderPage),
      },
      {
        path: "wishlist",
        element: <WishlistPage />,
        handle: handleOf(WishlistPage),
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];

const authPages: RouteObject[] = [
  { index: true, element: <Navigate to="/auth/login" replace /> },
  {
    path: "login",
    element: <LoginPage />,
    handle: handleOf(LoginPage),
  },
  {
    path: "register",
    element: <RegisterPage />,
    handle: handleOf(RegisterPage),
  },
  {
    path: "forgot-password",
    element: <ForgotPasswordPage />,
    handle: handleOf(ForgotPasswordPage),
  },
  {
    path: "reset-password",
    element: <ResetPasswordPage />,
    handle: handleOf(ResetPasswordPage),
  },
];

const dashboardPages: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard/home" replace /> },
  {
    path: "home",
    element: <DashboardHomePage />,
    handle: handleOf(DashboardHomePage),
  },
  {
    path: "reports",
    element: <ReportsPage />,
    handle: handleOf(ReportsPage, staffOnly),
  },
  {
    path: "reports/gst",
    element: <GstReportPage />,
    handle: handleOf(GstReportPage, staffOnly),
  },
  {
    path: "orders",
    children: [
      { index: true, element: <OrdersPage view="all" />, handle: handleOf(OrdersPage) },
      {
        path: "pending",
        element: <OrdersPage view="pending" />,
        handle: handleOf(OrdersPage),
      },
      {
        path: "delivered",
        element: <OrdersPage view="delivered" />,
        handle: handleOf(OrdersPage),
      },
      {
        path: "cancelled",
        element: <OrdersPage view="cancelled" />,
        handle: handleOf(OrdersPage),
      },
      {
        path: "refunded",
        element: <OrdersPage view="refunded" />,
        handle: handleOf(OrdersPage),
      },
      {
        path: "ndr",
        element: <NdrPage />,
        handle: handleOf(NdrPage),
      },
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
      { index: true, element: <PaymentsPage view="all" />, handle: handleOf(PaymentsPage) },
      {
        path: "successful",
        element: <PaymentsPage view="successful" />,
        handle: handleOf(PaymentsPage),
      },
      {
        path: "failed",
        element: <PaymentsPage view="failed" />,
        handle: handleOf(PaymentsPage),
      },
      {
        path: "partially-refunded",
        element: <PaymentsPage view="partially-refunded" />,
        handle: handleOf(PaymentsPage),
      },
      {
        path: "refunded",
        element: <PaymentsPage view="refunded" />,
        handle: handleOf(PaymentsPage),
      },
      {
        path: "unmatched",
        element: <UnmatchedPaymentsPage />,
        handle: handleOf(UnmatchedPaymentsPage),
      },
      {
        path: "cod-remittances",
        element: <CodRemittancesPage />,
        handle: handleOf(CodRemittancesPage),
      },
    ],
  },
  {
    path: "products",
    children: [
      { index: true, element: <ProductsPage view="all" />, handle: handleOf(ProductsPage) },
      {
        path: "on-sale",
        element: <ProductsPage view="on-sale" />,
        handle: handleOf(ProductsPage),
      },
      {
        path: "inactive",
        element: <ProductsPage view="inactive" />,
        handle: handleOf(ProductsPage),
      },
      {
        path: "new",
        element: <ProductFormPage />,
        handle: handleOf(ProductFormPage),
      },
      {
        path: "edit/:productId",
        element: <ProductFormPage />,
        handle: handleOf(ProductFormPage),
      },
    ],
  },
  {
    path: "categories",
    element: <CategoriesPage />,
    handle: handleOf(CategoriesPage),
  },
  {
    path: "discounts",
    handle: { roles: staffOnly },
    children: [
      {
        index: true,
        element: <DiscountsPage />,
        handle: handleOf(DiscountsPage),
      },
      {
        path: "new",
        element: <DiscountFormPage />,
        handle: handleOf(DiscountFormPage),
      },
      {
        path: ":discountId",
        element: <DiscountFormPage />,
        handle: handleOf(DiscountFormPage),
      },
    ],
  },
  {
    path: "customers",
    handle: { roles: adminOnly },
    children: [
      { index: true, element: <CustomersPage view="all" />, handle: handleOf(CustomersPage) },
      {
        path: "inactive",
        element: <CustomersPage view="inactive" />,
        handle: handleOf(CustomersPage),
      },
      {
        path: ":userId",
        element: <CustomerPage />,
        handle: handleOf(CustomerPage),
      },
    ],
  },
  {
    path: "reviews",
    element: <ReviewsPage />,
    handle: handleOf(ReviewsPage, staffOnly),
  },
  {
    path: "media",
    element: <MediaPage />,
    handle: handleOf(MediaPage),
  },
  {
    path: "disputes",
    handle: { roles: adminOnly },
    children: [
      { index: true, element: <DisputesPage view="all" />, handle: handleOf(DisputesPage) },
      { path: "open", element: <DisputesPage view="open" />, handle: handleOf(DisputesPage) },
      {
        path: "closed",
        element: <DisputesPage view="closed" />,
        handle: handleOf(DisputesPage),
      },
    ],
  },
  {
    path: "returns",
    element: <ReturnsPage />,
    handle: handleOf(ReturnsPage, staffOnly),
  },
  {
    path: "emails",
    handle: { roles: adminOnly },
    children: [
      {
        index: true,
        element: <EmailsPage />,
        handle: handleOf(EmailsPage),
      },
      {
        path: ":emailId",
        element: <EmailPage />,
        handle: handleOf(EmailPage),
      },
    ],
  },
  {
    path: "webhooks",
    element: <WebhooksPage />,
    handle: handleOf(WebhooksPage, adminOnly),
  },
  {
    path: "inventory",
    element: <InventoryPage />,
    handle: handleOf(InventoryPage, staffOnly),
  },
  {
    path: "activity",
    element: <ActivityPage />,
    handle: handleOf(ActivityPage, adminOnly),
  },
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
