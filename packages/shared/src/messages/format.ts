/** How the messages write a figure. */

/**
 * The words of the shop's documents: the GST tax invoice and the packing slip, made as
 * PDFs by the API, and the links to them. Amounts come formatted ("$1,234.50").
 */
/** A rate as documents write it: 9 → "9%", 2.5 → "2.5%", 0.25 → "0.25%". */
export function percent(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}
