/**
 * Amounts as the shop writes them: in the owner's currency and its locale ("₹1,23,456.00"), SPEC's
 * "$1,234.50" until the owner sets one. The currency is the one shown now (lib/shop-settings.ts):
 * the page's from the first render, GET /api/config's after a change.
 */
import { formatMoney, formatMoneyCompact } from "@shop/shared/money-format";
import { shopSettings } from "./shop-settings";

/** "$1,234.50", "₹1,23,456.00": an amount in the shop's currency. */
export function formatPrice(amount: number): string {
  return formatMoney(amount, shopSettings().currency);
}

/** "$1.2K", "₹1.3L": an amount shortened for a chart's axis. */
export function formatCompactPrice(amount: number): string {
  return formatMoneyCompact(amount, shopSettings().currency);
}
