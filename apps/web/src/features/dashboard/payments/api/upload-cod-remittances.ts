import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * PUT /api/cod-remittances (admin): the courier's remittance CSV, as text/csv; answers how many
 * rows matched a cash on delivery parcel, what they remitted, and each AWB whose amount differs.
 */
export function uploadCodRemittances(file: File) {
  // NOTE: sent as the file's own bytes, typed text/csv whatever the browser calls the file.
  return api.put("/cod-remittances", new Blob([file], { type: "text/csv" }), {
    schema: responseSchemas.codRemittanceReport,
    defaultMessage: errors.tryAgain,
  });
}

export function useUploadCodRemittances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCodRemittances,
    // Cash on delivery payments may have moved on (collected): their lists and orders.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.payments }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.orders }),
      ]),
  });
}
