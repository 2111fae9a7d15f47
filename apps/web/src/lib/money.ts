/**
 * Amounts as the shop writes them: in the owner's currency and its locale ("₹1,23,456.00"), SPEC's
 * "$1,234.50" until the owner sets one. The currency is the one shown now (lib/shop-settings.ts):
 * the page's from the first render, GET /api/config's after a change. An order, its payment and its
 * refunds keep the currency they were priced in: their amounts are written in it, with the shop's
 * locale, so an order placed in dollars before the shop turned to rupees still reads "$139.00".
 */
import {
  type CurrencyFormat,
  currencySymbol,
  formatMoney,
  formatMoneyCompact,
  formatMoneyTrimmed,
} from "@shop/shared/money-format";
import { shopSettings, useShopSettings } from "./shop-settings";

/** The shop's currency, or `code` (an order's) written the way the shop's locale writes numbers. */
function currencyOf(shop: CurrencyFormat, code: string | undefined): CurrencyFormat {
  return code === undefined || code === shop.code ? shop : { code, locale: shop.locale };
}

/**
 * "$1,234.50", "₹1,23,456.00": an amount in the shop's currency, or in `currency` (the ISO 4217
 * code an order, payment, refund or return carries) when it is given.
 */
export function formatPrice(amount: number, currency?: string): string {
  return formatMoney(amount, currencyOf(shopSettings().currency, currency));
}

/** "$1.2K", "₹1.3L": an amount shortened for a chart's axis. */
export function formatCompactPrice(amount: number): string {
  return formatMoneyCompact(amount, shopSettings().currency);
}

/** "$40", "₹1,500", "$39.50": an amount someone typed in the shop's currency (a price filter's bound). */
export function formatTypedPrice(amount: number): string {
  return formatMoneyTrimmed(amount, shopSettings().currency);
}

/**
 * "₹": the sign of the shop's currency, or of `currency`, for a field's label ("Price (₹)"); the
 * component draws again when the owner changes the currency.
 */
export function useCurrencySymbol(currency?: string): string {
  return currencySymbol(currencyOf(useShopSettings().currency, currency));
}
