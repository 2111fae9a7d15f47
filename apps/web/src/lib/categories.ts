/**
 * GET /api/categories: every category with the number of its active products. One query for the
 * storefront (the header's categories menu) and the dashboard (the categories table, the product
 * form's category choice): a category added in the dashboard refreshes both (lib/query-keys.ts).
 */
import { CATEGORY_CACHE_SECONDS } from "@shop/shared/constants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { catalogKeys } from "./query-keys";
import { responseSchemas } from "./response-schemas";

/** `fresh` goes past the browser's copy (kept 5 s, SPEC section 9): after this tab changed a category. */
export function getCategories({ signal, fresh = false }: { signal?: AbortSignal; fresh?: boolean } = {}) {
  return api.get("/categories", {
    schema: responseSchemas.categories,
    signal,
    cache: fresh ? "no-cache" : undefined,
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.categoryList(),
    // An invalidated list is read again after a change made here: the browser's copy may predate it.
    queryFn: ({ signal, client, queryKey }) =>
      getCategories({ signal, fresh: client.getQueryState(queryKey)?.isInvalidated === true }),
    // SPEC section 9: the category list is cached for 5 seconds.
    staleTime: CATEGORY_CACHE_SECONDS * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
