/**
 * The SQL of the kept cart (docs/decisions/041-cart-kept-by-the-server.md): a shopper's row of
 * lines and code, the products its lines name, its checkout's reminder schedule, and the reminders
 * sent. Every statement finds its rows by a key or an index: the cart by its shopper, the due carts
 * by `carts_next_reminder_idx`, a shopper's last reminder by `cart_reminders_user_sent_at_idx`, a
 * period's by `cart_reminders_sent_at_idx`.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Media, media } from "#api/db/schema/media";
import { orders } from "#api/db/schema/orders";
import { type ProductOption, type ProductVariant, products, productVariants } from "#api/db/schema/products";
import { cartReminders, carts } from "#api/db/schema/shoppers-lists";
import { users } from "#api/db/schema/users";

/** A line as the cart keeps it: its product and variant, and how many. */
export interface KeptLine {
  product: string;
  variant: string;
  quantity: number;
}

export interface KeptCart {
  lines: KeptLine[];
  discountCode: string | null;
}

/** A product a cart's line names, with its thumbnail and every variant it had (removed ones flagged). */
export interface ProductOfCart {
  id: string;
  name: string;
  isActive: boolean;
  options: ProductOption[];
  thumbnail: Media | null;
  variants: ProductVariant[];
}

/** The shopper's kept cart; undefined when none was ever kept. */
export async function findCart(db: Database, userId: string): Promise<KeptCart | undefined> {
  const [row] = await db
    .select({ lines: carts.lines, discountCode: carts.discountCode })
    .from(carts)
    .where(eq(carts.userId, userId));
  return row;
}

/**
 * The shopper's cart row, made empty when there was none, locked until the transaction ends: two
 * merges of one shopper (two devices signing in at once) add up one after the other. NOTE: an
 * upsert that changes nothing still locks the row it meets, which a plain select of a row not yet
 * there could not.
 */
export async function lockCart(
  db: Database,
  userId: string,
): Promise<KeptCart & { mergeKey: string | null }> {
  const [row] = await db
    .insert(carts)
    .values({ userId })
    .onConflictDoUpdate({ target: carts.userId, set: { userId: sql`excluded.user_id` } })
    .returning({ lines: carts.lines, discountCode: carts.discountCode, mergeKey: carts.mergeKey });
  if (!row) throw new Error("cart upsert returned no row");
  return row;
}

/** The products (and all their variants) of a cart's lines, with thumbnails, in one statement. */
export async function findProductsOfCart(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, ProductOfCart>> {
  const found = new Map<string, ProductOfCart>();
  if (productIds.length === 0) return found;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      options: products.options,
      thumbnail: media,
      variant: productVariants,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(inArray(products.id, [...new Set(productIds)]))
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  for (const { variant, ...product } of rows) {
    let entry = found.get(product.id);
    if (!entry) {
      entry = { ...product, variants: [] };
      found.set(product.id, entry);
    }
    entry.variants.push(variant);
  }
  return found;
}

/** Keeps the shopper's cart as given (made when there was none); its reminder schedule stays. */
export async function writeCart(
  db: Database,
  userId: string,
  cart: KeptCart,
  now: Date,
  merged?: { key: string | null },
): Promise<void> {
  const values = {
    lines: cart.lines,
    discountCode: cart.discountCode,
    updatedAt: now,
    ...(merged ? { mergeKey: merged.key } : {}),
  };
  await db
    .insert(carts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: carts.userId, set: values });
}

/**
 * The cart reached checkout at `now`: the reminders' clock starts again, the first due at
 * `firstAt` (null: none, reminders are off). A cart whose first reminder went keeps its second as
 * it was scheduled: at most two per checkout left without an order.
 */
export async function markCheckout(
  db: Database,
  userId: string,
  now: Date,
  firstAt: Date | null,
): Promise<void> {
  await db
    .insert(carts)
    .values({ userId, checkoutAt: now, nextReminderAt: firstAt })
    .onConflictDoUpdate({
      target: carts.userId,
      set: {
        checkoutAt: now,
        nextReminderAt: sql`case when ${carts.remindersSent} = 0 then excluded.next_reminder_at
          else ${carts.nextReminderAt} end`,
      },
    });
}

/** A cart whose reminder is due, as the sender claims it, with its shopper. */
export interface DueCart {
  userId: string;
  lines: KeptLine[];
  discountCode: string | null;
  remindersSent: number;
  email: string;
  firstName: string;
  active: boolean;
  unsubscribed: boolean;
}

/**
 * Up to `batch` carts whose reminder is due at `now`, soonest first, locked (skipping those another
 * sender holds) until the transaction ends.
 */
