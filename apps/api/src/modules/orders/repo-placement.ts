/**
 * The statements of a placement (docs/design.md section 5): the shopper's lock with the address, one
 * read of everything the order is priced and checked from, and one write of everything it leaves.
 * All three are named statements, parsed and planned once per connection and built once per process
 * (db/prepared.ts): the lock and the read of fixed text, the write of one text per shape (its number
 * of lines and messages), its values passed as placeholders. */
import { and, asc, type Column, eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { newId } from "#api/core/ids";
import { cartCheckoutStatements } from "#api/db/cart-checkout";
import type { Database } from "#api/db/client";
import { builtOnce, byShape, type PlaceholderValues } from "#api/db/prepared";
import { addresses } from "#api/db/schema/addresses";
import type { NewEmail } from "#api/db/schema/emails";
import { emails } from "#api/db/schema/emails";
import { media } from "#api/db/schema/media";
import {
  type NewOrder,
  type NewOrderEvent,
  type OrderItem,
  orderEvents,
  orderItems,
  orders,
} from "#api/db/schema/orders";
import { products, productVariants } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";
import { orderProductColumns, type ProductForOrder, productsForOrderOf } from "./repo";

/**
 * Locks the shopper's row (placements of one shopper queue here) and reads the address the order
 * ships to, when it is theirs; undefined when the shopper's row is gone. NOTE: it also sets, for the
 * rest of the placement's transaction only (set_config's third argument), that named statements run
 * with their plan for any value: PostgreSQL would otherwise plan the read and the write anew at each
 * placement (0.6 ms of its CPU), as a plan for one or two lines looks cheaper than one for any
 * number. Both plans are sound for any value (checkout-statements.test.ts looks at the read's).
 */
const lockStatement = builtOnce("placement_lock_shopper", (db) =>
  db
    .select({
      id: users.id,
      address: addresses,
      plans: sql<string>`set_config('plan_cache_mode', 'force_generic_plan', true)`,
      // The stock-movement log's cause and who, for the stock this transaction takes (db/stock-cause.ts).
      stockCause: sql<string>`set_config('shop.stock_cause', 'placement', true)
        || set_config('shop.stock_actor_id', ${sql.placeholder("userId")}::text, true)
        || set_config('shop.stock_actor_name', ${sql.placeholder("actorName")}::text, true)`,
    })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, sql.placeholder("addressId")), eq(addresses.userId, users.id)))
    .where(eq(users.id, sql.placeholder("userId")))
    .for("update", { of: users }),
);

export async function lockShopperWithAddress(
  db: Database,
  shopper: { id: string; name: string },
  addressId: string,
) {
  const [row] = await lockStatement(db, { userId: shopper.id, actorName: shopper.name, addressId });
  return row;
}

export interface PlacementRead {
  /** The products asked for, with their current variants locked; a product missing here does not exist. */
  products: Map<string, ProductForOrder>;
  /** The shopper's unpaid pending orders. */
  unpaid: number;
  /** The order the idempotency key already made, and the fingerprint of its body. */
  prior: { id: string; fingerprint: string | null } | undefined;
  /** The new order's number, taken from its sequence. */
  number: number;
}

/**
 * Everything a placement is checked and priced from, in one statement run after the shopper's lock
 * (so that its snapshot sees the orders of a placement that lock waited for): the products with
 * their thumbnails and current variants, the variants locked in product then variant id order (the
 * order every writer of stock keeps, db/variant-locks.ts), the shopper's unpaid orders, the order
 * of the idempotency key, and the new order's number. NOTE: the number is taken here, so a refused
 * placement burns one; numbers are unique, never gap-free (db/schema/orders.ts).
 */
