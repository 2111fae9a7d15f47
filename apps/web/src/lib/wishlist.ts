/**
 * The signed-in shopper's wishlist: GET /api/wishlist, which products are saved (the hearts' one
 * query per session), and saving or removing a product (PUT and DELETE /api/wishlist/{productId})
 * from a heart or the wishlist page. The hearts load it after the first paint
 * (components/wishlist-heart.tsx): no storefront page's first load holds it.
 * NOTE: a change is a function rather than a useMutation hook, called by the heart and the page
 * alike; it does what a hook's callbacks would: changes the cache at once, puts it back and tells
 * why on a refusal, refreshes the page's list.
 */
import { errors } from "@shop/shared/messages";
import type { WishlistItemDto } from "@shop/shared/schemas/shopper-lists";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import type { NavigateFunction } from "react-router";
import { api, errorMessage } from "./api";
import { useCart } from "./cart-store";
import { responseSchemas } from "./response-schemas";
import { isActiveUser, useSession } from "./session";
import { toast } from "./toast";

/** Under ["me"] (lib/current-user.ts): signing in as someone else drops them. */
export const wishlistKeys = {
  all: ["me", "wishlist"] as const,
  /** The saved products' ids, newest saved first: what the hearts read. */
  ids: ["me", "wishlist", "ids"] as const,
  /** The saved products as the wishlist page lists them. */
  items: ["me", "wishlist", "items"] as const,
};

/** GET /api/wishlist: the saved products the shop shows, newest saved first. */
export function getWishlist({ signal }: { signal?: AbortSignal } = {}): Promise<WishlistItemDto[]> {
  return api.get("/wishlist", {
    schema: responseSchemas.wishlist,
    signal,
    defaultMessage: errors.tryAgainLaterEllipsis,
  });
}

export async function getSavedIds({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return (await getWishlist({ signal })).map((item) => item.product._id);
}

/**
 * Whether the signed-in shopper saved `productId` (false until known, and for a visitor): one query
 * of the list per session, kept five minutes, changed in place by each heart; none for a visitor.
 */
export function useSaved(productId: string): boolean {
  const signedIn = useSession((state) => isActiveUser(state.user));
  const ids = useQuery({
    queryKey: wishlistKeys.ids,
    queryFn: ({ signal }) => getSavedIds({ signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
  return signedIn && (ids.data?.includes(productId) ?? false);
}

/** The wishlist page's list; reading it also brings the hearts' ids up to date. */
export function wishlistItemsQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: wishlistKeys.items,
    queryFn: async ({ signal }) => {
      const items = await getWishlist({ signal });
      queryClient.setQueryData(
        wishlistKeys.ids,
        items.map((item) => item.product._id),
      );
      return items;
    },
    // Prices and stock change on the server: look again whenever the page opens.
    staleTime: 0,
  });
}

/**
 * Saves (`save`) or removes a product. The hearts and the page change at once; a refusal puts them
 * back and says why. Answers whether the change went through.
 */
export async function changeSaved(
  queryClient: QueryClient,
  productId: string,
  save: boolean,
): Promise<boolean> {
  await queryClient.cancelQueries({ queryKey: wishlistKeys.all });
  const ids = queryClient.getQueryData<string[]>(wishlistKeys.ids);
  const items = queryClient.getQueryData<WishlistItemDto[]>(wishlistKeys.items);
  const others = (ids ?? []).filter((id) => id !== productId);
  queryClient.setQueryData<string[]>(wishlistKeys.ids, save ? [productId, ...others] : others);
  if (!save && items)
    queryClient.setQueryData<WishlistItemDto[]>(
      wishlistKeys.items,
      items.filter((item) => item.product._id !== productId),
    );
  const path = `/wishlist/${encodeURIComponent(productId)}`;
  try {
    if (save) await api.put(path, undefined, { defaultMessage: errors.tryAgainLaterEllipsis });
    else await api.delete(path, { defaultMessage: errors.tryAgainLaterEllipsis });
    return true;
  } catch (error) {
    queryClient.setQueryData(wishlistKeys.ids, ids);
    if (items) queryClient.setQueryData(wishlistKeys.items, items);
    toast.error(errorMessage(error));
    return false;
  } finally {
    // A product saved from a card shows on the page the next time it opens.
    void queryClient.invalidateQueries({ queryKey: wishlistKeys.items, refetchType: "active" });
  }
}

/**
 * A heart was tapped: a signed-in shopper's product is saved or removed (`saved`: as the heart showed
 * it); anyone else goes to sign in, and comes back to `from` (the page's path and query) afterwards,
 * the product kept to be saved then (replayPendingHeart), as the cart keeps a visitor's lines.
 */
export function tapHeart(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  { productId, saved, from }: { productId: string; saved: boolean; from: string },
): void {
  if (isActiveUser(useSession.getState().user)) {
    void changeSaved(queryClient, productId, !saved);
    return;
  }
  useCart.setState({ pendingHeart: productId });
  void navigate(`/auth/login?${new URLSearchParams({ redirect: from }).toString()}`);
}

/**
 * Saves the product whose heart was tapped before signing in (lib/kept-cart.ts calls it at each
 * sign-in), once: it is taken off the device before the request goes, so a second sign-in, another
 * tab or a reload does not send it again. Answers whether one was saved.
 */
export async function replayPendingHeart(queryClient: QueryClient): Promise<boolean> {
  const productId = useCart.getState().pendingHeart;
  if (productId === null) return false;
  useCart.setState({ pendingHeart: null });
  const done = await changeSaved(queryClient, productId, true);
  // NOTE: the sign-in reads the list afresh meanwhile; a read that left before the save landed is redone.
  if (done) void queryClient.invalidateQueries({ queryKey: wishlistKeys.ids });
  return done;
}
