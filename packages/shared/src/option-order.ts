/**
 * The order a shopper reads an option's values in, whatever order they were counted in: letter
 * sizes from the smallest ("XXS" … "XXXL"), then every other value with its numbers compared as
 * numbers ("UK 6" before "UK 10", "28" before "128"), letters without regard to case.
 */
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function letterSize(value: string): number {
  return LETTER_SIZES.indexOf(value.trim().toUpperCase());
}

export function compareOptionValues(a: string, b: string): number {
  const [sizeA, sizeB] = [letterSize(a), letterSize(b)];
  if (sizeA >= 0 && sizeB >= 0) return sizeA - sizeB;
  if (sizeA >= 0) return -1;
  if (sizeB >= 0) return 1;
  return collator.compare(a, b);
}
