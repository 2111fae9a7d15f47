/**
 * Which of the owner's shipping methods serve an address (docs/design.md section 8): the cart and
 * the server choose alike. A method serving states serves a state when it is enabled and names no
 * states, or names that one (compared without case or surrounding spaces). A method serving a PIN
 * code list serves an address whose PIN code its list holds: the caller looks the lists up (the
 * server, in one statement) and passes the ids of the methods that list it, so these stay pure.
 */
import { FREE_SHIPPING_ABOVE, SHIPPING_FEE } from "./constants";
import { type DiscountTerms, type PricedInput, priceOrder, shippingCents, toCents } from "./pricing";
import type { ShippingMethod } from "./schemas/settings";

/** SPEC's one rate, the method a fresh shop has: "Standard", 80, free above 5000, every state. */
export const STANDARD_SHIPPING: ShippingMethod = {
  _id: "5e771e9000000000000000a1",
  name: "Standard",
  price: SHIPPING_FEE,
  freeAbove: FREE_SHIPPING_ABOVE,
  estimatedDays: null,
  states: null,
  enabled: true,
  serves: "states",
  days: null,
};

const stateKey = (state: string) => state.trim().toLowerCase();

/** Whether any enabled method serves a PIN code list: only then does the address's PIN code need a look-up. */
export function servesPincodes(methods: readonly ShippingMethod[]): boolean {
  return methods.some((method) => method.enabled && method.serves === "pincodes");
}

/**
 * What a cart pays each method, so that "cheapest" is what this cart pays (a method free above its
 * threshold costs nothing once the items pass it): the items after a code's discount, in cents, their
 * units, and whether a code makes shipping free. `days`: the days each method takes to the address,
 * where the caller knows them (a PIN code list's row); a method serving states takes its own `days`.
 */
export interface ShippingCart {
  itemsCents: number;
  units: number;
  freeShipping?: boolean;
  days?: ReadonlyMap<string, number | null>;
}

/** The cart a method is chosen for: its items after sale prices and the code's discount, as priceOrder counts them. */
export function shippingCartOf(
  items: readonly PricedInput[],
  discount?: DiscountTerms,
  days?: ReadonlyMap<string, number | null>,
): ShippingCart {
  const priced = priceOrder(items, { discount, shipping: { price: 0, freeAbove: null } });
  return {
    itemsCents: toCents(priced.itemsPrice) - toCents(priced.discountAmount),
    units: items.reduce((sum, item) => sum + item.quantity, 0),
    freeShipping: discount?.type === "free_shipping",
    ...(days ? { days } : {}),
  };
}

/** What the cart pays a method, in cents; without a cart, its price. */
export function methodCostCents(method: ShippingMethod, cart: ShippingCart | undefined): number {
  if (cart === undefined) return toCents(method.price);
  return cart.freeShipping ? 0 : shippingCents(cart.itemsCents, cart.units, method);
}

/** The days a method takes to the address; unknown days sort after every known one. */
function daysOf(method: ShippingMethod, cart: ShippingCart | undefined): number {
  const days = cart?.days?.has(method._id) ? cart.days.get(method._id) : method.days;
  return days ?? Number.POSITIVE_INFINITY;
}

/**
 * The enabled methods that serve the state, cheapest for the cart first (its price without one), the
 * earliest delivery first among equals, then by name. With no state yet (a cart before its address),
 * every enabled method. `pincodeMethods`: the ids of the methods whose PIN code list holds the
 * address's PIN code (none when it is not known).
 */
export function methodsFor(
  methods: readonly ShippingMethod[],
  state: string | undefined,
  pincodeMethods?: ReadonlySet<string>,
  cart?: ShippingCart,
): ShippingMethod[] {
  const key = state === undefined ? undefined : stateKey(state);
  return methods
    .filter((method) => {
      if (!method.enabled) return false;
      if (key === undefined) return true;
      if (method.serves === "pincodes") return pincodeMethods?.has(method._id) ?? false;
      return method.states === null || method.states.some((named) => stateKey(named) === key);
    })
    .sort(
      (a, b) =>
        methodCostCents(a, cart) - methodCostCents(b, cart) ||
        daysOf(a, cart) - daysOf(b, cart) ||
        a.name.localeCompare(b.name),
    );
}

/** A method that serves every address: states, none named. */
const servesEverywhere = (method: ShippingMethod) => method.serves !== "pincodes" && method.states === null;

export type MethodChoice =
  | { method: ShippingMethod }
  /** `chosen`: the method asked for does not serve the state; `none`: no method serves it. */
  | { refused: "chosen" | "none" };

/**
 * The method asked for, when it serves the state (the shopper's choice is kept); without one asked
 * for, the cheapest for the cart that does (`methodsFor`: a method free for this cart before a paid
 * one, the earliest delivery among equals). With no state yet (a cart before its address), the
 * cheapest that serves every state, so that the cart does not promise a price only some addresses
 * get; the cheapest of all when every method is limited. The one rule of the cart, checkout and the
 * server (POST /api/cart/price, the placement).
 */
export function chooseMethod(
  methods: readonly ShippingMethod[],
  state: string | undefined,
  chosenId: string | undefined,
  pincodeMethods?: ReadonlySet<string>,
  cart?: ShippingCart,
): MethodChoice {
  const serving = methodsFor(methods, state, pincodeMethods, cart);
  if (chosenId !== undefined) {
    const method = serving.find((candidate) => candidate._id === chosenId);
    return method ? { method } : { refused: "chosen" };
  }
  const cheapest = (state === undefined ? serving.find(servesEverywhere) : undefined) ?? serving[0];
  return cheapest ? { method: cheapest } : { refused: "none" };
}
