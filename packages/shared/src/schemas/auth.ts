import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import { api, twoFactor, validation } from "../messages";
import { Email, Name, NameForm, Password } from "./common";

/** A 6-digit code of an authenticator app (spaces allowed, as apps show "123 456"). */
export const TwoFactorCode = z
  .string({ error: twoFactor.codeFormat })
  .trim()
  .transform((code) => code.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, twoFactor.codeFormat));

/** A recovery code as typed: letters and digits, dashes and spaces ignored. */
export const RecoveryCode = z
  .string({ error: twoFactor.recoveryCodeFormat })
  .max(40, twoFactor.recoveryCodeFormat)
  .transform((code) => code.replace(/[\s-]/g, "").toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{8,32}$/, twoFactor.recoveryCodeFormat));

export const LoginInput = z
  .object({
    email: Email,
    password: z
      .string({ error: validation.loginPassword })
      .min(1, validation.loginPassword)
      .max(PASSWORD_MAX_LENGTH, validation.loginPassword),
    /** The second step of an account with two-step sign-in: a code of its app, or a recovery code. */
    code: TwoFactorCode.optional(),
    recoveryCode: RecoveryCode.optional(),
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

/** POST /auth/two-factor/setup: a new secret, pending until a code of it turns two-step sign-in on. */
export const TwoFactorSetupDto = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetupDto = z.infer<typeof TwoFactorSetupDto>;

/** POST /auth/two-factor/enable. */
export const TwoFactorEnableInput = z.object({ code: TwoFactorCode }).strict();
export type TwoFactorEnableInput = z.infer<typeof TwoFactorEnableInput>;

/**
 * POST /auth/two-factor/verify: the second step again, for a change that asks for a fresh one: a code
 * of the app, or one of the recovery codes.
 */
export const TwoFactorVerifyInput = z
  .object({ code: TwoFactorCode.optional(), recoveryCode: RecoveryCode.optional() })
  .strict()
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    error: twoFactor.codeFormat,
    path: ["code"],
  });
export type TwoFactorVerifyInput = z.infer<typeof TwoFactorVerifyInput>;

/** What enabling answers: the ten recovery codes, shown this once. */
export const TwoFactorRecoveryCodesDto = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodesDto = z.infer<typeof TwoFactorRecoveryCodesDto>;

/** DELETE /auth/two-factor: the current password, which a stolen session alone does not have. */
export const TwoFactorDisableInput = z
  .object({
    currentPassword: z
      .string({ error: validation.loginPassword })
      .min(1, validation.loginPassword)
      .max(PASSWORD_MAX_LENGTH, validation.loginPassword),
  })
  .strict();
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInput>;
