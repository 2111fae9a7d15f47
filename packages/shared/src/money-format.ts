/**
 * Amounts as the shop writes them: in its currency (an ISO 4217 code), the way its locale writes
 * numbers ("₹1,23,456.00" for INR in en-IN, "$1,234.50" for USD in en-US). The owner sets both in
 * the dashboard (schemas/settings.ts, CurrencySettings); an amount below zero starts with a minus
 * ("-$5.00"), and one that rounds to zero never does.
 */
import { CURRENCY } from "./constants";

export interface CurrencyFormat {
  /** ISO 4217: "INR", "USD". */
  code: string;
  /** A BCP 47 locale: "en-IN", "en-US". */
  locale: string;
}

/** SPEC's currency, as a fresh shop writes it: dollars, "$1,234.50" (SPEC section 9). */
export const SPEC_CURRENCY: CurrencyFormat = { code: CURRENCY, locale: "en-US" };

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per code and locale: making one costs far more than using it, and a page shows dozens of amounts. */
function formatterFor({ code, locale }: CurrencyFormat, compact: boolean): Intl.NumberFormat {
  const key = `${code} ${locale}${compact ? " compact" : ""}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      signDisplay: "negative",
      ...(compact ? { notation: "compact", maximumFractionDigits: 1 } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Above this many dollars the written-out form leaves the amount to Intl (cents would pass 2^53). */
const WRITTEN_OUT_MAX = 1e13;

/**
 * SPEC's dollars written out, exactly as Intl writes them in en-US, or null for what Intl should
 * write itself (NaN, infinities, amounts too large or too small for a plain decimal form).
 * NOTE: the storefront's first render makes no Intl formatter (docs/decisions/008): the first one
 * costs tens of milliseconds on a phone. Rounded half away from zero on the number's shortest
 * decimal form, as Intl rounds: 1.005 is "1.005", so "$1.01".
 */
function writtenOutDollars(amount: number): string | null {
  const size = Math.abs(amount);
  if (!(size < WRITTEN_OUT_MAX)) return null;
  const decimal = String(size);
  if (decimal.includes("e")) return null;
  const [whole = "0", fraction = ""] = decimal.split(".");
  const roundUp = (fraction.charCodeAt(2) || 0) >= 53; // "5"
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, "0")) + (roundUp ? 1 : 0);
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  const sign = amount < 0 && cents > 0 ? "-" : "";
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

function isSpecCurrency(currency: CurrencyFormat): boolean {
  return currency.code === SPEC_CURRENCY.code && currency.locale === SPEC_CURRENCY.locale;
}

/** "$1,234.50", "₹1,23,456.00", "-€5,00": an amount in the currency, as its locale writes it. */
export function formatMoney(amount: number, currency: CurrencyFormat): string {
  return (
    (isSpecCurrency(currency) ? writtenOutDollars(amount) : null) ??
    formatterFor(currency, false).format(amount)
  );
}

/** "$1.2K", "₹1.3L", "-$125": an amount rounded for a chart's axis, as the locale shortens it. */
export function formatMoneyCompact(amount: number, currency: CurrencyFormat): string {
  return formatterFor(currency, true).format(amount);
}
