/**
 * GET /api/users/current-user. Every successful answer also refreshes the session snapshot;
 * a 401 clears it (lib/api.ts).
 *
 * NOTE: queries holding the signed-in user's own data use keys under ["me"], so that signing in
 * as someone else can drop them all at once (see features/auth/api).
 */
import type { UserDto } from "@shop/shared/schemas/user";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api";
import { useCart } from "./cart-store";
import { useRecentlyViewed } from "./recently-viewed";
import { responseSchemas } from "./response-schemas";
import { useSession } from "./session";

export const ME_QUERY_KEY = ["me"] as const;

export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  const user = await api.get("/users/current-user", {
    schema: responseSchemas.user,
    signal,
  });
  useSession.getState().setUser(user);
  return user;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: [...ME_QUERY_KEY, "user"] as const,
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });
}

export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}

/**
 * The cart a signed-in shopper's account keeps: its code (lib/kept-cart.ts) is loaded only now, for
 * someone signed in, and follows the session from then on.
 */
export function followKeptCart() {
  void import("./kept-cart").then(
    (keptCart) => keptCart.followSignedInCart(),
    () => undefined,
  );
}

/**
 * After login or registration: forget everything cached for a previous user, then remember the
 * new one both in the query cache and in the session snapshot; their cart follows the account's.
 */
export function startSession(queryClient: QueryClient, user: UserDto) {
  queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  useSession.getState().setUser(user);
  followKeptCart();
}

/**
 * After logging out or closing the account: forget everything personal the browser keeps (SPEC
 * section 4, logout): the delivery address chosen for the cart (name, phone, street), the recently
 * viewed products, every cached answer, and the session snapshot. A cart the account keeps leaves
 * with it (the server keeps it for the next sign-in, on any device); a cart never synced stays, as
 * its lines name products, not the person. `leaveTo` is where the caller goes next (the guards follow it).
 */
export function endSession(queryClient: QueryClient, leaveTo: string) {
  useCart.getState().setAddress(null);
  useRecentlyViewed.getState().clear();
  queryClient.clear();
  useSession.getState().signOut(leaveTo);
  // NOTE: after signOut, which stops the sync: the emptied copy is not saved as the account's cart.
  useCart.setState((cart) =>
    cart.owner === null ? {} : { owner: null, items: [], discountCode: null, unsaved: false },
  );
}
