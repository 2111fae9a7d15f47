/**
 * Loads a page's code when the shopper shows the intent to open it: a pointer over its link, a
 * finger on it, or the keyboard's focus on it. By the click the chunk is usually in, so the page
 * opens without waiting for it. Only the route's code is fetched (each route's `handle.load`, its
 * page's `import()`, which the browser keeps as a module once imported): no data, so a pointer crossing a grid of product
 * cards costs a few cached chunks, not a request per card.
 */
import { matchRoutes, type RouteObject } from "react-router";

/** What this reads of a route's `handle`: the function that fetches its code. */
interface LoadHandle {
  load?: () => Promise<unknown>;
}

/** Starts listening on the document; answers the function that stops it. */
export function prefetchRoutesOnIntent(routes: RouteObject[], basename = "/"): () => void {
  const started = new Set<() => Promise<unknown>>();

  const warm = (href: string) => {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) return;
    for (const { route } of matchRoutes(routes, url.pathname, basename) ?? []) {
      const load = (route.handle as LoadHandle | undefined)?.load;
      if (typeof load !== "function" || started.has(load)) continue;
      started.add(load);
      // A chunk that fails to load now is loaded again on the click, where a failure is shown.
      load().catch(() => started.delete(load));
    }
  };

  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link instanceof HTMLAnchorElement) warm(link.href);
  };

  const events = ["pointerover", "touchstart", "focusin"] as const;
  for (const type of events) document.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of events) document.removeEventListener(type, onIntent);
  };
}
