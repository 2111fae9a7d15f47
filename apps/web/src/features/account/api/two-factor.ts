import { errors, twoFactor } from "@shop/shared/messages";
import type { TwoFactorDisableInput, TwoFactorVerifyInput } from "@shop/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, errorMessage } from "#web/lib/api";
import { ME_QUERY_KEY } from "#web/lib/current-user";
import { responseSchemas } from "#web/lib/response-schemas";
import { toast } from "#web/lib/toast";

/** POST /api/auth/two-factor/setup: a new secret, pending until a code of it turns two-step on. */
export function useSetUpTwoFactor() {
  return useMutation({
    mutationFn: () =>
      api.post("/auth/two-factor/setup", undefined, {
        schema: responseSchemas.twoFactorSetup,
        defaultMessage: errors.tryAgainLater,
      }),
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** POST /api/auth/two-factor/enable: answers the recovery codes, shown once. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post(
        "/auth/two-factor/enable",
        { code },
        { schema: responseSchemas.twoFactorRecoveryCodes, defaultMessage: errors.tryAgainLater },
      ),
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** DELETE /api/auth/two-factor with the current password. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      api.delete("/auth/two-factor", { body: input, defaultMessage: errors.tryAgainLater }),
    onSuccess: async () => {
      toast.success(twoFactor.disabled);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** POST /api/auth/sessions/revoke-others: every session of the user ends but this one. */
export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () =>
      api.post("/auth/sessions/revoke-others", undefined, { defaultMessage: errors.tryAgainLater }),
    onSuccess: () => toast.success(twoFactor.otherSessionsEnded),
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** POST /api/auth/two-factor/verify: the second step again, for a change that asks for a fresh one. */
export function useVerifySecondStep() {
  return useMutation({
    mutationFn: (input: TwoFactorVerifyInput) =>
      api.post("/auth/two-factor/verify", input, { defaultMessage: errors.tryAgainLater }),
  });
}
