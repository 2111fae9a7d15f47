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

/** How an amount is written: with its cents, shortened for a chart's axis, or with cents only when it has some. */
type Style = "full" | "compact" | "trimmed";

const STYLE_OPTIONS: Record<Style, Intl.NumberFormatOptions> = {
  full: {},
  compact: { notation: "compact", maximumFractionDigits: 1 },
  trimmed: { trailingZeroDisplay: "stripIfInteger" },
};

/** One formatter per code, locale and style: making one costs far more than using it, and a page shows dozens of amounts. */
function formatterFor({ code, locale }: CurrencyFormat, style: Style): Intl.NumberFormat {
  const key = `${code} ${locale} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: code,
      signDisplay: "negative",
      ...STYLE_OPTIONS[style],
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
    formatterFor(currency, "full").format(amount)
  );
}

/** "$1.2K", "₹1.3L", "-$125": an amount rounded for a chart's axis, as the locale shortens it. */
export function formatMoneyCompact(amount: number, currency: CurrencyFormat): string {
  return formatterFor(currency, "compact").format(amount);
}

/** "$40", "₹1,500", "$39.50": an amount someone typed (a price filter's bound), its cents only when it has some. */
export function formatMoneyTrimmed(amount: number, currency: CurrencyFormat): string {
  const written = isSpecCurrency(currency) ? writtenOutDollars(amount) : null;
  if (written !== null) return written.endsWith(".00") ? written.slice(0, -3) : written;
  return formatterFor(currency, "trimmed").format(amount);
}

/**
 * "$", "₹", "€": the sign the currency's amounts carry in the locale, for a field's label
 * ("Price (₹)"); Intl gives the code where the locale has no sign ("CHF").
 */
export function currencySymbol(currency: CurrencyFormat): string {
  // SPEC's dollars make no formatter, as formatMoney makes none for them (the storefront's first render).
  if (isSpecCurrency(currency)) return "$";
  const parts = formatterFor(currency, "full").formatToParts(0);
  return parts.find((part) => part.type === "currency")?.value ?? currency.code;
}
