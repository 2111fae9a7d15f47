import type { AddressDto } from "@shop/shared/schemas/address";
import type { ShippingMethod } from "@shop/shared/schemas/settings";
import { methodsFor, type ShippingCart, servesPincodes } from "@shop/shared/shipping";
import { useQuery } from "@tanstack/react-query";
import { addressPincode, deliveryQueryOptions } from "#web/lib/delivery";

export interface ServingMethods {
  /** The methods that deliver to the address, cheapest for the cart first; undefined while that is not known. */
  methods: ShippingMethod[] | undefined;
  /** The day ("YYYY-MM-DD") each method delivers by, where the delivery answer gives one. */
  deliverBy: ReadonlyMap<string, string>;
  /** The address's PIN code, when some method serves a PIN code list (it decides then); else null. */
  pincode: string | null;
}

const NO_DAYS: ReadonlyMap<string, string> = new Map();

/**
 * The owner's methods that deliver to the address, as the server chooses among them: a method
 * serving states by the address's state, a method serving a PIN code list when its list holds the
 * address's PIN code. Only a shop with such a method asks GET /api/delivery/{pincode} (which also
 * says each method's delivery day); any other shop asks nothing more than before. Cheapest for the
 * `cart` first (a method free for it before a paid one), the earliest delivery among equals.
 */
export function useServingMethods(
  address: AddressDto | null,
  methods: readonly ShippingMethod[] | undefined,
  cart?: ShippingCart,
): ServingMethods {
  const byPincode = methods !== undefined && servesPincodes(methods);
  const pincode = byPincode ? addressPincode(address) : null;
  const answer = useQuery({ ...deliveryQueryOptions(pincode ?? ""), enabled: pincode !== null });

  if (methods === undefined || address === null) return { methods: undefined, deliverBy: NO_DAYS, pincode };
  if (!byPincode)
    return { methods: methodsFor(methods, address.state, undefined, cart), deliverBy: NO_DAYS, pincode };
  if (pincode !== null && answer.isPending) return { methods: undefined, deliverBy: NO_DAYS, pincode };
  // NOTE: a failed answer leaves the PIN code lists out (the server prices with what serves, and
  // refuses a method that does not); the methods serving states still show.
  const listed = answer.data?.methods ?? [];
  const deliverBy = new Map<string, string>();
  for (const method of listed) if (method.deliverBy !== null) deliverBy.set(method._id, method.deliverBy);
  const days = new Map(listed.map((method) => [method._id, method.days]));
  return {
    methods: methodsFor(methods, address.state, new Set(days.keys()), cart && { ...cart, days }),
    deliverBy,
    pincode,
  };
}
