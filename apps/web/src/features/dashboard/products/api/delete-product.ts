import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { toast } from "#web/lib/toast";

/** DELETE /api/products/{id}: a product that was ever ordered is refused (409) with the server's reason. */
export function deleteProduct(productId: string) {
  return api.delete(`/products/${encodeURIComponent(productId)}`, {
    defaultMessage: errors.productDelete,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      toast.success(successes.productDeleted);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
