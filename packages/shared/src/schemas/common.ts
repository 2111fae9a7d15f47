/** Building blocks for every schema: the field rules of SPEC section 5 with their messages. */
import { z } from "zod";
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  EMAIL_MAX_LENGTH,
  KEYWORD_MAX,
  MAX_PAGE_SIZE,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
} from "../constants";
import { validation } from "../messages";

const isMissing = (input: unknown) => input === undefined || input === null;

export interface TextOptions {
  min?: number;
  max: number;
  /** The message for a value that is there but breaks the rule; defaults to the generic length messages. */
  message?: string;
  /** The message for an absent or blank value; defaults to 'This is required.'. */
  blank?: string;
  /** The message for a value shorter than `min`; defaults to `message`. */
  short?: string;
}

/** Trimmed required text: 'This is required.' when absent or blank, then the length rules. */
export function text({ min = 1, max, message, blank = validation.required, short }: TextOptions) {
  return z
    .string({
      error: (issue) => (isMissing(issue.input) ? blank : (message ?? validation.required)),
    })
    .trim()
    .min(1, blank)
    .min(min, short ?? message ?? validation.minLength(min))
    .max(max, validation.maxLength(max));
}

/** A number (JSON number or numeric string from a form) within bounds. */
export function number({ min, max, int = false }: { min?: number; max?: number; int?: boolean } = {}) {
  let schema = z.number({
    error: (issue) => (isMissing(issue.input) ? validation.required : validation.number),
  });
  if (int) schema = schema.int(validation.wholeNumber);
  if (min !== undefined) schema = schema.min(min, validation.min(min));
  if (max !== undefined) schema = schema.max(max, validation.max(max));
  return schema;
}

export function boolean() {
  return z.boolean({ error: validation.notAnOption });
}

/** One of a fixed list: 'This must be one of the following: ...'. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: validation.oneOf(values) });
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
/** A 24-character lower-case hexadecimal id. */
export const Id = z
  .string({ error: (issue) => (isMissing(issue.input) ? validation.required : validation.id) })
  .regex(ID_PATTERN, validation.id);

export const Email = z
  .string({ error: (issue) => (isMissing(issue.input) ? validation.required : validation.email) })
  .trim()
  .toLowerCase()
  .min(1, validation.required)
  .max(EMAIL_MAX_LENGTH, validation.email)
  .regex(z.regexes.email, validation.email)
  // NOTE: ".invalid" is reserved (RFC 2606): a closed account's tombstone address uses it, so no
  // account can ever hold the address a closing account is about to take.
  .refine((email) => !email.endsWith(".invalid"), validation.email);

/** A new password: 'Password is not acceptable.' unless a string, then the strength pattern. */
export const Password = z
  .string({ error: validation.password })
  .max(PASSWORD_MAX_LENGTH, validation.maxLength(PASSWORD_MAX_LENGTH))
  .regex(PASSWORD_PATTERN, validation.passwordWeak);

export const Name = z
  .object(
    {
      firstName: text({ max: NAME_MAX_LENGTH, message: validation.firstName }),
      lastName: text({ max: NAME_MAX_LENGTH, message: validation.lastName }),
    },
    { error: validation.name },
  )
  .strict();
export type Name = z.infer<typeof Name>;

/**
 * The name fields of the register and edit-profile forms: a blank first or last name is named as
 * SPEC section 5 words it ('First name is not acceptable.'), where the API answers the generic
 * 'This is required.' of every text field.
 */
export const NameForm = z
  .object(
    {
      firstName: text({ max: NAME_MAX_LENGTH, message: validation.firstName, blank: validation.firstName }),
      lastName: text({ max: NAME_MAX_LENGTH, message: validation.lastName, blank: validation.lastName }),
    },
    { error: validation.name },
  )
  .strict();

/** Params with a single `id`. */
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** A query-string number: absent or empty means the default. */
function queryInt(fallback: number, { min, max }: { min: number; max?: number }) {
  // NOTE: `.default` makes the parameter optional, with its default, in the API document too.
  return z
    .preprocess(
      (value) => (value === "" ? fallback : Number(value)),
      z
        .number({ error: validation.number })
        .int(validation.number)
        .min(min, validation.min(min))
        .transform((n) => (max !== undefined ? Math.min(n, max) : n)),
    )
    .default(fallback);
}

/** page (default 1), size (default 8, clamped to 1000) and keyword, as every list takes them. */
export const ListQuery = z.object({
  page: queryInt(DEFAULT_PAGE, { min: 1 }),
  size: queryInt(DEFAULT_PAGE_SIZE, { min: 1, max: MAX_PAGE_SIZE }),
  keyword: z
    .string({ error: validation.notAnOption })
    .trim()
    .max(KEYWORD_MAX, validation.maxLength(KEYWORD_MAX))
    .optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;
