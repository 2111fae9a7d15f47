import { errors } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";

/** PATCH /api/products/{productId} with key isActive. */
export function setProductActive(productId: string, value: boolean) {
  return api.patch<ProductDto>(
    `/products/${encodeURIComponent(productId)}`,
    { key: "isActive", value, productId },
    { defaultMessage: errors.productStatus },
  );
}

export function useSetProductActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, value }: { productId: string; value: boolean }) =>
      setProductActive(productId, value),
    // The row leaves the current list (SPEC section 4) once the lists are fetched again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
      ]),
  });
}
