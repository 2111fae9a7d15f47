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

export function getCategories({ signal }: { signal?: AbortSignal } = {}) {
  return api.get("/categories", {
    schema: responseSchemas.categories,
    signal,
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.categoryList(),
    queryFn: ({ signal }) => getCategories({ signal }),
    // SPEC section 9: the category list is cached for 5 seconds.
    staleTime: CATEGORY_CACHE_SECONDS * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
