/**
 * Variants as words. NOTE: no zod here (nor in what it imports): the storefront's first load uses
 * it (the cart), and zod stays out of that load (docs/decisions/008-storefront-first-load.md).
 */

/**
 * A product's name with its variant's values, as messages and order lines name it:
 * "Trail Running Shoes (Size: 9)"; the bare name for a variant without options.
 */
export function variantLabel(
  name: string,
  options: readonly { name: string }[],
  values: Readonly<Record<string, string>>,
): string {
  const parts = options
    .filter((option) => values[option.name] !== undefined)
    .map((option) => `${option.name}: ${values[option.name]}`);
  return parts.length > 0 ? `${name} (${parts.join(", ")})` : name;
}

/**
 * An order line's label from what the line kept: its name and the values it was bought in, in the
 * order they were kept: "Trail Running Shoes (Size: 9)".
 */
export function lineLabel(name: string, values: Readonly<Record<string, string>>): string {
  return variantLabel(
    name,
    Object.keys(values).map((option) => ({ name: option })),
    values,
  );
}
