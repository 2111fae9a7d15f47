import { api as apiMessages, errors } from "@shop/shared/messages";
import type { ReturnInput } from "@shop/shared/schemas/returns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/returns: the shopper asks to return delivered units of their order. */
export function requestReturn(input: ReturnInput) {
  return api.post("/returns", input, {
    schema: responseSchemas.returnDto,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    onSuccess: async () => {
      toast.success(apiMessages.returnRequested);
      await queryClient.invalidateQueries({ queryKey: accountKeys.order(orderId) });
    },
  });
}
