import { errors } from "@shop/shared/messages";
import type { ForgotPasswordInput } from "@shop/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "#web/lib/api";

/**
 * POST /api/auth/forgot-password: the server emails a reset link if an account has this email, and
 * answers alike either way (api.resetLinkSent), so the page says the same for any email.
 */
export function forgotPassword(input: ForgotPasswordInput) {
  return api.post("/auth/forgot-password", input, { defaultMessage: errors.tryAgainLater });
}

/** The page shows the answer, and a refusal (too many requests), in place: no toast. */
export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
