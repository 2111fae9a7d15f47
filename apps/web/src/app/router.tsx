/**
 * Every screen of SPEC section 2. The storefront shell and home page are in the entry bundle; the
 * other pages, and the whole auth, account and dashboard areas, are separate chunks fetched on
 * first visit (route `lazy`), so a shopper never downloads dashboard code. The product and category
 * routes' loaders start the pages' first requests while their chunks load, without waiting for them.
 */
import { STAFF_ROLES } from "@shop/shared/constants";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { PageSpinner } from "../components/spinner";
import { HomePage } from "../features/storefront/home-page";
import { prefetchCategoryPage, prefetchProductPage } from "../features/storefront/route-data";
import { APP_SHELL_HTML } from "../lib/app-shell";
import { queryClient } from "../lib/query-client";
import { ErrorPage } from "./error-page";
import type { DashboardHandle } from "./layouts/dashboard-layout";
import { StorefrontLayout } from "./layouts/storefront-layout";
import { NotFoundPage } from "./not-found-page";
import { Root } from "./root";

const adminOnly: DashboardHandle = { roles: ["admin"] };
/** Admins and managers: the staff the API's discount, report and settings reads serve. */
const staffOnly: DashboardHandle = { roles: STAFF_ROLES };

/** While the code of the first page shown loads: the header bar index.html drew, a spinner below. */
function FirstPageFallback() {
  return (
    <>
      <div
        className="contents"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own index.html markup, read at start.
        dangerouslySetInnerHTML={{ __html: APP_SHELL_HTML }}
      />
      <PageSpinner />
    </>
  );
}