const readStatement = builtOnce("placement_read", (db) => {
  const user = sql.placeholder("userId");
  return db
    .select({
      ...orderProductColumns,
      // NOTE: the status is written into the text, not passed: the plan for any value can then
      // count through the shopper's index of unpaid orders (orders_user_unpaid_idx, partial on it).
      unpaid: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${user}
        and ${orders.status} = 'pending' and ${orders.paymentId} is null)`.mapWith(Number),
      // Without a key, the key compared is null and no order matches.
      prior: sql<string | null>`(select ${orders.id} || ' ' || coalesce(${orders.idempotencyFingerprint}, '')
        from ${orders} where ${orders.userId} = ${user}
        and ${orders.idempotencyKey} = ${sql.placeholder("key")}::text)`,
      number: sql<number>`(select nextval('orders_number_seq'))`.mapWith(Number),
    })
    .from(products)
    .innerJoin(
      productVariants,
      and(eq(productVariants.productId, products.id), isNull(productVariants.removedAt)),
    )
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(sql`${products.id} = any(${sql.placeholder("productIds")}::char(24)[])`)
    .orderBy(asc(products.id), asc(productVariants.id))
    .for("update", { of: productVariants });
});

export async function readForPlacement(
  db: Database,
  userId: string,
  productIds: readonly string[],
  idempotencyKey: string | undefined,
): Promise<PlacementRead> {
  const rows = await readStatement(db, { userId, key: idempotencyKey ?? null, productIds: [...productIds] });
  const first = rows[0];
  const [id, fingerprint] = first?.prior ? first.prior.split(" ") : [];
  return {
    products: productsForOrderOf(rows),
    unpaid: first?.unpaid ?? 0,
    prior: id ? { id, fingerprint: fingerprint || null } : undefined,
    number: first?.number ?? 0,
  };
}

export interface PlacementWrite {
  order: NewOrder & { id: string; number: number };
  items: OrderItem[];
  event: NewOrderEvent & { id: string };
  emails: NewEmail[];
}

/** A row of placeholders, one per key of `row`, named `${prefix}${key}`. */
type PlaceholderRow<T> = { [K in keyof T]: SQL };

// NOTE: each placeholder is wrapped in SQL so that drizzle passes its value as it is: its own column
// encoding of a placeholder's value turns null into "null"; addRowValues encodes values instead.
function placeholderRow<T extends object>(table: PgTable, prefix: string, row: T): PlaceholderRow<T> {
  // A column left to drizzle's default function (an id) would be filled once, when the statement
  // is built, and that one value written by every later run.
  for (const [key, column] of Object.entries(getTableColumns(table)))
    if (column.defaultFn && !(key in row))
      throw new Error(`${prefix}${key} must be set: it has a default function`);
  return Object.fromEntries(
    Object.keys(row).map((key) => [key, sql`${sql.placeholder(prefix + key)}`]),
  ) as PlaceholderRow<T>;
}

/** The values of `row`'s placeholders (placeholderRow), encoded as its table's columns encode them, added to `values`. */
function addRowValues(values: PlaceholderValues, table: PgTable, prefix: string, row: object) {
  const columns: Record<string, Column> = getTableColumns(table);
  for (const [key, value] of Object.entries(row)) {
    const column = columns[key];
    values[prefix + key] =
      value === null || value === undefined || !column ? (value ?? null) : column.mapToDriverValue(value);
  }
}

/** The write of a placement of this shape, its values as placeholders (valuesOf). */
function buildWrite(db: Database, write: PlacementWrite) {
  // The stock-movement log's order (db/stock-cause.ts), set as the take reads its rows: before the
  // log's row triggers fire at the statement's end. The lock set its cause and who.
  const take = db.$with("take", { id: sql<string>`id` }).as(sql`
    update ${productVariants} as v set stock = v.stock - x.quantity
    from unnest(${sql.placeholder("takeIds")}::char(24)[], ${sql.placeholder("takeQuantities")}::integer[])
      as x(id, quantity),
      (select set_config('shop.stock_order_id', ${sql.placeholder("o_id")}::text, true)) as stock_order
    where v.id = x.id and v.stock >= x.quantity
    returning v.id`);
  const lines = db.$with("lines").as(
    db
      .insert(orderItems)
      .values(write.items.map((item, index) => placeholderRow(orderItems, `l${index}_`, item)))
      .returning({ id: orderItems.id }),
  );
  const history = db.$with("history").as(
    db
      .insert(orderEvents)
      .values(placeholderRow(orderEvents, "e_", write.event))
      .returning({ id: orderEvents.id }),
  );
  // The shopper's kept cart: no abandoned-checkout reminder is due any more, and the latest one
  // sent within 7 days counts as recovered by this order (db/cart-checkout.ts).
  const cart = cartCheckoutStatements({
    userId: sql`${sql.placeholder("o_userId")}`,
    orderId: sql`${sql.placeholder("o_id")}`,
    at: sql`${sql.placeholder("e_at")}`,
  });
  const unscheduled = db.$with("cart_unscheduled", { userId: sql<string>`user_id` }).as(cart.unscheduled);
  const recovered = db.$with("cart_recovered", { id: sql<string>`id` }).as(cart.recovered);
  // A closed account's address gets no message (VALUES needs a row).
  const mail =
    write.emails.length > 0
      ? [
          db.$with("mail").as(
            db
              .insert(emails)
              .values(write.emails.map((email, index) => placeholderRow(emails, `m${index}_`, email)))
              .returning({ id: emails.id }),
          ),
        ]
      : [];
  return db
    .with(take, lines, history, unscheduled, recovered, ...mail)
    .insert(orders)
    .values(placeholderRow(orders, "o_", write.order))
    .returning({
      ...getTableColumns(orders),
      taken: sql<number>`(select count(*)::int from take)`.mapWith(Number),
    });
}

/** The values of buildWrite's placeholders for this placement. */
function valuesOf(write: PlacementWrite): PlaceholderValues {
  const values: PlaceholderValues = {
    takeIds: write.items.map((item) => item.variantId),
    takeQuantities: write.items.map((item) => item.quantity),
  };
  addRowValues(values, orders, "o_", write.order);
  for (const [index, item] of write.items.entries()) addRowValues(values, orderItems, `l${index}_`, item);
  addRowValues(values, orderEvents, "e_", write.event);
  for (const [index, email] of write.emails.entries()) addRowValues(values, emails, `m${index}_`, email);
  return values;
}

/** What a placement's text depends on: the keys of its rows, its number of lines and of messages. */
function shapeOf(write: PlacementWrite): string {
  const keys = (row: object | undefined) => (row ? Object.keys(row).join(",") : "");
  return [
    keys(write.order),
    `${write.items.length}:${keys(write.items[0])}`,
    keys(write.event),
    `${write.emails.length}:${keys(write.emails[0])}`,
  ].join("|");
}

type WriteStatement = (
  db: Database,
  values: PlaceholderValues,
) => Promise<Awaited<ReturnType<typeof buildWrite>>>;
const writeOfShape = byShape<WriteStatement>();

/**
 * Writes a placement in one statement: the stock taken from the locked variants, the order, its
 * lines, its history row, its confirmation in the outbox, and its shopper's kept cart's reminders
 * stopped (the latest one within 7 days recovered). Answers the order as stored and the
 * variants whose stock was taken (all of them, under the placement's locks).
 */
export async function writePlacement(db: Database, write: PlacementWrite) {
  const placed: PlacementWrite = {
    ...write,
    emails: write.emails.map((email) => ({ id: newId(), ...email })),
  };
  const run = writeOfShape(shapeOf(placed), () => builtOnce(undefined, (built) => buildWrite(built, placed)));
  const [order] = await run(db, valuesOf(placed));
  if (!order) throw new Error("insert returned no row");
  return order;
}
