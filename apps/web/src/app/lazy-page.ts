/** The pieces of a route the router's table is made of: a lazily loaded page and its route's `handle`. */
import type { Role } from "@shop/shared/constants";
import { type ComponentType, lazy } from "react";
import type { Params } from "react-router";

/** What a route carries beside its element: its code's loader, and the roles a dashboard section is limited to. */
export interface RouteHandle {
  /** Fetches the route's code ahead of a visit (app/prefetch-on-intent.ts). */
  load?: () => Promise<unknown>;
  roles?: readonly Role[];
  /** A dashboard page's first request, started with its code (DashboardRoute). */
  prefetch?: (params: Params) => void;
}

/** A page whose code is fetched on first visit; `load` fetches it ahead. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return Object.assign(
    lazy(() => load().then((Component) => ({ default: Component }))),
    { load },
  );
}

/** The handle of a route rendering `Page`: its loader, and the roles it is limited to. */
export function handleOf(Page: { load: () => Promise<unknown> }, roles?: readonly Role[]): RouteHandle {
  return roles ? { load: Page.load, roles } : { load: Page.load };
}
