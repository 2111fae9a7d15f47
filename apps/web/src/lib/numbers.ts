/**
 * Counts as the shop writes them, in the store's locale as amounts and dates are (lib/money.ts,
 * lib/dates.ts): "10,000" in en-US, "1,00,000" in en-IN.
 *
 * NOTE: SPEC's en-US is written out without Intl, as SPEC's dollars are (money-format.ts): the
 * storefront's first render makes no Intl formatter (docs/decisions/008), and its paging bar counts.
 */
import { SPEC_CURRENCY } from "@shop/shared/money-format";
import { shopSettings } from "./shop-settings";

const formatters = new Map<string, Intl.NumberFormat>();

/** "12", "10,000", "1,00,000" (en-IN): a whole count, grouped as the store's locale groups it. */
export function formatCount(count: number): string {
  const { locale } = shopSettings().currency;
  if (locale === SPEC_CURRENCY.locale && Number.isSafeInteger(count) && count >= 0) {
    return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
  }
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    formatters.set(locale, formatter);
  }
  return formatter.format(count);
}
