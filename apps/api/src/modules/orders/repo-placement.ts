/**
 * The statements of a placement (docs/design.md section 5): the shopper's lock with the address, one
 * read of everything the order is priced and checked from, and one write of everything it leaves.
 * All three are named statements, parsed and planned once per connection (db/prepared.ts): the lock
 * and the read of fixed text, the write named by its text (one per number of lines). */
import { and, asc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { executePrepared } from "#api/db/prepared";
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
export async function lockShopperWithAddress(db: Database, userId: string, addressId: string) {
  const [row] = await db
    .select({
      id: users.id,
      address: addresses,
      plans: sql<string>`set_config('plan_cache_mode', 'force_generic_plan', true)`,
    })
    .from(users)
    .leftJoin(addresses, and(eq(addresses.id, sql.placeholder("addressId")), eq(addresses.userId, users.id)))
    .where(eq(users.id, sql.placeholder("userId")))
    .for("update", { of: users })
    .prepare("placement_lock_shopper")
    .execute({ userId, addressId });
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
 * order every writer of stock keeps, repo.ts lockVariants), the shopper's unpaid orders, the order
 * of the idempotency key, and the new order's number. NOTE: the number is taken here, so a refused
 * placement burns one; numbers are unique, never gap-free (db/schema/orders.ts).
 */
export async function readForPlacement(
  db: Database,
  userId: string,
  productIds: readonly string[],
  idempotencyKey: string | undefined,
): Promise<PlacementRead> {
  const user = sql.placeholder("userId");
  const rows = await db
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
    .for("update", { of: productVariants })
    .prepare("placement_read")
    .execute({ userId, key: idempotencyKey ?? null, productIds: [...productIds] });
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

/**
 * Writes a placement in one statement: the stock taken from the locked variants, the order, its
 * lines, its history row and its confirmation in the outbox. Answers the order as stored and the
 * variants whose stock was taken (all of them, under the placement's locks).
 */
export async function writePlacement(db: Database, write: PlacementWrite) {
  const ids = write.items.map((item) => item.variantId);
  const quantities = write.items.map((item) => item.quantity);
  const take = db.$with("take", { id: sql<string>`id` }).as(sql`
    update ${productVariants} as v set stock = v.stock - x.quantity
    from unnest(${sql.param(ids)}::char(24)[], ${sql.param(quantities)}::integer[]) as x(id, quantity)
    where v.id = x.id and v.stock >= x.quantity
    returning v.id`);
  const lines = db
    .$with("lines")
    .as(db.insert(orderItems).values(write.items).returning({ id: orderItems.id }));
  const history = db
    .$with("history")
    .as(db.insert(orderEvents).values(write.event).returning({ id: orderEvents.id }));
  // A closed account's address gets no message (VALUES needs a row).
  const mail =
    write.emails.length > 0
      ? [db.$with("mail").as(db.insert(emails).values(write.emails).returning({ id: emails.id }))]
      : [];
  const [order] = await executePrepared(
    db
      .with(take, lines, history, ...mail)
      .insert(orders)
      .values(write.order)
      .returning({
        ...getTableColumns(orders),
        taken: sql<number>`(select count(*)::int from take)`.mapWith(Number),
      }),
  );
  if (!order) throw new Error("insert returned no row");
  return order;
}
