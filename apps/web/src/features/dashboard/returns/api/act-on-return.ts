import { errors, returnWords } from "@shop/shared/messages";
import type { ReturnActionInput, ReturnRefundInput } from "@shop/shared/schemas/returns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

export type ReturnAction = "approve" | "reject" | "receive" | "refund";

/** POST /api/returns/{id}/approve|reject|receive|refund (staff; refund: admin): answers the return. */
export function actOnReturn(
  id: string,
  action: ReturnAction,
  input: ReturnActionInput | ReturnRefundInput | ReturnRefundInput,
) {
  return api.post(`/returns/${encodeURIComponent(id)}/${action}`, input, {
    schema: responseSchemas.returnDto,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useActOnReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      action,
      input,
    }: {
      id: string;
      action: ReturnAction;
      input: ReturnActionInput | ReturnRefundInput | ReturnRefundInput;
    }) => actOnReturn(id, action, input),
    onSuccess: async (ret) => {
      toast.success(returnWords.stepDone(returnWords.statuses[ret.status], ret.order.number));
      // The returns lists, and the order (its history, payment and stock).
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
