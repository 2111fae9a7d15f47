import { errors, returnWords } from "@shop/shared/messages";
import type { ReturnActionInput, ReturnRefundInput } from "@shop/shared/schemas/returns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

export type ReturnAction = "approve" | "reject" | "receive" | "refund";

/**
 * POST /api/returns/{id}/approve|reject|receive|refund (staff; refund: admin): answers the return, and
 * for a refund the provider pays out later (202, `pending`) the return still received.
 */
export async function actOnReturn(
  id: string,
  action: ReturnAction,
  input: ReturnActionInput | ReturnRefundInput | ReturnRefundInput,
) {
  const { data, status } = await api.postWithStatus(`/returns/${encodeURIComponent(id)}/${action}`, input, {
    schema: responseSchemas.returnDto,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
  return { ret: data, pending: status === 202 };
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
    onSuccess: async ({ ret, pending }) => {
      // A pending refund is said by the dialog, which stays open to say it.
      if (!pending) toast.success(returnWords.stepDone(returnWords.statuses[ret.status], ret.order.number));
      // The returns lists, and the order (its history, payment and stock).
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
