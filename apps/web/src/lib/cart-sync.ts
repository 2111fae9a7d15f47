/**
 * Keeps the cart in step with the signed-in shopper's kept cart (GET and PUT /api/cart, POST
 * /api/cart/merge; docs/decisions/041-cart-kept-by-the-server.md). Loaded by lib/kept-cart.ts once
 * someone is signed in.
 *
 * - At sign-in (a device's own cart, `owner` null) the device's lines are merged into the account's,
 *   and the answer becomes the device's copy; a copy of another account's cart is replaced by this one's.
 * - Each change of the lines or the code is saved, a moment after the last one (the last write wins).
 * - When the page comes back into view, the kept cart is read again, so a change made on another
 *   device shows; a change not yet saved is saved instead.
 * - At sign-out the sync stops (lib/current-user.ts then clears the account's copy).
 */
import type { CartDto } from "@shop/shared/schemas/cart";
import { api, isApiError } from "./api";
import { itemKey, useCart } from "./cart-store";
import { responseSchemas } from "./response-schemas";
import { useSession } from "./session";
import type { CartItem } from "./stored-state-types";

/** How long after a change the cart is saved: a few taps on + go in one request. */
export const SAVE_AFTER_MS = 600;

interface Line {
  product: string;
  variant?: string;
  quantity: number;
}

function linesOf(items: readonly CartItem[]): Line[] {
  return items.map((item) => ({
    product: item.product._id,
    ...(item.variant ? { variant: item.variant._id } : {}),
    quantity: item.quantity,
  }));
}

/** What the kept cart holds of a copy: its lines (not their snapshots) and its code. */
function signatureOf(items: readonly CartItem[], code: string | null): string {
  return JSON.stringify([linesOf(items), code]);
}

const currentSignature = () => {
  const { items, discountCode } = useCart.getState();
  return signatureOf(items, discountCode);
};

/** The kept cart's lines as the cart keeps lines: a product without options names no variant. */
export function itemsOf(cart: CartDto): CartItem[] {
  return cart.lines.map((line) => ({
    product: line.product,
    ...(Object.keys(line.variant.options).length > 0
      ? { variant: { _id: line.variant._id, options: line.variant.options } }
      : {}),
    quantity: line.quantity,
  }));
}

/**
 * Sends lines to the kept cart. A line the server refuses (a product that got options since it was
 * added without a choice) is left out and the rest sent again, once: one stale line never blocks the
 * others. The cart page shows such a line as no longer available.
 */
async function send(path: "/cart" | "/cart/merge", lines: Line[], discountCode: string | null, key?: string) {
  const call = (body: { lines: Line[]; discountCode: string | null }) =>
    path === "/cart"
      ? api.put(path, body, { schema: responseSchemas.cart })
      : api.post(path, { ...body, key }, { schema: responseSchemas.cart });
  try {
    return await call({ lines, discountCode });
  } catch (error) {
    if (!isApiError(error) || error.status !== 400) throw error;
    const refused = new Set(
      Object.keys(error.errors).flatMap((field) => /^lines\.(\d+)\./.exec(field)?.[1] ?? []),
    );
    if (refused.size === 0) throw error;
    return call({ lines: lines.filter((_, index) => !refused.has(String(index))), discountCode });
  }
}

interface Sync {
  userId: string;
  /** The signature of the copy as the server last had it. */
  saved: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  saving: Promise<void> | null;
  /** The sign-in's merge while it is away. */
  merging: Promise<void> | null;
  stop: () => void;
}

let sync: Sync | null = null;

function running(userId: string): Sync | null {
  return sync !== null && sync.userId === userId && useSession.getState().user?.id === userId ? sync : null;
}

/** Takes the server's answer as the device's copy, when the copy has not changed since it was asked for. */
function adopt(current: Sync, cart: CartDto, asked: string | null) {
  if (running(current.userId) !== current) return;
  if (asked !== null && currentSignature() !== asked) return;
  const items = itemsOf(cart);
  current.saved = signatureOf(items, cart.discountCode);
  useCart.setState({
    owner: current.userId,
    items,
    discountCode: cart.discountCode,
    unsaved: false,
    pendingMerge: null,
  });
}

/** 32 random hex digits: a merge's key (CartMergeInput). */
function drawKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * The merge's answer with what the shopper did to the device's copy while the merge was away. The answer
 * holds the account's lines plus the copy as it was sent; each line moves by what the copy did since
 * (a line added, a quantity changed, a line taken out), and a line new to the copy comes last.
 */
function combine(answer: CartItem[], sent: readonly CartItem[], now: readonly CartItem[]): CartItem[] {
  const quantities = (items: readonly CartItem[]) =>
    new Map(items.map((item) => [itemKey(item), item.quantity]));
  const before = quantities(sent);
  const after = quantities(now);
  const moved = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const inAnswer = new Set(answer.map(itemKey));
  return [
    ...answer.map((item) => ({ ...item, quantity: item.quantity + moved(itemKey(item)) })),
    ...now.filter((item) => !inAnswer.has(itemKey(item))),
  ].filter((item) => item.quantity > 0);
}

