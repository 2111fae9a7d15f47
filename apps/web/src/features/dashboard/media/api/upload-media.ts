import { errors } from "@shop/shared/messages";
import type { MediaDto } from "@shop/shared/schemas/media";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api";
import { dashboardKeys } from "../../query-keys";

/** POST /api/media as multipart with the field `image`; the server checks the content and re-encodes it. */
export function uploadMedia(file: File) {
  const body = new FormData();
  body.append("image", file);
  return api.post<MediaDto>("/media", body, { defaultMessage: errors.media });
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.media }),
  });
}
