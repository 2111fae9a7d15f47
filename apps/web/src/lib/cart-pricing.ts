import { errors } from "@shop/shared/messages";
import type { CartPriceDto, CartPriceInput } from "@shop/shared/schemas/discount";
import { chooseMethod } from "@shop/shared/shipping";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { type CartSummary, cartSummary, lineKey, orderLines } from "#web/lib/cart-store";
import { useConfig } from "#web/lib/config";
import { accountKeys } from "#web/lib/query-keys";
import { responseSchemas } from "#web/lib/response-schemas";
import type { CartItem } from "#web/lib/stored-state-types";

/** POST /api/cart/price: the server's pricing of the cart with a code, and why the code does not apply. */
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
}

/** The method the server priced shipping with. */
export type PricedMethod = NonNullable<CartPriceDto["shippingMethod"]>;

export interface CartPricing {
  /**
   * The figures to show: the server's while a code applies, else the cart's own (the same rules);
   * with a destination, the server's as soon as it has answered once.
   */
  summary: CartSummary;
  /** The code the server applied, or null. */
  appliedCode: string | null;
  /** The cart lines (`itemKey`) the applied code takes nothing off: it does not apply to them. */
  linesWithoutCode: ReadonlySet<string>;
  /** Why the stored code does not apply, when the server says so. */
  codeMessage: string | null;
  /** The server is pricing the cart with the code (for the first time or after a change). */
  checking: boolean;
  /** The server could not be asked (network, 5xx): the code's effect is unknown. */
  failed: boolean;
  /** Asks the server again (a placement said the code stopped applying). */
  recheck: () => Promise<unknown>;
  /** With a destination: the method the server priced shipping with; null when none serves, or before it answers. */
  shippingMethod: PricedMethod | null;
  /** With a destination: why no method prices the shipping (none serves the state, or the chosen one does not). */
  shippingMessage: string | null;
  /** The figures shown are the server's answer for the cart as it is now (not the last one, nor the cart's own). */
  priced: boolean;
}

function summaryOf(priced: CartPriceDto): CartSummary {
  return {
    lines: priced.lines.map((line) => ({
      unitPrice: line.unitPrice,
      savedAmount: line.savedAmount,
      lineTotal: line.lineTotal,
      quantity: line.quantity,
      discountShare: line.discountShare,
    })),
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
 * The cart's prices with its discount code and, once the address is chosen, its destination.
 * Without either, the cart's own figures. With a code, the server's answer for these lines and this
 * code, which becomes the figures shown while the code applies. With a destination, the server's
 * answer always (shipping depends on the method it serves the state with), the last one staying on
 * screen while the next is asked for, so that the figures change once. The lines keep their own
 * figures: the server's `lines` follow the order it locks them in, not the cart's.
 */
export function useCartPricing(
  items: readonly CartItem[],
  code: string | null,
  destination?: CartDestination,
): CartPricing {
  // Until the server answers, the method it would choose as far as the configuration tells (for a
  // cart whose address is not known yet, the cheapest that serves every state: chooseMethod).
  const config = useConfig().data;
  const methods = config?.shippingMethods ?? [];
  const choice = chooseMethod(methods, destination?.state, destination?.shippingMethod ?? undefined);
  const local = cartSummary(items, "method" in choice ? choice.method : undefined, config?.taxes);
  const lines = orderLines(items);
  const enabled = (code !== null || destination !== undefined) && lines.length > 0;
  const query = useQuery({
    queryKey: accountKeys.cartPrice(code ?? "", lines, destination),
    queryFn: ({ signal }) =>
      priceCart(
        {
          products: lines,
          discountCode: code ?? undefined,
          state: destination?.state,
          shippingMethod: destination?.shippingMethod ?? undefined,
        },
        { signal },
      ),
    enabled,
    // A change of quantity asks again; the figures shown meanwhile are the last answer's.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: 1,
  });
  const fresh = enabled && query.data !== undefined && !query.isPlaceholderData ? query.data : undefined;
  const answer = destination && enabled ? query.data : fresh;
  const applied = answer?.discountCode ? answer : undefined;
  const shown = destination ? answer : applied;
  return {
    summary: shown ? { ...summaryOf(shown), lines: local.lines } : local,
    appliedCode: applied?.discountCode ?? null,
    linesWithoutCode: applied ? linesWithoutCode(applied) : NO_LINES,
    codeMessage: answer?.discountMessage ?? null,
    checking: enabled && (query.isFetching || query.isPlaceholderData),
    failed: enabled && query.isError,
    recheck: () => query.refetch(),
    shippingMethod: destination ? (answer?.shippingMethod ?? null) : null,
    shippingMessage: destination ? (answer?.shippingMessage ?? null) : null,
    priced: fresh !== undefined,
  };
}
