import { errors, successes } from "@shop/shared/messages";
import type { ProductInput } from "@shop/shared/schemas/product";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/products, or PUT /api/products/{productId} when editing. */
export function saveProduct(productId: string | undefined, input: ProductInput) {
  const options = {
    schema: responseSchemas.product,
    defaultMessage: errors.productSave,
  };
  return productId
    ? api.put(`/products/${encodeURIComponent(productId)}`, { ...input, productId }, options)
    : api.post("/products", input, options);
}

export function useSaveProduct(productId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => saveProduct(productId, input),
    onSuccess: async () => {
      toast.success(successes.productSaved);
      // Product lists and pages, category counts, and the Home tiles.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
