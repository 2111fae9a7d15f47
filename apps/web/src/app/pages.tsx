/** The pieces both route tables (the shop's, app/router.tsx, and the dashboard's, app/dashboard-routes.tsx) are made of. */
import type { Role } from "@shop/shared/constants";
import type { ComponentType } from "react";
import { Outlet, type RouteObject, useLocation } from "react-router";
import { ErrorBoundary } from "./error-boundary";
import { ErrorPage } from "./error-page";
import { handleOf } from "./lazy-page";

/**
 * The pages of a layout: a crashing page (or a chunk that fails to load) shows the error page and
 * keeps the layout around it; the next address tries again.
 */
export function Pages() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <ErrorPage error={error} />}>
      <Outlet />
    </ErrorBoundary>
  );
}

/**
 * A route rendering a lazily loaded page at `path`, limited to `roles` when given.
 * NOTE: made by a function rather than written out, as the router's table is in every first load.
 */
export function pageRoute(
  path: string,
  Page: ComponentType & { load: () => Promise<unknown> },
  roles?: readonly Role[],
) {
  return { path, element: <Page />, handle: handleOf(Page, roles) } satisfies RouteObject;
}

/** A section's lists, each a view of its page at the view's own path ("all": the section's index). */
export function viewRoutes<V extends string>(
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
