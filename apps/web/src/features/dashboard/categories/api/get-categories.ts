import { CATEGORY_CACHE_SECONDS } from "@shop/shared/constants";
import type { CategoryDto } from "@shop/shared/schemas/category";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";

/** GET /api/categories: every category with its active product count (the storefront shares the key). */
export function getCategories(signal?: AbortSignal) {
  return api.get<CategoryDto[]>("/categories", { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.categoryList(),
    queryFn: ({ signal }) => getCategories(signal),
    staleTime: CATEGORY_CACHE_SECONDS * 1000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
