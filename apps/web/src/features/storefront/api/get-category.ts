import type { CategoryDto } from "@shop/shared/schemas/category";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys } from "../../../lib/query-keys";

/** GET /api/categories/slug/{slug}: the category page's header (name and product count). */
export function getCategory(slug: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<CategoryDto>(`/categories/slug/${encodeURIComponent(slug)}`, { signal });
}

export function categoryQueryOptions(slug: string) {
  return queryOptions({
    queryKey: catalogKeys.category(slug),
    queryFn: ({ signal }) => getCategory(slug, { signal }),
  });
}

export function useCategory(slug: string) {
  return useQuery(categoryQueryOptions(slug));
}
