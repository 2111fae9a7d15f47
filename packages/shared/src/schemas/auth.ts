import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import { api, validation } from "../messages";
import { Email, Name, NameForm, Password } from "./common";

export const LoginInput = z
  .object({
    email: Email,
    password: z
      .string({ error: validation.loginPassword })
      .min(1, validation.loginPassword)
      .max(PASSWORD_MAX_LENGTH, validation.loginPassword),
  })
  .strict();
export type LoginInput = z.infer<typeof LoginInput>;

export const RegisterInput = z
  .object({
    name: Name,
    email: Email,
    password: Password,
  })
  .strict();
export type RegisterInput = z.infer<typeof RegisterInput>;

/** POST /auth/forgot-password: where to send a reset link, if an account has that email. */
export const ForgotPasswordInput = z.object({ email: Email }).strict();
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** POST /auth/reset-password: the token of the link, and the new password (SPEC section 5's rule). */
export const ResetPasswordInput = z
  .object({
    token: z
      .string({ error: api.resetLinkInvalid })
      .min(1, api.resetLinkInvalid)
      .max(200, api.resetLinkInvalid),
    password: Password,
  })
  .strict();
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** The reset-password page: the new password and its confirmation (the token comes from the link). */
export const ResetPasswordForm = z
  .object({
    password: Password,
    confirmPassword: z.string({ error: validation.passwordsDoNotMatch }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: validation.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type ResetPasswordForm = z.infer<typeof ResetPasswordForm>;

/** The register form: the API body, with SPEC's name messages for blank names too. */
export const RegisterForm = RegisterInput.extend({ name: NameForm });
export type RegisterForm = z.infer<typeof RegisterForm>;
