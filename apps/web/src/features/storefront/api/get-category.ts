import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";

/** GET /api/categories/slug/{slug}: the category page's header (name and product count). */
export function getCategory(slug: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`/categories/slug/${encodeURIComponent(slug)}`, {
    schema: responseSchemas.category,
    signal,
  });
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
