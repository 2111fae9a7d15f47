import { disputeWords, errors } from "@shop/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dashboardKeys } from "#web/features/dashboard/query-keys";
import { api } from "#web/lib/api";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** PATCH /api/disputes/{id} (staff): the evidence was sent in the provider's dashboard, with a note. */
export function markEvidenceSent(id: string, note: string) {
  return api.patch(
    `/disputes/${encodeURIComponent(id)}`,
    { evidenceSent: true, note },
    { schema: responseSchemas.dispute, defaultMessage: errors.tryAgainLaterEllipsis },
  );
}

/** Marks the evidence sent, then reads every disputes list again. */
export function useMarkEvidenceSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => markEvidenceSent(id, note),
    onSuccess: () => {
      toast.success(disputeWords.evidenceMarked);
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.disputes });
    },
  });
}
