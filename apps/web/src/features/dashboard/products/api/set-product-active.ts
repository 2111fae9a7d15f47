import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/products/{productId} with key isActive. */
export function setProductActive(productId: string, value: boolean) {
  return api.patch(
    `/products/${encodeURIComponent(productId)}`,
    { key: "isActive", value, productId },
    {
      schema: responseSchemas.product,
      defaultMessage: errors.productStatus,
    },
  );
}

export function useSetProductActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, value }: { productId: string; value: boolean }) =>
      setProductActive(productId, value),
    // The row leaves the current list (SPEC section 4) once the lists are fetched again.
    onSuccess: (_product, { value }) => {
      toast.success(successes.productStatus(value));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.categories }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
