import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";

/** DELETE /api/products/{id}: a product that was ever ordered is refused (409) with the server's reason. */
export function deleteProduct(productId: string) {
  return api.delete<null>(`/products/${encodeURIComponent(productId)}`, {
    defaultMessage: errors.productDelete,
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
      ]),
  });
}