async function save(current: Sync): Promise<void> {
  clearTimeout(current.timer);
  current.timer = undefined;
  if (current.saving) {
    await current.saving;
    if (current.saved !== currentSignature() && running(current.userId) === current) await save(current);
    return;
  }
  const { items, discountCode } = useCart.getState();
  const asked = signatureOf(items, discountCode);
  current.saving = send("/cart", linesOf(items), discountCode)
    .then((cart) => adopt(current, cart, asked))
    .finally(() => {
      current.saving = null;
    });
  await current.saving;
}

async function readKept(current: Sync, { replace = false } = {}): Promise<void> {
  const asked = currentSignature();
  const cart = await api.get("/cart", { schema: responseSchemas.cart });
  // A line added while the read was away (a copy that is not yet the account's) is merged, not lost.
  if (replace && currentSignature() !== asked) return align(current);
  adopt(current, cart, replace ? null : asked);
}

/** Brings the copy and the kept cart together, as the copy's state says. */
async function align(current: Sync): Promise<void> {
  // NOTE: a merge adds the device's lines to the account's; a second one sent while the first is away
  // (the page coming into view just after sign-in) would add them twice. It waits for the first.
  if (current.merging) return current.merging;
  const { owner, unsaved, items, discountCode, pendingMerge } = useCart.getState();
  if (owner === current.userId) return unsaved ? save(current) : readKept(current);
  // A copy emptied after its merge was sent still sends it: the merge may have landed.
  if (owner !== null || (items.length === 0 && discountCode === null && pendingMerge === null))
    return readKept(current, { replace: true });
  // NOTE: the copy as sent is kept with it, under the merge's key, until the answer comes. A page
  // reloaded before then sends that copy again under that key, which the server does not add twice
  // when it merged it already, and what the shopper did since is applied to the answer (combine).
  const sent = pendingMerge ?? { key: drawKey(), items, discountCode };
  if (!pendingMerge) useCart.setState({ pendingMerge: sent });
  const asked = signatureOf(sent.items, sent.discountCode);
  current.merging = send("/cart/merge", linesOf(sent.items), sent.discountCode, sent.key)
    .then((cart) => {
      if (currentSignature() === asked) return adopt(current, cart, asked);
      // NOTE: the copy changed since it was sent (a tap within the merge's round trip, or before a
      // reload sent it again). Left unowned, it would be merged again whole at the next align, its
      // earlier lines twice: the account takes the answer with the change, saved as any other change.
      if (running(current.userId) !== current) return;
      const now = useCart.getState();
      adopt(current, cart, null);
      useCart.setState({
        items: combine(useCart.getState().items, sent.items, now.items),
        discountCode: now.discountCode === sent.discountCode ? cart.discountCode : now.discountCode,
      });
    })
    .finally(() => {
      current.merging = null;
    });
  return current.merging;
}

/** Starts keeping the cart in step with this user's kept cart (a sync of another user stops). */
export async function syncCartOf(userId: string): Promise<void> {
  if (running(userId)) return;
  sync?.stop();
  const current: Sync = {
    userId,
    saved: null,
    timer: undefined,
    saving: null,
    merging: null,
    stop: () => undefined,
  };
  const quietly = (work: Promise<void>) => work.catch(() => undefined);
  const unsubscribeCart = useCart.subscribe((state, previous) => {
    if (state.items === previous.items && state.discountCode === previous.discountCode) return;
    if (running(userId) !== current || state.owner !== userId) return;
    if (signatureOf(state.items, state.discountCode) === current.saved) return;
    // Kept with the copy: a change the page is closed on is saved when the sync next starts.
    if (!state.unsaved) useCart.setState({ unsaved: true });
    clearTimeout(current.timer);
    current.timer = setTimeout(() => void quietly(save(current)), SAVE_AFTER_MS);
  });
  const unsubscribeSession = useSession.subscribe((state) => {
    if (state.user?.id === userId) return;
    current.stop();
    // The session ended under the copy (not a sign-out, which takes the copy away): whatever is done
    // to it meanwhile is saved, not overwritten, when this shopper signs in again.
    if (useCart.getState().owner === userId) useCart.setState({ unsaved: true });
  });
  const onVisible = () => {
    if (document.visibilityState === "visible") void quietly(align(current));
  };
  window.addEventListener("focus", onVisible);
  document.addEventListener("visibilitychange", onVisible);
  current.stop = () => {
    clearTimeout(current.timer);
    unsubscribeCart();
    unsubscribeSession();
    window.removeEventListener("focus", onVisible);
    document.removeEventListener("visibilitychange", onVisible);
    if (sync === current) sync = null;
  };
  sync = current;
  await quietly(align(current));
}

/** Saves the copy's last change now, if one waits (before signing out or reaching checkout). */
export async function flush(): Promise<void> {
  const current = sync;
  if (!current) return;
  if (current.timer !== undefined || current.saving || useCart.getState().unsaved) await save(current);
}

/** Reads the kept cart again, or saves the copy's change first. */
export async function refresh(): Promise<void> {
  if (sync) await align(sync);
}

/** POST /api/cart/checkout once the cart's last change is saved: the reminders' clock starts. */
export async function markCheckout(userId: string): Promise<void> {
  if (running(userId)) await flush();
  await api.post("/cart/checkout", {});
}
