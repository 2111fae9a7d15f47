import { TOAST_AUTO_CLOSE_MS } from "@shop/shared/constants";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { useCurrentUser } from "../lib/current-user";
import { queryClient } from "../lib/query-client";
import { useSession } from "../lib/session";

/** While a session snapshot exists, keep it in step with the server (a 401 clears it, lib/api.ts). */
function SessionSync() {
  const signedIn = useSession((state) => state.user !== null);
  useCurrentUser({ enabled: signedIn });
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      {children}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        newestOnTop
        theme="light"
      />
    </QueryClientProvider>
  );
}
