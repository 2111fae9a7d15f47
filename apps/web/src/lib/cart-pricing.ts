import { errors } from "@shop/shared/messages";
import type { PriceSummary } from "@shop/shared/pricing";
import type { CartPriceDto, CartPriceInput } from "@shop/shared/schemas/discount";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api";
import { cartSummary, lineKey, orderLines } from "#web/lib/cart-store";
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

export interface CartPricing {
  /** The figures to show: the server's while a code applies, else the cart's own (the same rules). */
  summary: PriceSummary;
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
}

function summaryOf(priced: CartPriceDto): PriceSummary {
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
 * The cart's prices with its discount code: without a code, the cart's own figures; with
 * one, the server's answer for these lines and this code, which becomes the figures shown (the lines
 * keep their own figures: the server's `lines` follow the order it locks them in, not the cart's).
 */
export function useCartPricing(items: readonly CartItem[], code: string | null): CartPricing {
  // The cheapest enabled method, as the server prices a cart whose address is not known yet.
  const [cheapest] = useConfig().data?.shippingMethods ?? [];
  const local = cartSummary(items, cheapest);
  const lines = orderLines(items);
  const enabled = code !== null && lines.length > 0;
  const query = useQuery({
    queryKey: accountKeys.cartPrice(code ?? "", lines),
    queryFn: ({ signal }) => priceCart({ products: lines, discountCode: code ?? undefined }, { signal }),
    enabled,
    // A change of quantity asks again; the figures shown meanwhile are the last answer's.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: 1,
  });
  const fresh = enabled && query.data !== undefined && !query.isPlaceholderData ? query.data : undefined;
  const applied = fresh?.discountCode ? fresh : undefined;
  return {
    summary: applied ? { ...summaryOf(applied), lines: local.lines } : local,
    appliedCode: applied?.discountCode ?? null,
    linesWithoutCode: applied ? linesWithoutCode(applied) : NO_LINES,
    codeMessage: fresh?.discountMessage ?? null,
    checking: enabled && (query.isFetching || query.isPlaceholderData),
    failed: enabled && query.isError,
    recheck: () => query.refetch(),
  };
}
