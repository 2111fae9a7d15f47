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

/** The number schema inside an optional, nullable or defaulted one (`number(...).nullable().optional()`). */
function innerNumber(schema: z.ZodType): z.ZodNumber | null {
  let inner: unknown = schema;
  for (let depth = 0; depth < 4; depth++) {
    if (typeof inner !== "object" || inner === null) return null;
    if ("minValue" in inner) return inner as z.ZodNumber;
    if (!("unwrap" in inner) || typeof inner.unwrap !== "function") return null;
    inner = inner.unwrap();
  }
  return null;
}

/** Bounds the data gives a field beyond its schema's: what is left to refund, the stock there is. */
export interface NarrowerBounds {
  min?: number | undefined;
  max?: number | undefined;
}

/** The tighter of two bounds, either of which may be missing. */
function tighter(a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return pick(a, b);
}

/**
 * The bounds of `schema` as an input's attributes, and `hint` with them said after it; `narrower`
 * tightens them where the form knows more than the schema (never widens them).
 */
export function numberLimits(schema: z.ZodType, hint?: string, narrower?: NarrowerBounds): NumberLimits {
  const number = innerNumber(schema);
  const min = tighter(
    number && Number.isFinite(number.minValue) ? (number.minValue as number) : undefined,
    narrower?.min,
    Math.max,
  );
  const max = tighter(
    number && Number.isFinite(number.maxValue) ? (number.maxValue as number) : undefined,
    narrower?.max,
    Math.min,
  );
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
