import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { useCurrentUser } from "../lib/current-user";
import { queryClient } from "../lib/query-client";
import { useSecondStep } from "../lib/second-step";
import { useSession } from "../lib/session";
import { useFollowConfig } from "../lib/shop-settings";
import { useToastsWanted } from "../lib/toast";

const ToastHost = lazy(() => import("./toast-host").then((m) => ({ default: m.ToastHost })));
const SecondStepDialog = lazy(() =>
  import("../features/account/components/second-step-dialog").then((m) => ({ default: m.SecondStepDialog })),
);

/** While a session snapshot exists, keep it in step with the server (a 401 clears it, lib/api.ts). */
function SessionSync() {
  const signedIn = useSession((state) => state.user !== null);
  useCurrentUser({ enabled: signedIn });
  return null;
}

/** The store's name and currency follow GET /api/config once it answers (lib/shop-settings.ts). */
function ShopSettingsSync() {
  useFollowConfig();
  return null;
}

/** The toasts' container, from the first toast on. */
function Toasts() {
  const wanted = useToastsWanted((state) => state.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/** The code a change asks for again (lib/second-step.ts), from the first such refusal on. */
function SecondStep() {
  const asked = useSecondStep((state) => state.settle !== null);
  return asked ? (
    <Suspense fallback={null}>
      <SecondStepDialog />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      <ShopSettingsSync />
      {children}
      <Toasts />
      <SecondStep />
    </QueryClientProvider>
  );
}
