import { errors } from "@shop/shared/messages";
import { type PriceSummary, priceOrder } from "@shop/shared/pricing";
import type { CartPriceDto, CartPriceInput } from "@shop/shared/schemas/discount";
import { type ShippingCart, servesPincodes, shippingCartOf } from "@shop/shared/shipping";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { isPurchasable, lineKey, orderLines } from "#web/lib/cart-store";
import { useConfig } from "#web/lib/config";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import type { CartItem } from "#web/lib/stored-state-types";

/** The cart's own figures: each line, the subtotal and the sale savings. */
export type CartItemsSummary = Pick<PriceSummary, "lines" | "itemsPrice" | "discountPrice">;

/**
 * The items' figures of the cart (SPEC section 9's itemsPrice and discountPrice) from the lines'
 * stored prices, which lib/cart-refresh.ts keeps as the server's. A line that cannot be bought counts
 * as 0 units, so it adds nothing to any total while `lines[i]` still matches `items[i]`.
 */
export function cartItemsSummary(items: readonly CartItem[]): CartItemsSummary {
  // NOTE: only the items are taken from the shared pricing. Shipping and the GST it would work out
  // here are not the shop's: a product's or its category's rate, and the methods, are the server's.
  const { lines, itemsPrice, discountPrice } = priceOrder(pricedItems(items));
  return { lines, itemsPrice, discountPrice };
}

/** The cart's lines as the shared pricing reads them: a line that cannot be bought as 0 units. */
function pricedItems(items: readonly CartItem[]) {
  return items.map(({ product, quantity }) => ({
    price: product.price,
    onSale: product.onSale,
    salePrice: product.salePrice,
    quantity: isPurchasable(product) ? quantity : 0,
  }));
}

/**
 * The cart as the shipping methods are chosen for it (shared shipping.ts, the server's one rule):
 * its items after sale prices, so that a method free above its threshold counts as free. A code's
 * discount is the server's to apply; its answer names the method it chose.
 */
export function cartShipping(items: readonly CartItem[]): ShippingCart {
  return shippingCartOf(pricedItems(items));
}

