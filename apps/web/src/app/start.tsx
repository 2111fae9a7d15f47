/**
 * Starts the app: React renders the router into #root, replacing the header bar index.html drew.
 * Imported by main.tsx once that bar is on screen.
 */
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { configQueryOptions } from "../lib/config";
import { followKeptCart } from "../lib/current-user";
import { hydrateStores } from "../lib/hydrate-stores";
import { queryClient } from "../lib/query-client";
import { useSession } from "../lib/session";
import { prefetchRoutesOnIntent } from "./prefetch-on-intent";
import { AppProviders } from "./providers";
import { AppRouter, routes } from "./router";

// The footer and the login page both need the store configuration; ask for it right away.
void queryClient.prefetchQuery(configQueryOptions());

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// NOTE: each page renders its own meta description (lib/page-meta.tsx) and React adds it to the head
// beside any it did not render: the one the server sent with the first page goes, so that no page
// shows two. The title needs no such care: React takes over the server's <title>.
document.head.querySelector('meta[name="description"]')?.remove();

const root = createRoot(container);
// The cart, recently viewed and the session snapshot are read (and checked) before the first render;
// then a signed-in shopper's cart follows the one their account keeps (its code loads only then).
void hydrateStores().then(() => {
  // A page's code is fetched as soon as the shopper points at, touches or tabs to its link.
  prefetchRoutesOnIntent(routes);
  if (useSession.getState().user) followKeptCart();
  // NOTE: a transition, so that React renders the first page in short slices, yielding to the browser
  // in between, instead of in one long task that would hold up a shopper's first tap or key.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
