/**
 * Fills the persisted stores from local storage before the app's first render (app/start.tsx), each
 * stored value checked by its schema (lib/stored-state.ts), so that no page sees a store change
 * from empty to filled under it (the account and dashboard guards would send a signed-in user away).
 */
import { CART_STORAGE_KEY, useCart } from "./cart-store";
import { RECENTLY_VIEWED_STORAGE_KEY, useRecentlyViewed } from "./recently-viewed";
import { SESSION_STORAGE_KEY, useSession } from "./session";
import { loadStoredStateSchemas, readStored } from "./stored-state";

const KEYS = [CART_STORAGE_KEY, RECENTLY_VIEWED_STORAGE_KEY, SESSION_STORAGE_KEY];

export async function hydrateStores(): Promise<void> {
  // Nothing stored (a first visit): nothing to check, and the schemas are not loaded.
  if (KEYS.some((key) => readStored(key) !== null)) {
    try {
      await loadStoredStateSchemas();
    } catch {
      // NOTE: the chunk could not be fetched: the stores start empty rather than unchecked.
    }
  }
  await Promise.all([
    useCart.persist.rehydrate(),
    useRecentlyViewed.persist.rehydrate(),
    useSession.persist.rehydrate(),
  ]);
}