export async function claimDueCarts(db: Database, now: Date, batch: number): Promise<DueCart[]> {
  return db
    .select({
      userId: carts.userId,
      lines: carts.lines,
      discountCode: carts.discountCode,
      remindersSent: carts.remindersSent,
      email: users.email,
      firstName: users.firstName,
      active: users.status,
      unsubscribed: sql<boolean>`${users.remindersUnsubscribedAt} is not null`,
    })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .where(and(isNotNull(carts.nextReminderAt), lte(carts.nextReminderAt, now)))
    .orderBy(asc(carts.nextReminderAt))
    .limit(batch)
    .for("update", { of: carts, skipLocked: true });
}

/** A reminder as sent: its row, and what its cart keeps afterwards. */
export interface SentReminder {
  id: string;
  userId: string;
  number: 1 | 2;
  tokenHash: string;
  discountCode: string | null;
  /** When the next one is due (null: this was the last). */
  nextAt: Date | null;
}

/**
 * Records the reminders sent at `now` and moves their carts on, in one statement: each cart counts
 * its reminder and waits for the next (or none); a cart without a code takes the reminder's.
 */
export async function recordReminders(db: Database, sent: readonly SentReminder[], now: Date) {
  if (sent.length === 0) return;
  const inserted = db.$with("inserted").as(
    db
      .insert(cartReminders)
      .values(
        sent.map((reminder) => ({
          id: reminder.id,
          userId: reminder.userId,
          number: reminder.number,
          sentAt: now,
          tokenHash: reminder.tokenHash,
          discountCode: reminder.discountCode,
        })),
      )
      .returning({ id: cartReminders.id }),
  );
  await db
    .with(inserted)
    .update(carts)
    .set({
      remindersSent: sql`x.number`,
      nextReminderAt: sql`x.next_at`,
      discountCode: sql`coalesce(${carts.discountCode}, x.code)`,
    })
    .from(
      sql`unnest(${sql.param(sent.map((r) => r.userId))}::char(24)[],
        ${sql.param(sent.map((r) => r.number))}::smallint[],
        ${sql.param(sent.map((r) => r.nextAt?.toISOString() ?? null))}::timestamptz[],
        ${sql.param(sent.map((r) => r.discountCode))}::text[]) as x(user_id, number, next_at, code)`,
    )
    .where(eq(carts.userId, sql`x.user_id`));
}

/** Carts that get no reminder now (empty, sold out, unsubscribed, reminders off): none is due any more. */
export async function unscheduleCarts(db: Database, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(carts)
    .set({ nextReminderAt: null })
    .where(inArray(carts.userId, [...userIds]));
}

/** A reminder's shopper and its token's sha-256, to check an unsubscribe link. */
export async function findReminderToken(db: Database, id: string) {
  const [row] = await db
    .select({ userId: cartReminders.userId, tokenHash: cartReminders.tokenHash })
    .from(cartReminders)
    .where(eq(cartReminders.id, id));
  return row;
}

/**
 * The shopper wants no more reminders, from `now` (the first time they asked stays): none is due
 * for their cart any more, in one statement.
 */
export async function unsubscribeFromReminders(db: Database, userId: string, now: Date): Promise<void> {
  const unscheduled = db
    .$with("unscheduled")
    .as(
      db
        .update(carts)
        .set({ nextReminderAt: null })
        .where(eq(carts.userId, userId))
        .returning({ userId: carts.userId }),
    );
  await db
    .with(unscheduled)
    .update(users)
    .set({
      remindersUnsubscribedAt: sql`coalesce(${users.remindersUnsubscribedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

/** A period's reminders: how many were sent, and the orders that came of them (not cancelled) and their totals in cents. */
export async function reminderFiguresOf(
  db: Database,
  period: { since: Date; before: Date },
): Promise<{ sent: number; recovered: number; recoveredCents: number }> {
  const [row] = await db
    .select({
      sent: sql<number>`count(*)::int`.mapWith(Number),
      recovered: sql<number>`count(${orders.id})::int`.mapWith(Number),
      recoveredCents: sql<number>`coalesce(sum(${orders.totalAmount}) * 100, 0)::bigint`.mapWith(Number),
    })
    .from(cartReminders)
    .leftJoin(
      orders,
      and(eq(orders.id, cartReminders.recoveredOrderId), sql`${orders.status} <> 'cancelled'`),
    )
    .where(
      and(
        sql`${cartReminders.sentAt} >= ${period.since.toISOString()}::timestamptz`,
        sql`${cartReminders.sentAt} < ${period.before.toISOString()}::timestamptz`,
      ),
    );
  return row ?? { sent: 0, recovered: 0, recoveredCents: 0 };
}
