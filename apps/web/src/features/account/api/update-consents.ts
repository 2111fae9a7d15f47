import { errors, whatsappApi } from "@shop/shared/messages";
import type { ConsentsInput } from "@shop/shared/schemas/whatsapp";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { CONSENTS_PATH, consentsQueryOptions } from "#web/lib/consents";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** The consents and, where no number is known yet, the 10-digit number to send to. */
export type ConsentsChange = ConsentsInput & { phone?: string };

/**
 * PUT /api/users/current-user/consents: 400 at `phone` when a consent is turned on with no number to
 * send to. Resolves to the consents saved.
 */
export function updateConsents(input: ConsentsChange) {
  return api.put(CONSENTS_PATH, input, {
    schema: responseSchemas.consents,
    defaultMessage: errors.tryAgainLater,
  });
}

export function useUpdateConsents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsents,
    onSuccess: (consents) => {
      queryClient.setQueryData(consentsQueryOptions().queryKey, consents);
      // The server's answer says the same (whatsappApi.consentsSaved).
      toast.success(whatsappApi.consentsSaved);
    },
  });
}
