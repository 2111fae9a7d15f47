/**
 * The rules a discount code must pass before it takes anything off. The same function
 * answers the cart's price check in the browser's figures and the placement on the server, where
 * the use counts are read under a lock in the order's transaction.
 */
import { discountCodes } from "./messages";
import {
  type DiscountTerms,
  discountsLine,
  formatPrice,
  type PricedInput,
  toCents,
  unitPriceCents,
} from "./pricing";

export interface DiscountRules extends DiscountTerms {
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  /** The items' total (after sale prices, before the code) the cart must reach. */
  minSubtotal: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
}

export interface DiscountUses {
  /** Uses by orders that still hold them (not cancelled). */
  total: number;
  /** Of which by this shopper. */
  byCustomer: number;
}

/** The message saying why the code does not apply to these items now, or undefined when it does. */
export function discountRefusal(
  rules: DiscountRules,
  items: readonly PricedInput[],
  now: Date,
  uses: DiscountUses,
): string | undefined {
  if (!rules.isActive) return discountCodes.invalid;
  if (rules.startsAt && rules.startsAt > now) return discountCodes.notYetActive;
  if (rules.endsAt && rules.endsAt <= now) return discountCodes.expired;
  if (rules.usageLimit !== null && uses.total >= rules.usageLimit) return discountCodes.usedUp;
  if (rules.perCustomerLimit !== null && uses.byCustomer >= rules.perCustomerLimit)
    return discountCodes.alreadyUsed;
  const itemsCents = items.reduce((sum, item) => sum + unitPriceCents(item) * item.quantity, 0);
  if (rules.minSubtotal !== null && itemsCents < toCents(rules.minSubtotal))
    return discountCodes.addMore(formatPrice((toCents(rules.minSubtotal) - itemsCents) / 100));
  if (!items.some((item) => item.quantity > 0 && discountsLine(item, rules)))
    return discountCodes.notApplicable;
  return undefined;
}
