import { errors, successes } from "@shop/shared/messages";
import type { CategoryRenameInput } from "@shop/shared/schemas/category";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { categoriesQueryOptions } from "#web/lib/categories";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/categories/{id} (admin): a new name; another category's is refused (409) at the name. */
export function renameCategory(categoryId: string, input: CategoryRenameInput) {
  return api.patch(`/categories/${encodeURIComponent(categoryId)}`, input, {
    schema: responseSchemas.category,
    defaultMessage: errors.categoryRename,
  });
}

/** Refusals are the dialog's to show (at the name, or above the form). */
export function useRenameCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, input }: { categoryId: string; input: CategoryRenameInput }) =>
      renameCategory(categoryId, input),
    onSuccess: async (saved) => {
      toast.success(successes.categoryRenamed);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
      // NOTE: the browser may answer the refetch with the list cached from before (5 seconds).
      queryClient.setQueryData(categoriesQueryOptions().queryKey, (list) =>
        list?.map((category) => (category._id === saved._id ? saved : category)),
      );
    },
  });
}
