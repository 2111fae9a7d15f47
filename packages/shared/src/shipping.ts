/**
 * Which of the owner's shipping methods serve an address (docs/design.md section 8): the cart and
 * the server choose alike. A method serving states serves a state when it is enabled and names no
 * states, or names that one (compared without case or surrounding spaces). A method serving a PIN
 * code list serves an address whose PIN code its list holds: the caller looks the lists up (the
 * server, in one statement) and passes the ids of the methods that list it, so these stay pure.
 */
import { FREE_SHIPPING_ABOVE, SHIPPING_FEE } from "./constants";
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
 * The enabled methods that serve the state, cheapest first (by name when prices are equal). With no
 * state yet (a cart before its address), every enabled method. `pincodeMethods`: the ids of the
 * methods whose PIN code list holds the address's PIN code (none when it is not known).
 */
export function methodsFor(
  methods: readonly ShippingMethod[],
  state: string | undefined,
  pincodeMethods?: ReadonlySet<string>,
): ShippingMethod[] {
  const key = state === undefined ? undefined : stateKey(state);
  return methods
    .filter((method) => {
      if (!method.enabled) return false;
      if (key === undefined) return true;
      if (method.serves === "pincodes") return pincodeMethods?.has(method._id) ?? false;
      return method.states === null || method.states.some((named) => stateKey(named) === key);
    })
    .sort((a, b) => a.price - b.price || a.name.localeCompare(b.name));
}

/** A method that serves every address: states, none named. */
const servesEverywhere = (method: ShippingMethod) => method.serves !== "pincodes" && method.states === null;

export type MethodChoice =
  | { method: ShippingMethod }
  /** `chosen`: the method asked for does not serve the state; `none`: no method serves it. */
  | { refused: "chosen" | "none" };

/**
 * The method asked for, when it serves the state; without one asked for, the cheapest that does. With
 * no state yet (a cart before its address), the cheapest that serves every state, so that the cart
 * does not promise a price only some addresses get; the cheapest of all when every method is limited.
 */
export function chooseMethod(
  methods: readonly ShippingMethod[],
  state: string | undefined,
  chosenId: string | undefined,
  pincodeMethods?: ReadonlySet<string>,
): MethodChoice {
  const serving = methodsFor(methods, state, pincodeMethods);
  if (chosenId !== undefined) {
    const method = serving.find((candidate) => candidate._id === chosenId);
    return method ? { method } : { refused: "chosen" };
  }
  const cheapest = (state === undefined ? serving.find(servesEverywhere) : undefined) ?? serving[0];
  return cheapest ? { method: cheapest } : { refused: "none" };
}
