/**
 * The category slug rule (SPEC section 4): lower-cased, each run of characters
 * other than a-z and 0-9 replaced by one dash.
 */
export function slugify(name: string): string {
  // NOTE: dashes at the ends are dropped too, so "Shoes!" gives "shoes", not "shoes-".
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A slug the rule could produce and that names something: no empty slug, no edge dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
