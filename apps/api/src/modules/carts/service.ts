/**
 * The cart a signed-in shopper's account keeps (docs/decisions/041-cart-kept-by-the-server.md): read
 * with today's prices, replaced by the device that changed it (the last write wins), merged with a
 * device's cart at sign-in, and marked when it reaches checkout, which starts the abandoned-checkout
 * reminders' clock (reminders.ts sends them; an order stops them, db/cart-checkout.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { reminderUnsubscribe, validation } from "@shop/shared/messages";
import { CART_MAX_LINES, type CartDto, type CartInput, type CartMergeInput } from "@shop/shared/schemas/cart";
import { ID_PATTERN } from "@shop/shared/schemas/common";
import type { AbandonedCheckoutSettings } from "@shop/shared/schemas/marketing";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { ProductVariant } from "#api/db/schema/products";
import { toCartDto, variantOfLine } from "./dto";
import {
  findCart,
  findProductsOfCart,
  findReminderToken,
  type KeptCart,
  type KeptLine,
  lockCart,
  markCheckout,
  type ProductOfCart,
  reminderFiguresOf,
  unsubscribeFromReminders,
  writeCart,
} from "./repo";

export interface CartLimits {
  /** Units of one variant a line may hold (the settings' checkout limit). */
  maxQuantityPerLine: number;
}

const EMPTY: KeptCart = { lines: [], discountCode: null };

/** The shopper's kept cart with today's prices (an empty one when none was kept): two statements. */
export async function getCart(db: Database, userId: string): Promise<CartDto> {
  return answerCart(db, (await findCart(db, userId)) ?? EMPTY);
}

/** A kept cart as the API answers it, its lines with their products as they are now. */
async function answerCart(db: Database, cart: KeptCart): Promise<CartDto> {
  const found = await findProductsOfCart(
    db,
    cart.lines.map((line) => line.product),
  );
  return toCartDto(cart, found);
}

type Given = CartInput["lines"][number];

/**
 * The variant a line sent by a device names: the one given, or the product's only one when left out.
 * A line naming what the product never had, or leaving out the variant of a product that has several,
 * is refused (400 at its field); one whose product is gone, or whose variant was removed, is dropped:
 * the device's copy was made before.
 */
function variantOfGiven(
  line: Given,
  index: number,
  found: ReadonlyMap<string, ProductOfCart>,
  errors: Record<string, string>,
): { product: ProductOfCart; variant: ProductVariant } | undefined {
  const product = found.get(line.product);
  if (!product) return undefined;
  if (line.variant === undefined) {
    const current = product.variants.filter((variant) => variant.removedAt === null);
    const [only, ...others] = current;
    if (only && others.length === 0) return { product, variant: only };
    errors[`lines.${index}.variant`] = validation.chooseOption(product.options[0]?.name ?? "");
    return undefined;
  }
  const variant = product.variants.find((candidate) => candidate.id === line.variant);
  if (!variant) {
    errors[`lines.${index}.variant`] = validation.variantOfOtherProduct;
    return undefined;
  }
  return variant.removedAt === null ? { product, variant } : undefined;
}

/** The device's lines as variants, refused (400, every field at fault) when some name what cannot be. */
function resolveGiven(lines: readonly Given[], found: ReadonlyMap<string, ProductOfCart>) {
  const errors: Record<string, string> = {};
  const resolved = lines.map((line, index) => {
    const sold = variantOfGiven(line, index, found, errors);
    return sold ? { ...sold, quantity: line.quantity } : undefined;
  });
  const [first] = Object.values(errors);
  if (first) throw new AppError("BAD_REQUEST", first, errors);
  return resolved.flatMap((line) => (line ? [line] : []));
}

/** Adds a variant's units to the lines (one line per variant, in the order first met). */
function addLine(lines: Map<string, KeptLine>, product: string, variant: string, quantity: number) {
  const line = lines.get(variant);
  if (line) line.quantity += quantity;
  else lines.set(variant, { product, variant, quantity });
}

/**
 * Replaces the shopper's cart with the device's (the last write wins): lines of one variant added
 * up, each held to the limit per line; lines whose product is gone dropped, while a product no longer
 * sold or sold out stays, shown so, until the shopper removes it. Answers the cart as kept.
 */
