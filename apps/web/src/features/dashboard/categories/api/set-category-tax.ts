import { errors, successes } from "@shop/shared/messages";
import type { CategoryTaxInput } from "@shop/shared/schemas/category";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { categoriesQueryOptions } from "#web/lib/categories";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PUT /api/categories/{id}/tax (admin): the rate and HSN code of its products that set none. */
export function setCategoryTax(categoryId: string, input: CategoryTaxInput) {
  return api.put(`/categories/${encodeURIComponent(categoryId)}/tax`, input, {
    schema: responseSchemas.category,
    defaultMessage: errors.categoryTax,
  });
}

export function useSetCategoryTax() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, input }: { categoryId: string; input: CategoryTaxInput }) =>
      setCategoryTax(categoryId, input),
    onSuccess: async (saved) => {
      toast.success(successes.categoryTaxSaved);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
      // NOTE: GET /categories is cacheable for 5 seconds (SPEC section 9), so the browser may answer the
      // refetch above with the list from before the change; the saved category replaces its copy.
      queryClient.setQueryData(categoriesQueryOptions().queryKey, (list) =>
        list?.map((category) => (category._id === saved._id ? saved : category)),
      );
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
