import { useQuery } from "@tanstack/react-query";
import { addressesQueryOptions } from "#web/lib/addresses";
import type { CartDestination } from "#web/lib/cart-pricing";
import { useCart } from "#web/lib/cart-store";
import { isActiveUser, useSession } from "#web/lib/session";

export interface LikelyDestination {
  /** Where the cart most likely goes; undefined when nothing says (the server then prices it without a state). */
  destination: CartDestination | undefined;
  /** False while the signed-in shopper's saved addresses are loading: the destination is not known yet. */
  ready: boolean;
}

/**
 * Where the checkout will most likely send the cart, as the shipping page chooses it: the address
 * chosen there (kept with the cart); else, for a signed-in shopper, their only saved address when it
 * can be shipped to (the shipping page chooses an only address already); else nowhere yet. The GST
 * depends on it (CGST and SGST within the store's state, IGST outside), so the cart and the checkout
 * price the same cart alike. The server chooses the cheapest method serving that state, as the
 * checkout does until the shopper picks one.
 */
export function useLikelyDestination(): LikelyDestination {
  const stored = useCart((state) => state.address);
  const signedIn = useSession((state) => isActiveUser(state.user));
  // NOTE: only a signed-in shopper has saved addresses: a visitor's request would be answered 401.
  const needsSaved = stored === null && signedIn;
  const saved = useQuery({ ...addressesQueryOptions(), enabled: needsSaved });

  if (stored !== null) {
    return {
      destination: { state: stored.state, shippingMethod: null, pincode: stored.pinCode },
      ready: true,
    };
  }
  if (!needsSaved) return { destination: undefined, ready: true };
  // A failed read leaves the cart priced without a state rather than without figures.
  if (saved.isPending) return { destination: undefined, ready: false };
  const only = saved.data?.length === 1 ? saved.data[0] : undefined;
  return {
    destination: only?.stateValid
      ? { state: only.state, shippingMethod: null, pincode: only.pinCode }
      : undefined,
    ready: true,
  };
}
