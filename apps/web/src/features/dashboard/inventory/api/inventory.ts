import { api as apiMessages, errors } from "@shop/shared/messages";
import type { AdjustmentInput, InventoryFilter } from "@shop/shared/schemas/inventory";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import type { ListParams } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

export type InventoryView = InventoryFilter | "all";

/** GET /api/inventory (staff): a page of variants, `low` or `out` of stock or all. */
export function useInventory(filter: InventoryView, params: ListParams) {
  return useQuery({
    queryKey: dashboardKeys.inventoryList(filter, params),
    queryFn: ({ signal }) =>
      api.list("/inventory", {
        schema: responseSchemas.inventoryRow,
        query: { ...params, filter: filter === "all" ? undefined : filter },
        signal,
        defaultMessage: errors.tryReloading,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/inventory/{variantId}/movements (staff): newest first, `size` rows a page. */
export function useStockMovements(variantId: string, page: number, size = 10) {
  return useQuery({
    queryKey: dashboardKeys.stockMovements(variantId, page),
    queryFn: ({ signal }) =>
      api.list(`/inventory/${encodeURIComponent(variantId)}/movements`, {
        schema: responseSchemas.stockMovement,
        query: { page, size },
        signal,
        defaultMessage: errors.tryReloading,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The address of the CSV of the list with its filter and keyword (a plain link). */
export function inventoryExportUrl(filter: InventoryView, keyword: string): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (keyword) params.set("keyword", keyword);
  const query = params.toString();
  return `/api/inventory/export.csv${query ? `?${query}` : ""}`;
}

/** POST /api/inventory/{variantId}/adjustments (staff); the lists and the variant's log refresh. */
export function useAdjustStock(variantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput) =>
      api.post(`/inventory/${encodeURIComponent(variantId)}/adjustments`, body, {
        schema: responseSchemas.adjustmentResult,
        defaultMessage: errors.tryAgainLater,
      }),
    onSuccess: () => {
      toast.success(apiMessages.stockAdjusted);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.inventory });
    },
  });
}
