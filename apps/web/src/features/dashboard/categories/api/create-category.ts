import { errors, successes } from "@shop/shared/messages";
import type { CategoryInput } from "@shop/shared/schemas/category";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/categories: a slug in use is refused (409) on the slug field. */
export function createCategory(input: CategoryInput) {
  return api.post("/categories", input, {
    schema: responseSchemas.category,
    defaultMessage: errors.categoryCreate,
  });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => {
      toast.success(successes.categoryCreated);
      return queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
