/**
 * A number field's limits, read from the shared schema that checks it, so the form says them before
 * they bite: the input's `min` and `max`, and its hint with "From 10 to 10,080." after it.
 */
import { hints } from "@shop/shared/messages";
import type { z } from "zod";

export interface NumberLimits {
  min?: number;
  max?: number;
  hint?: string;
}

/** The bounds of `schema` as an input's attributes, and `hint` with them said after it. */
export function numberLimits(schema: z.ZodNumber, hint?: string): NumberLimits {
  const min = Number.isFinite(schema.minValue) ? (schema.minValue as number) : undefined;
  const max = Number.isFinite(schema.maxValue) ? (schema.maxValue as number) : undefined;
  const limit =
    min !== undefined && max !== undefined
      ? hints.numberRange(min, max)
      : min !== undefined
        ? hints.numberAtLeast(min)
        : max !== undefined
          ? hints.numberAtMost(max)
          : undefined;
  const said = [hint, limit].filter((part): part is string => Boolean(part)).join(" ");
  return {
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(said ? { hint: said } : {}),
  };
}
