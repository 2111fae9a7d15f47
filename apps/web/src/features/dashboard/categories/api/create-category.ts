import { errors } from "@shop/shared/messages";
import type { CategoryDto, CategoryInput } from "@shop/shared/schemas/category";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";

/** POST /api/categories: a slug in use is refused (409) on the slug field. */
export function createCategory(input: CategoryInput) {
  return api.post<CategoryDto>("/categories", input, { defaultMessage: errors.categoryCreate });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}
