import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { router } from "./app/router";
import { configQueryOptions } from "./lib/config";
import { queryClient } from "./lib/query-client";

// The footer and the login page both need the store configuration; ask for it right away.
void queryClient.prefetchQuery(configQueryOptions());

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