const storefrontPages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  {
    path: "product/:productId",
    loader: ({ params }) => {
      prefetchProductPage(queryClient, params.productId ?? "");
      return null;
    },
    lazy: () => import("../features/storefront/product-page").then((m) => ({ Component: m.ProductPage })),
  },
  {
    path: "product-category/:categorySlug",
    loader: ({ params, request }) => {
      prefetchCategoryPage(queryClient, params.categorySlug ?? "", new URL(request.url));
      return null;
    },
    lazy: () => import("../features/storefront/category-page").then((m) => ({ Component: m.CategoryPage })),
  },
  {
    path: "search",
    lazy: () => import("../features/storefront/search-page").then((m) => ({ Component: m.SearchPage })),
  },
  {
    // The page a cash on delivery order's email links to: its token confirms the order, signed in or not.
    path: "orders/:orderId/confirm-cod",
    lazy: () =>
      import("../features/storefront/confirm-cod-page").then((m) => ({ Component: m.ConfirmCodPage })),
  },
  {
    path: "sale",
    lazy: () => import("../features/storefront/sale-page").then((m) => ({ Component: m.SalePage })),
  },
  {
    // The page every abandoned-checkout reminder links to: its token unsubscribes, signed in or not.
    path: "unsubscribe",
    lazy: () =>
      import("../features/storefront/unsubscribe-page").then((m) => ({ Component: m.UnsubscribePage })),
  },
  {
    path: "cart",
    lazy: () => import("../features/cart/cart-page").then((m) => ({ Component: m.CartPage })),
  },
  {
    path: "about",
    lazy: () => import("../features/storefront/about-page").then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: "contact",
    lazy: () => import("../features/storefront/contact-page").then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: "privacy-policy",
    lazy: () =>
      import("../features/storefront/privacy-policy-page").then((m) => ({ Component: m.PrivacyPolicyPage })),
  },
  {
    path: "terms-of-service",
    lazy: () =>
      import("../features/storefront/terms-of-service-page").then((m) => ({
        Component: m.TermsOfServicePage,
      })),
  },
  {
    path: "account",
    lazy: () => import("./layouts/account-layout").then((m) => ({ Component: m.AccountLayout })),
    children: [
      { index: true, element: <Navigate to="/account/profile" replace /> },
      {
        path: "profile",
        lazy: () => import("../features/account/profile-page").then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: "shipping",
        lazy: () => import("../features/checkout/shipping-page").then((m) => ({ Component: m.ShippingPage })),
      },
      {
        path: "checkout",
        lazy: () => import("../features/checkout/checkout-page").then((m) => ({ Component: m.CheckoutPage })),
      },
      {
        path: "pay/:orderId",
        lazy: () => import("../features/checkout/pay-page").then((m) => ({ Component: m.PayPage })),
      },
      {
        path: "orders/:orderId",
        lazy: () => import("../features/account/order-page").then((m) => ({ Component: m.OrderPage })),
      },
      {
        path: "wishlist",
        lazy: () => import("../features/account/wishlist-page").then((m) => ({ Component: m.WishlistPage })),
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];

const authPages: RouteObject[] = [
  { index: true, element: <Navigate to="/auth/login" replace /> },
  {
    path: "login",
    lazy: () => import("../features/auth/login-page").then((m) => ({ Component: m.LoginPage })),
  },
  {
    path: "register",
    lazy: () => import("../features/auth/register-page").then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: "forgot-password",
    lazy: () =>
      import("../features/auth/forgot-password-page").then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: "reset-password",
    lazy: () =>
      import("../features/auth/reset-password-page").then((m) => ({ Component: m.ResetPasswordPage })),
  },
];

const ordersPage = () => import("../features/dashboard/orders/orders-page");
const paymentsPage = () => import("../features/dashboard/payments/payments-page");
const productsPage = () => import("../features/dashboard/products/products-page");
const customersPage = () => import("../features/dashboard/customers/customers-page");
const disputesPage = () => import("../features/dashboard/disputes/disputes-page");

const dashboardPages: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard/home" replace /> },
  {
    path: "home",
    lazy: () =>
      import("../features/dashboard/home/home-page").then((m) => ({ Component: m.DashboardHomePage })),
  },
  {
    path: "reports",
    handle: staffOnly,
    lazy: () =>
      import("../features/dashboard/reports/reports-page").then((m) => ({ Component: m.ReportsPage })),
  },
  {
    path: "reports/gst",
    handle: staffOnly,
    lazy: () =>
      import("../features/dashboard/reports/gst-report-page").then((m) => ({ Component: m.GstReportPage })),
  },
  {
    path: "orders",
    children: [
      { index: true, lazy: () => ordersPage().then((m) => ({ element: <m.OrdersPage view="all" /> })) },
      {
        path: "pending",
        lazy: () => ordersPage().then((m) => ({ element: <m.OrdersPage view="pending" /> })),
      },
      {
        path: "delivered",
        lazy: () => ordersPage().then((m) => ({ element: <m.OrdersPage view="delivered" /> })),
      },
      {
        path: "cancelled",
        lazy: () => ordersPage().then((m) => ({ element: <m.OrdersPage view="cancelled" /> })),
      },
      {
        path: "refunded",
        lazy: () => ordersPage().then((m) => ({ element: <m.OrdersPage view="refunded" /> })),
      },
      {
        path: "order/:orderId",
        lazy: () =>
          import("../features/dashboard/orders/order-page").then((m) => ({ Component: m.OrderPage })),
      },
    ],
  },
  {
    path: "payments",
    handle: adminOnly,
    children: [
      { index: true, lazy: () => paymentsPage().then((m) => ({ element: <m.PaymentsPage view="all" /> })) },
      {
        path: "successful",
        lazy: () => paymentsPage().then((m) => ({ element: <m.PaymentsPage view="successful" /> })),
      },
      {
        path: "failed",
        lazy: () => paymentsPage().then((m) => ({ element: <m.PaymentsPage view="failed" /> })),
      },
      {
        path: "partially-refunded",
        lazy: () => paymentsPage().then((m) => ({ element: <m.PaymentsPage view="partially-refunded" /> })),
      },
      {
        path: "refunded",
        lazy: () => paymentsPage().then((m) => ({ element: <m.PaymentsPage view="refunded" /> })),
      },
      {
        path: "unmatched",
        lazy: () =>
          import("../features/dashboard/payments/unmatched-payments-page").then((m) => ({
            Component: m.UnmatchedPaymentsPage,
          })),
      },
    ],
  },
  {
    path: "products",
    children: [
      { index: true, lazy: () => productsPage().then((m) => ({ element: <m.ProductsPage view="all" /> })) },
      {
        path: "on-sale",
        lazy: () => productsPage().then((m) => ({ element: <m.ProductsPage view="on-sale" /> })),
      },
      {
        path: "inactive",
        lazy: () => productsPage().then((m) => ({ element: <m.ProductsPage view="inactive" /> })),
      },
      {
        path: "new",
        lazy: () =>
          import("../features/dashboard/products/product-form-page").then((m) => ({
            Component: m.ProductFormPage,
          })),
      },
      {
        path: "edit/:productId",
        lazy: () =>
          import("../features/dashboard/products/product-form-page").then((m) => ({
            Component: m.ProductFormPage,
          })),
      },
    ],
  },
  {
    path: "categories",
    lazy: () =>
      import("../features/dashboard/categories/categories-page").then((m) => ({
        Component: m.CategoriesPage,
      })),
  },
  {
    path: "discounts",
    handle: staffOnly,
    children: [
      {
        index: true,
        lazy: () =>
          import("../features/dashboard/discounts/discounts-page").then((m) => ({
            Component: m.DiscountsPage,
          })),
      },
      {
        path: "new",
        lazy: () =>
          import("../features/dashboard/discounts/discount-form-page").then((m) => ({
            Component: m.DiscountFormPage,
          })),
      },
      {
        path: ":discountId",
        lazy: () =>
          import("../features/dashboard/discounts/discount-form-page").then((m) => ({
            Component: m.DiscountFormPage,
          })),
      },
    ],
  },
  {
    path: "customers",
    handle: adminOnly,
    children: [
      { index: true, lazy: () => customersPage().then((m) => ({ element: <m.CustomersPage view="all" /> })) },
      {
        path: "inactive",
        lazy: () => customersPage().then((m) => ({ element: <m.CustomersPage view="inactive" /> })),
      },
      {
        path: ":userId",
        lazy: () =>
          import("../features/dashboard/customers/customer-page").then((m) => ({
            Component: m.CustomerPage,
          })),
      },
    ],
  },
  {
    path: "reviews",
    handle: staffOnly,
    lazy: () =>
      import("../features/dashboard/reviews/reviews-page").then((m) => ({ Component: m.ReviewsPage })),
  },
  {
    path: "media",
    lazy: () => import("../features/dashboard/media/media-page").then((m) => ({ Component: m.MediaPage })),
  },
  {
    path: "disputes",
    handle: adminOnly,
    children: [
      { index: true, lazy: () => disputesPage().then((m) => ({ element: <m.DisputesPage view="all" /> })) },
      { path: "open", lazy: () => disputesPage().then((m) => ({ element: <m.DisputesPage view="open" /> })) },
      {
        path: "closed",
        lazy: () => disputesPage().then((m) => ({ element: <m.DisputesPage view="closed" /> })),
      },
    ],
  },
  {
    path: "returns",
    handle: staffOnly,
    lazy: () =>
      import("../features/dashboard/returns/returns-page").then((m) => ({ Component: m.ReturnsPage })),
  },
  {
    path: "emails",
    handle: adminOnly,
    children: [
      {
        index: true,
        lazy: () =>
          import("../features/dashboard/emails/emails-page").then((m) => ({ Component: m.EmailsPage })),
      },
      {
        path: ":emailId",
        lazy: () =>
          import("../features/dashboard/emails/email-page").then((m) => ({ Component: m.EmailPage })),
      },
    ],
  },
  {
    path: "webhooks",
    handle: adminOnly,
    lazy: () =>
      import("../features/dashboard/webhooks/webhooks-page").then((m) => ({ Component: m.WebhooksPage })),
  },
  {
    path: "inventory",
    handle: staffOnly,
    lazy: () =>
      import("../features/dashboard/inventory/inventory-page").then((m) => ({ Component: m.InventoryPage })),
  },
  {
    path: "activity",
    handle: adminOnly,
    lazy: () =>
      import("../features/dashboard/activity/activity-page").then((m) => ({ Component: m.ActivityPage })),
  },
  {
    path: "settings",
    // Managers read the settings; the page disables its forms for them, and the API lets only admins save.
    handle: staffOnly,
    lazy: () =>
      import("../features/dashboard/settings/settings-page").then((m) => ({ Component: m.SettingsPage })),
  },
  { path: "*", element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorPage fullPage />,
    HydrateFallback: FirstPageFallback,
    children: [
      {
        path: "/",
        element: <StorefrontLayout />,
        // A pathless route under each layout: a crashing page keeps the layout around its error.
        children: [{ errorElement: <ErrorPage />, children: storefrontPages }],
      },
      {
        path: "auth",
        lazy: () => import("./layouts/auth-layout").then((m) => ({ Component: m.AuthLayout })),
        children: [{ errorElement: <ErrorPage />, children: authPages }],
      },
      {
        path: "dashboard",
        lazy: () => import("./layouts/dashboard-layout").then((m) => ({ Component: m.DashboardLayout })),
        children: [{ errorElement: <ErrorPage />, children: dashboardPages }],
      },
    ],
  },
];

/**
 * The shop's router, on the page's address. Created when app/start.tsx is ready to render: creating
 * it matches the address and starts the first page's loaders and code.
 */
export function createRouter() {
  return createBrowserRouter(routes);
}
