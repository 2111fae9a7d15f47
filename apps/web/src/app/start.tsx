/**
 * Starts the app: Preact renders the router into #root, replacing the header bar index.html drew.
 * Imported by main.tsx once that bar is on screen.
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { configQueryOptions } from "../lib/config";
import { followKeptCart } from "../lib/current-user";
import { hydrateStores } from "../lib/hydrate-stores";
import { nextTask } from "../lib/next-task";
import { queryClient } from "../lib/query-client";
import { useSession } from "../lib/session";
import { prefetchRoutesOnIntent } from "./prefetch-on-intent";
import { AppProviders } from "./providers";
import { createRouter } from "./router";

// The footer and the login page both need the store configuration; ask for it right away.
void queryClient.prefetchQuery(configQueryOptions());

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

const root = createRoot(container);
// The cart, recently viewed and the session snapshot are read (and checked) before the first render;
// then a signed-in shopper's cart follows the one their account keeps (its code loads only then).
// NOTE: Preact renders at once, in one task (decision 044): this module, the router's creation and
// the first render each run in a task of their own, so that none holds up a first tap for long.
void hydrateStores()
  .then(nextTask)
  .then(() => {
    const router = createRouter();
    // A page's code is fetched as soon as the shopper points at, touches or tabs to its link.
    prefetchRoutesOnIntent(router.routes, router.basename);
    if (useSession.getState().user) followKeptCart();
    return nextTask().then(() =>
      root.render(
        <StrictMode>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  });
