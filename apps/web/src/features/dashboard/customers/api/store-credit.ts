import { errors, storeCreditApi } from "@shop/shared/messages";
import type { StoreCreditAdjustmentInput } from "@shop/shared/schemas/store-credit";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

const creditKey = (userId: string) => [...dashboardKeys.customer(userId), "store-credit"] as const;
const creditPath = (userId: string) => `/users/${encodeURIComponent(userId)}/store-credit`;

/** GET /api/users/{userId}/store-credit (admin): the customer's balance and the latest entries. */
export function getCustomerStoreCredit(userId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(creditPath(userId), { schema: responseSchemas.storeCredit, signal });
}

export function customerStoreCreditQueryOptions(userId: string) {
  return queryOptions({
    queryKey: creditKey(userId),
    queryFn: ({ signal }) => getCustomerStoreCredit(userId, { signal }),
  });
}

export function useCustomerStoreCredit(userId: string) {
  return useQuery(customerStoreCreditQueryOptions(userId));
}

/** POST /api/users/{userId}/store-credit (admin): adds or removes credit with a reason; answers the credit. */
export function adjustStoreCredit(userId: string, input: StoreCreditAdjustmentInput) {
  return api.post(creditPath(userId), input, {
    schema: responseSchemas.storeCredit,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export function useAdjustStoreCredit(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreCreditAdjustmentInput) => adjustStoreCredit(userId, input),
    onSuccess: (credit) => {
      toast.success(storeCreditApi.adjusted);
      queryClient.setQueryData(creditKey(userId), credit);
    },
  });
}
