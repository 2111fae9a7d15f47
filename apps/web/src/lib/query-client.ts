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
    mutations: { retry: false },
  },
});
