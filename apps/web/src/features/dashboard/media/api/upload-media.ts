import { api as apiMessages, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api, errorMessage } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/media as multipart with the field `image`; the server checks the content and re-encodes it. */
export function uploadMedia(file: File) {
  const body = new FormData();
  body.append("image", file);
  return api.post("/media", body, {
    schema: responseSchemas.media,
    defaultMessage: errors.tryAgain,
  });
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: () => {
      toast.success(apiMessages.mediaUploaded);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.media });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
