import { DEFAULT_CACHE_MS } from "@shop/shared/constants";
import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";

/** How often a failed query is tried again; a refusal (4xx) is final, the server will not change its mind. */
const MAX_RETRIES = 2;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // SPEC section 9: data is kept and reused for 60 seconds by default.
      staleTime: DEFAULT_CACHE_MS,
      gcTime: DEFAULT_CACHE_MS,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < MAX_RETRIES;
      },
    },
    // NOTE: one way for every mutation: its hook (features/<name>/api/) shows the toasts and
    // invalidates through the queries' own keys in useMutation's callbacks, which run even when the
    // component that started it is gone; a component's mutate(..., { onSuccess }) only does what
    // belongs to that component (close its dialog, leave the page, put field errors under fields).
    mutations: { retry: false },
  },
});
