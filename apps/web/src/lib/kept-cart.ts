/**
 * The cart a signed-in shopper's account keeps (docs/decisions/041-cart-kept-by-the-server.md): a chunk
 * of its own, loaded only once someone is signed in (lib/current-user.ts `followKeptCart`, at the app's
 * start and at each sign-in), so that an anonymous visitor's first load carries none of it and makes no
 * request for it. It follows the session from then on; the sync itself (lib/cart-sync.ts) is another
 * chunk, loaded for an active user. A wishlist heart a visitor tapped is saved at the same sign-in.
 */
import { useCart } from "./cart-store";
import { queryClient } from "./query-client";
import { useSession } from "./session";
import type { SessionUser } from "./stored-state-types";

type CartSync = typeof import("./cart-sync");

let loading: Promise<CartSync> | null = null;
let following = false;

/** The sync's chunk, fetched once (tried again on the next call if it could not be). */
function load(): Promise<CartSync> {
  loading ??= import("./cart-sync").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Syncs the cart with the signed-in user's kept one now, and again at each later sign-in (the
 * device's cart merged into the account's then); the sync stops by itself at sign-out.
 */
export function followSignedInCart(): void {
  if (following) return;
  following = true;
  let syncing: string | null = null;
  const follow = (user: SessionUser | null) => {
    const id = user?.active ? user.id : null;
    if (id === syncing) return;
    syncing = id;
    if (id === null) return;
    void load().then(
      (sync) => sync.syncCartOf(id),
      () => undefined,
    );
    // A heart tapped before signing in is saved now, as the cart's lines are merged (lib/wishlist.ts).
    if (useCart.getState().pendingHeart !== null)
      void import("./wishlist").then(
        (wishlist) => wishlist.replayPendingHeart(queryClient),
        () => undefined,
      );
  };
  follow(useSession.getState().user);
  useSession.subscribe((state) => follow(state.user));
}

/** Saves a change not yet saved (before signing out); nothing to do when no sync ever ran. */
export async function flushKeptCart(): Promise<void> {
  if (!loading) return;
  try {
    await (await loading).flush();
  } catch {
    // Offline or refused: the change stays marked unsaved and goes at the next sign-in.
  }
}

/**
 * The sync's chunk for the pages of the buying journey (lib/kept-cart-actions.ts): loaded when
 * `load` is set (someone is signed in), else the one being loaded, or null when none was.
 */
export function cartSync({ load: loadIt = false } = {}): Promise<CartSync> | null {
  return loadIt ? load() : loading;
}
