/**
 * Every screen of SPEC section 2. The storefront shell and home page are in the entry bundle; the
 * other pages, and the whole auth, account and dashboard areas, are separate chunks fetched on
 * first visit (React `lazy`), so a shopper never downloads dashboard code: the dashboard's own table
 * of pages is in its chunk too (app/dashboard-routes.tsx). The product and category routes start the
 * pages' first requests while their chunks load, without waiting for them.
 *
 * NOTE: React Router in its declarative mode (`<BrowserRouter>` and route objects), not its data
 * router: the data router's loaders, route `lazy` and error elements weigh about 17 KB gzip more on
 * every first load, and React gives the same with `lazy`, `<Suspense>` and error boundaries
 * (decision 049). Navigations are transitions: the page shown stays until the next one's code is in.
 */
import { BrowserRouter, Navigate, type RouteObject, useLocation, useParams, useRoutes } from "react-router";
import { HomePage } from "../features/storefront/home-page";
import { prefetchCategoryPage, prefetchProductPage } from "../features/storefront/route-data";
import { queryClient } from "../lib/query-client";
import { StorefrontLayout } from "./layouts/storefront-layout";
import { handleOf, lazyPage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { Pages, pageRoute } from "./pages";
import { Root } from "./root";

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
const DashboardArea = lazyPage(() => import("./dashboard-routes").then((m) => m.DashboardArea));
const AuthLayout = lazyPage(() => import("./layouts/auth-layout").then((m) => m.AuthLayout));

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
        // The dashboard's own table of pages is in its chunk: a shopper's first load does not carry it.
        path: "dashboard/*",
        element: <DashboardArea />,
        handle: handleOf(DashboardArea),
      },
    ],
  },
];

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
