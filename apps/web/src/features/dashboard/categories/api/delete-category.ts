import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { categoriesQueryOptions } from "#web/lib/categories";
import { catalogKeys } from "#web/lib/query-keys";
import { toast } from "#web/lib/toast";

/**
 * DELETE /api/categories/{id}?moveTo= (admin): its products move to `moveTo`; while it has any, none
 * given is refused (409 at `moveTo`, naming how many).
 */
export function deleteCategory(categoryId: string, moveTo: string | undefined) {
  return api.delete(`/categories/${encodeURIComponent(categoryId)}`, {
    query: { moveTo },
    defaultMessage: errors.categoryDelete,
  });
}

/** Refusals are the dialog's to show (at the select, or in a toast). */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, moveTo }: { categoryId: string; moveTo: string | undefined }) =>
      deleteCategory(categoryId, moveTo),
    onSuccess: async (_, { categoryId }) => {
      toast.success(successes.categoryDeleted);
      await queryClient.invalidateQueries({ queryKey: catalogKeys.categories });
      // NOTE: the browser may answer the refetch with the list cached from before (5 seconds).
      queryClient.setQueryData(categoriesQueryOptions().queryKey, (list) =>
        list?.filter((category) => category._id !== categoryId),
      );
    },
  });
}
