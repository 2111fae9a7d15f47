import { errors } from "@shop/shared/messages";
import type { ProductDto, ProductInput } from "@shop/shared/schemas/product";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";
import { dashboardKeys } from "../../query-keys";

/** POST /api/products, or PUT /api/products/{productId} when editing. */
export function saveProduct(productId: string | undefined, input: ProductInput) {
  const options = { defaultMessage: errors.productSave };
  return productId
    ? api.put<ProductDto>(`/products/${encodeURIComponent(productId)}`, { ...input, productId }, options)
    : api.post<ProductDto>("/products", input, options);
}

export function useSaveProduct(productId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => saveProduct(productId, input),
    onSuccess: async () => {
      // Product lists and pages, category counts, and the Home tiles.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
  });
}
