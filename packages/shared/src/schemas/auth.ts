import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import { validation } from "../messages";
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

/** The register form: the API body, with SPEC's name messages for blank names too. */
export const RegisterForm = RegisterInput.extend({ name: NameForm });
export type RegisterForm = z.infer<typeof RegisterForm>;
