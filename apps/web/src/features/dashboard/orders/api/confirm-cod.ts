import { codConfirmation } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { errorMessage } from "#web/lib/api";
import { confirmCod } from "#web/lib/own-orders";
import { toast } from "#web/lib/toast";

/**
 * POST /api/orders/{id}/confirm-cod without a token, as staff: the shopper confirmed their cash on
 * delivery order on the phone. The order (now ready to ship) and the lists are read again.
 */
export function useConfirmCodByPhone(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmCod({ orderId }),
    onSuccess: async () => {
      toast.success(codConfirmation.confirmed);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.orders });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
