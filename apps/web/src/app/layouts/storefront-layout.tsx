import { Outlet } from "react-router";
import { StorefrontFooter } from "./storefront-footer";
import { StorefrontHeader } from "./storefront-header";

export function StorefrontLayout() {
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
        <Outlet />
      </main>
      <StorefrontFooter />
    </div>
  );
}
