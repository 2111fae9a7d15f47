/**
 * The cart a signed-in shopper's account keeps (docs/decisions/041-cart-kept-by-the-server.md). Its
 * sync (lib/cart-sync.ts) is a chunk of its own, loaded once someone is signed in: an anonymous
 * visitor's first load carries none of it, and makes no request for it.
 */
import { useSession } from "./session";
import type { SessionUser } from "./stored-state-types";

type CartSync = typeof import("./cart-sync");

let loading: Promise<CartSync> | null = null;

/** The sync's chunk, fetched once (tried again on the next call if it could not be). */
function load(): Promise<CartSync> {
  loading ??= import("./cart-sync").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Syncs the cart with the signed-in user's kept one from the app's start, and again at each sign-in
 * (the device's cart merged into the account's then); the sync stops by itself at sign-out.
 */
export function followSignedInCart(): void {
  let following: string | null = null;
  const follow = (user: SessionUser | null) => {
    const id = user?.active ? user.id : null;
    if (id === following) return;
    following = id;
    if (id !== null)
      void load().then(
        (sync) => sync.syncCartOf(id),
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
 * The signed-in shopper opened the checkout: the server starts the abandoned-checkout reminders'
 * clock (after saving the cart's last change). Nothing for a visitor who is not signed in.
 */
export async function markCartAtCheckout(): Promise<void> {
  const user = useSession.getState().user;
  if (!user?.active) return;
  try {
    await (await load()).markCheckout(user.id);
  } catch {
    // NOTE: a reminder is a nicety: a checkout the server did not hear of merely gets none.
  }
}

/** Reads the kept cart again now (the cart page opened from a reminder's link), when a sync runs. */
export async function refreshKeptCart(): Promise<void> {
  if (!loading) return;
  try {
    await (await loading).refresh();
  } catch {
    // The copy on screen stays; the next focus of the page asks again.
  }
}
