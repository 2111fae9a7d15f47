/**
 * What the pages of the buying journey ask of the kept cart's sync (lib/cart-sync.ts): kept apart
 * from lib/kept-cart.ts, which every page's first load carries, as only the cart and checkout pages
 * (chunks of their own) use them.
 */
import { cartSync } from "./kept-cart";
import { useSession } from "./session";

/**
 * The signed-in shopper opened the checkout: the server starts the abandoned-checkout reminders'
 * clock (after saving the cart's last change). Nothing for a visitor who is not signed in.
 */
export async function markCartAtCheckout(): Promise<void> {
  const user = useSession.getState().user;
  if (!user?.active) return;
  try {
    await (await cartSync({ load: true }))?.markCheckout(user.id);
  } catch {
    // NOTE: a reminder is a nicety: a checkout the server did not hear of merely gets none.
  }
}

/** Reads the kept cart again now (the cart page opened from a reminder's link), when a sync runs. */
export async function refreshKeptCart(): Promise<void> {
  try {
    await (await cartSync())?.refresh();
  } catch {
    // The copy on screen stays; the next focus of the page asks again.
  }
}
