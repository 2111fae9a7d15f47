import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** How long typing must pause before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 150;

/** GET /api/search/suggest?q=: up to 5 products, 3 categories and the query corrected when it has a typo. */
export function getSuggestions(query: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get("/search/suggest", {
    schema: responseSchemas.searchSuggestions,
    query: { q: query },
    signal,
  });
}

export function suggestionsQueryOptions(query: string) {
  return queryOptions({
    queryKey: catalogKeys.suggestions(query),
    // NOTE: the query function takes the signal, so TanStack Query aborts the request of a query
    // nobody watches any more: a newer word makes the older one's request stop.
    queryFn: ({ signal }) => getSuggestions(query, { signal }),
    staleTime: 60_000,
  });
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The suggestions for what is typed, asked once typing pauses; the last ones stay while the next load. */
export function useSuggestions(typed: string) {
  const query = useDebounced(typed.trim(), SUGGEST_DELAY_MS);
  const result = useQuery({
    ...suggestionsQueryOptions(query),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
  return { ...result, query };
}
