import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { useShopSettingsKey } from "#web/lib/shop-settings";
import { StorefrontHeader } from "./storefront-header";

// Below every page, never in the first screen of a page with products: its code (links, the shop's
// contact details and their icons) is fetched once the page is rendered.
const StorefrontFooter = lazy(() =>
  import("./storefront-footer").then((m) => ({ default: m.StorefrontFooter })),
);

export function StorefrontLayout() {
  const settingsKey = useShopSettingsKey();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-popover focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <StorefrontHeader />
      <main id="main" className="flex-1">
        {/* NOTE: drawn again when the owner changes the currency or the name, so no amount keeps the old
            currency; the dashboard is not, so that the settings forms keep what is typed in them. */}
        <Outlet key={settingsKey} />
      </main>
      <Suspense fallback={null}>
        <StorefrontFooter />
      </Suspense>
    </div>
  );
}
