import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { deliveryKeys } from "#web/lib/delivery";
import { responseSchemas } from "#web/lib/response-schemas";

/**
 * PUT /api/settings/shipping/{methodId}/pincodes (admin): the file's text as text/csv replaces the
 * method's list whole. A file with a wrong row saves nothing: 400, its `data` the rows read and the
 * faults by line ({ rows, errors: [{ line, message }] }).
 */
export function uploadPincodes({ methodId, file }: { methodId: string; file: File }) {
  // NOTE: sent as the file's own bytes, typed text/csv whatever the browser calls the file.
  return api.put(
    `/settings/shipping/${encodeURIComponent(methodId)}/pincodes`,
    new Blob([file], { type: "text/csv" }),
    {
      schema: responseSchemas.pincodeUpload,
      defaultMessage: errors.tryAgain,
    },
  );
}

export function useUploadPincodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPincodes,
    // The list's pages and every delivery answer (the storefront's, the checkout's) change with it.
    onSuccess: (_saved, { methodId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.pincodes(methodId) }),
        queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.settingsHistory }),
      ]),
  });
}
