/**
 * Choosing a variant on the product page: a value per option, in the product's option
 * order. A value can be bought when some variant with it, and with the values chosen for the
 * options before it, is active and in stock; it is offered when some such variant is active, a
 * sold-out one too (its page says so, and offers "Email me when it's back"). Choosing a value drops
 * the later choices it rules out, so no sequence of choices can leave the shopper stuck.
 */

import { unitPriceCents } from "@shop/shared/pricing";
import type { ProductDto, VariantDto } from "@shop/shared/schemas/product";

/** The values chosen so far, by option name. */
export type Choice = Readonly<Record<string, string>>;

type ChoiceProduct = Pick<ProductDto, "options" | "variants">;

/** A variant a shopper can buy now. */
export function isSellable(variant: Pick<VariantDto, "isActive" | "stock">): boolean {
  return variant.isActive && variant.stock > 0;
}

/** The variant takes the chosen value of each of `names` (unchosen ones match anything). */
function agrees(variant: VariantDto, choice: Choice, names: readonly string[]): boolean {
  return names.every((name) => choice[name] === undefined || variant.options[name] === choice[name]);
}

/** The names of the options before the one at `index`. */
function earlier(product: ChoiceProduct, index: number): string[] {
  return product.options.slice(0, index).map((option) => option.name);
}

/**
 * The value can be bought: some sellable variant has it and the values chosen before its option
 * (`offered`: some active one, sold out or not).
 */
export function isChoosable(
  product: ChoiceProduct,
  choice: Choice,
  optionName: string,
  value: string,
  offered = false,
): boolean {
  const index = product.options.findIndex((option) => option.name === optionName);
  if (index < 0) return false;
  const before = earlier(product, index);
  return product.variants.some(
    (variant) =>
      (offered ? variant.isActive : isSellable(variant)) &&
      variant.options[optionName] === value &&
      agrees(variant, choice, before),
  );
}

/**
 * Chooses `value` for an option and drops each later choice that no active variant agrees with
 * any more (a size that the new colour does not come in).
 */
export function choose(product: ChoiceProduct, choice: Choice, optionName: string, value: string): Choice {
  const next: Record<string, string> = { ...choice, [optionName]: value };
  const index = product.options.findIndex((option) => option.name === optionName);
  for (const option of product.options.slice(index + 1)) {
    const chosen = next[option.name];
    if (chosen !== undefined && !isChoosable(product, next, option.name, chosen, true))
      delete next[option.name];
  }
  return next;
}

/** The variant of a complete choice (the only variant of a product without options); else undefined. */
export function chosenVariant(product: ChoiceProduct, choice: Choice): VariantDto | undefined {
  if (product.options.some((option) => choice[option.name] === undefined)) return undefined;
  const names = product.options.map((option) => option.name);
  return product.variants.find((variant) => names.every((name) => variant.options[name] === choice[name]));
}

/** The first option without a chosen value: 'Please choose a Size.' names it. */
export function missingOption(product: ChoiceProduct, choice: Choice): string | undefined {
  return product.options.find((option) => choice[option.name] === undefined)?.name;
}

/**
 * The choice a page opens with: the variant named in the address (`?variant=`), when it is one of
 * the product's; otherwise only the options that offer a single value.
 */
export function initialChoice(product: ChoiceProduct, variantId: string | null): Choice {
  const named = variantId ? product.variants.find((variant) => variant._id === variantId) : undefined;
  if (named && product.options.length > 0) return { ...named.options };
  const choice: Record<string, string> = {};
  for (const option of product.options) {
    const [only, ...others] = option.values;
    if (only !== undefined && others.length === 0) choice[option.name] = only;
  }
  return choice;
}

/**
 * The prices a shopper pays across the variants offered (the active ones, or all when none is):
 * the product-level price is the cheapest, so "from" is shown when they differ.
 */
export function pricesDiffer(product: Pick<ProductDto, "variants">): boolean {
  const active = product.variants.filter((variant) => variant.isActive);
  const offered = active.length > 0 ? active : product.variants;
  return new Set(offered.map((variant) => unitPriceCents(variant))).size > 1;
}