export async function replaceCart(
  db: Database,
  userId: string,
  input: CartInput,
  limits: CartLimits,
  now = new Date(),
): Promise<CartDto> {
  const found = await findProductsOfCart(
    db,
    input.lines.map((line) => line.product),
  );
  const lines = new Map<string, KeptLine>();
  for (const { product, variant, quantity } of resolveGiven(input.lines, found))
    addLine(lines, product.id, variant.id, quantity);
  const cart: KeptCart = {
    lines: [...lines.values()].map((line) => ({
      ...line,
      quantity: Math.min(line.quantity, limits.maxQuantityPerLine),
    })),
    discountCode: input.discountCode ?? null,
  };
  await writeCart(db, userId, cart, now);
  return toCartDto(cart, found);
}

/**
 * Merges a device's cart into the shopper's at sign-in, in one transaction: the kept lines first,
 * then the device's new variants; a variant in both gets both quantities. Each line is held to the
 * limit per line and, while its variant has stock, to that stock (a sold-out line keeps its units and
 * shows sold out). The device's lines of products or variants no longer sold are dropped, and so are
 * kept lines whose variant is gone. The kept code stays; without one, the device's is taken.
 */
export async function mergeCart(
  db: Database,
  userId: string,
  input: CartMergeInput,
  limits: CartLimits,
  now = new Date(),
): Promise<CartDto> {
  return db.transaction(async (tx) => {
    const kept = await lockCart(tx, userId);
    // The same copy sent again (its page reloaded before the answer came): merged already.
    if (input.key !== undefined && input.key === kept.mergeKey)
      return answerCart(tx, { lines: kept.lines, discountCode: kept.discountCode });
    const found = await findProductsOfCart(tx, [
      ...kept.lines.map((line) => line.product),
      ...input.lines.map((line) => line.product),
    ]);
    const lines = new Map<string, KeptLine>();
    for (const line of kept.lines)
      if (variantOfLine(line, found)) addLine(lines, line.product, line.variant, line.quantity);
    for (const { product, variant, quantity } of resolveGiven(input.lines, found))
      if (product.isActive && variant.isActive) addLine(lines, product.id, variant.id, quantity);
    const merged: KeptLine[] = [];
    for (const line of lines.values()) {
      const stock = variantOfLine(line, found)?.variant.stock ?? 0;
      const cap = stock > 0 ? Math.min(stock, limits.maxQuantityPerLine) : limits.maxQuantityPerLine;
      merged.push({ ...line, quantity: Math.min(line.quantity, cap) });
    }
    const cart: KeptCart = {
      lines: merged.slice(0, CART_MAX_LINES),
      discountCode: kept.discountCode ?? input.discountCode ?? null,
    };
    await writeCart(tx, userId, cart, now, { key: input.key ?? null });
    return toCartDto(cart, found);
  });
}

/**
 * The shopper's cart reached checkout at `now`: with reminders on, the first is due
 * `firstAfterMinutes` later unless an order comes first (one statement).
 */
export async function reachCheckout(
  db: Database,
  userId: string,
  reminders: Pick<AbandonedCheckoutSettings, "enabled" | "firstAfterMinutes">,
  now = new Date(),
): Promise<void> {
  const firstAt = reminders.enabled ? new Date(now.getTime() + reminders.firstAfterMinutes * 60_000) : null;
  await markCheckout(db, userId, now, firstAt);
}

/** The sha-256 of a reminder link's secret, as `cart_reminders.token_hash` keeps it. */
export function hashReminderSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * A reminder's unsubscribe link was opened: its shopper gets no reminder from now on (the link works
 * again and again). The token is the reminder's id and a secret whose sha-256 the reminder keeps,
 * compared in constant time; any other token is refused (404) and changes nothing.
 */
export async function unsubscribeByToken(db: Database, token: string, now = new Date()): Promise<void> {
  const [id, secret, ...rest] = token.split(".");
  const refused = new AppError("NOT_FOUND", reminderUnsubscribe.invalidLink);
  if (!id || !secret || rest.length > 0 || !ID_PATTERN.test(id)) throw refused;
  const reminder = await findReminderToken(db, id);
  if (!reminder) throw refused;
  const given = Buffer.from(hashReminderSecret(secret), "hex");
  const kept = Buffer.from(reminder.tokenHash, "hex");
  if (kept.length !== given.length || !timingSafeEqual(given, kept)) throw refused;
  await unsubscribeFromReminders(db, reminder.userId, now);
}

/**
 * The reminders sent in a period, the orders placed within 7 days of one (not cancelled) and what
 * those orders came to, in cents: one statement, in the caller's transaction (the sales report's).
 */
export async function reminderFigures(db: Database, period: { since: Date; before: Date }) {
  return reminderFiguresOf(db, period);
}
