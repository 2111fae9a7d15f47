import { errors, successes } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { catalogKeys } from "#web/lib/query-keys";
import { toast } from "#web/lib/toast";

/** DELETE /api/media/{id}: the image goes from every product using it. */
export function deleteMedia(id: string) {
  return api.delete(`/media/${encodeURIComponent(id)}`, { defaultMessage: errors.tryAgain });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () => {
      toast.success(successes.mediaDeleted);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.media }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