/** POST /api/cart/price: the server's pricing of the cart (shipping, GST, a code and why it does not apply). */
export function priceCart(input: CartPriceInput, { signal }: { signal?: AbortSignal } = {}) {
  return api.post("/cart/price", input, {
    schema: responseSchemas.cartPrice,
    signal,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

/** Where the cart goes, once an address is chosen: the server prices its shipping for it. */
export interface CartDestination {
  /** The state of the delivery address. */
  state: string;
  /** The method the shopper chose; null: the cheapest that serves the state, as the server chooses. */
  shippingMethod: string | null;
  /** The address's PIN code as it was saved: a method serving a PIN code list serves it when listed. */
  pincode?: string | undefined;
}

export interface CartPricingOptions {
  /**
   * False while the destination is still being worked out (the shopper's saved addresses are
   * loading): the server is not asked yet, so the cart is priced once, for where it goes, and the
   * figures keep their placeholders meanwhile. True by default.
   */
  ready?: boolean;
}

/** The method the server priced shipping with. */
export type PricedMethod = NonNullable<CartPriceDto["shippingMethod"]>;

/** The cart's figures, and whether its prices include the GST. */
export type CartSummary = PriceSummary & {
  taxIncluded: boolean;
  /** The one GST rate of the lines; null when they have different rates (or before the server says). */
  taxRate: number | null;
};

export interface CartPricing {
  /**
   * The figures to show. The lines are the cart's own; the rest is the server's answer, the last one
   * while it prices a change (so that the figures change once). Until it has answered once, the items'
   * figures are the cart's own and shipping, GST and total are 0: `quoted` is false, show none of them.
   */
  summary: CartSummary;
  /** The server has priced this cart (or, while it prices a change, the cart as it just was). */
  quoted: boolean;
  /** The code the server applied, or null. */
  appliedCode: string | null;
  /** The cart lines (`itemKey`) the applied code takes nothing off: it does not apply to them. */
  linesWithoutCode: ReadonlySet<string>;
  /** Why the stored code does not apply, when the server says so. */
  codeMessage: string | null;
  /** The server is pricing the cart (for the first time or after a change). */
  checking: boolean;
  /** The server could not be asked (network, 5xx): the figures it alone knows are unknown. */
  failed: boolean;
  /** Asks the server again (a placement said the code stopped applying). */
  recheck: () => Promise<unknown>;
  /** With a destination: the method the server priced shipping with; null when none serves, or before it answers. */
  shippingMethod: PricedMethod | null;
  /** With a destination: why no method prices the shipping (none serves the state, or the chosen one does not). */
  shippingMessage: string | null;
  /** The figures shown are the server's answer for the cart as it is now (not the last one). */
  priced: boolean;
}

function summaryOf(priced: CartPriceDto): Omit<CartSummary, "lines"> {
  return {
    itemsPrice: priced.itemsPrice,
    discountPrice: priced.discountPrice,
    discountAmount: priced.discountAmount,
    shippingPrice: priced.shippingPrice,
    taxPrice: priced.taxPrice,
    totalPrice: priced.totalPrice,
    taxIncluded: priced.taxIncluded,
    taxRate: priced.taxRate,
  };
}

/**
 * The lines of an applied code that it takes nothing off, named as the cart names them: by product
 * and variant, and by product alone for a product without options (whose line the server names by
 * its one variant). None for a free-shipping code, which takes nothing off any line.
 */
function linesWithoutCode(priced: CartPriceDto): ReadonlySet<string> {
  const keys = new Set<string>();
  if (priced.discountAmount <= 0) return keys;
  for (const line of priced.lines) {
    if (line.discountShare > 0) continue;
    keys.add(lineKey(line.product, line.variant));
    keys.add(lineKey(line.product));
  }
  return keys;
}

const NO_LINES: ReadonlySet<string> = new Set();

/**
 * The cart's prices as the server works them out (POST /api/cart/price), with its discount code and,
 * once the address is chosen, its destination: the cart page and the checkout ask the same question,
 * so they show the same shipping, GST and total. The GST depends on each product's or its category's
 * rate, which only the server knows: the browser never works it out. Each change of the lines, the
 * code or the destination asks once; the last answer stays on screen while the next is asked for.
 * The lines keep their own figures: the server's `lines` follow the order it locks them in, not the
 * cart's. Until `ready`, nothing is asked and the figures wait as before the first answer.
 */
export function useCartPricing(
  items: readonly CartItem[],
  code: string | null,
  destination?: CartDestination,
  { ready = true }: CartPricingOptions = {},
): CartPricing {
  // Whether the prices include GST is the shop's setting: it keeps room for the "Includes" line
  // until the server answers, so nothing moves when it does.
  const config = useConfig().data;
  const taxIncluded = config?.taxes.pricesIncludeTax ?? false;
  // NOTE: the PIN code is asked about only where a method serves a PIN code list (the server looks it
  // up then alone); a shop without one asks exactly as before.
  const pincode = config && servesPincodes(config.shippingMethods) ? destination?.pincode : undefined;
  const own = cartItemsSummary(items);
  const lines = orderLines(items);
  const buying = lines.length > 0;
  // With a PIN code to tell about, the settings say whether it matters: asked once they are read.
  const enabled = buying && ready && (destination?.pincode === undefined || config !== undefined);
  const query = useQuery({
    queryKey: accountKeys.cartPrice(code ?? "", lines, destination && { ...destination, pincode }),
    queryFn: ({ signal }) =>
      priceCart(
        {
          products: lines,
          discountCode: code ?? undefined,
          state: destination?.state,
          shippingMethod: destination?.shippingMethod ?? undefined,
          pincode,
        },
        { signal },
      ),
    enabled,
    // A change of quantity asks again; the figures shown meanwhile are the last answer's.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: 1,
  });
  // NOTE: a disabled query still hands out the previous key's data as its placeholder.
  const answer = enabled ? query.data : undefined;
  const fresh = answer !== undefined && !query.isPlaceholderData ? answer : undefined;
  // The last answer may be for the code just removed or replaced: it applies only the code asked for.
  const applied = answer?.discountCode && answer.discountCode === code ? answer : undefined;
  // Before the answer (or with nothing that can be bought, nothing to ask) only the items are known.
  const summary: CartSummary = answer
    ? { ...summaryOf(answer), lines: own.lines }
    : { ...own, discountAmount: 0, shippingPrice: 0, taxPrice: 0, totalPrice: 0, taxIncluded, taxRate: null };
  return {
    summary,
    // With nothing that can be bought every figure is 0, and that is the answer.
    quoted: answer !== undefined || !buying,
    appliedCode: applied?.discountCode ?? null,
    linesWithoutCode: applied ? linesWithoutCode(applied) : NO_LINES,
    codeMessage: code !== null ? (answer?.discountMessage ?? null) : null,
    checking: buying && (!ready || query.isFetching || query.isPlaceholderData),
    failed: enabled && query.isError,
    recheck: () => query.refetch(),
    shippingMethod: destination ? (answer?.shippingMethod ?? null) : null,
    shippingMessage: destination ? (answer?.shippingMessage ?? null) : null,
    priced: fresh !== undefined,
  };
}
