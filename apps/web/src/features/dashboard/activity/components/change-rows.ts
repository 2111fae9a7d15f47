/**
 * An activity entry's before and after as rows a person reads: one per field that changed, nested
 * fields (a variant's price, a settings section's part) named by their path, each with its value
 * before and after (undefined: the field was not there).
 */
import { activityPage } from "@shop/shared/messages";

export interface ChangeRow {
  /** The field's path, as a reader names it: "Variants › TEE-M › Price". */
  field: string;
  before: unknown;
  after: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "salePrice" → "Sale price"; a key that is not a camelCase name (a SKU, an option's name) stays as it is. */
export function fieldName(key: string): string {
  const named = activityPage.fields[key];
  if (named) return named;
  if (!/^[a-z]+(?:[A-Z][a-z]*)*$/.test(key)) return key;
  const words = key.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every leaf of a value by its path (objects are walked, everything else is a leaf). */
function leaves(value: unknown, path: string[], into: Map<string, { path: string[]; value: unknown }>) {
  if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...path, key], into);
    return into;
  }
  into.set(JSON.stringify(path), { path, value });
  return into;
}

export function changeRows(before: Record<string, unknown>, after: Record<string, unknown>): ChangeRow[] {
  const was = leaves(before, [], new Map());
  const now = leaves(after, [], new Map());
  const keys = [...new Set([...was.keys(), ...now.keys()])];
  return keys.map((key) => {
    const path = was.get(key)?.path ?? now.get(key)?.path ?? [];
    return {
      field: path.map(fieldName).join(" › "),
      before: was.get(key)?.value,
      after: now.get(key)?.value,
    };
  });
}

/** A value as the log shows it: "—" for nothing, Yes and No, lists joined, anything else as JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === "") return activityPage.none;
  if (typeof value === "boolean") return value ? activityPage.yes : activityPage.no;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return activityPage.none;
    if (value.every((item) => typeof item === "string" || typeof item === "number")) return value.join(", ");
  }
  return JSON.stringify(value);
}
