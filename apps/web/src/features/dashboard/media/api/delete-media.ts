import { errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { catalogKeys } from "../../../../lib/query-keys";
import { dashboardKeys } from "../../query-keys";

/** DELETE /api/media/{id}: the image goes from every product using it. */
export function deleteMedia(id: string) {
  return api.delete<null>(`/media/${encodeURIComponent(id)}`, { defaultMessage: errors.media });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.media }),
        queryClient.invalidateQueries({ queryKey: catalogKeys.products }),
      ]),
  });
}
