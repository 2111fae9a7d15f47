/** SQL for orders: placement (with the atomic stock take), lists, one order, status changes, the sweep. */
import { COUNT_CAP, type Fulfilment, type OrderStatus, type PaymentState } from "@shop/shared/constants";
import type { TaxSlab } from "@shop/shared/pricing";
import { and, asc, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { CappedTotal } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { fulfilmentIs, fulfilmentOf, fulfilmentSides } from "#api/db/fulfilment";
import { countUnionUpTo, countUpTo, cursorTime, type NewestKey, newestAfter } from "#api/db/paging";
import { noFreshClaim } from "#api/db/payment-claims";
import { stateOfPayment } from "#api/db/payment-state";
import { preparedFor } from "#api/db/prepared";
import { addSoldUnits } from "#api/db/product-sales";
import { productTaxSlabs } from "#api/db/product-tax";
import { idValue } from "#api/db/schema/columns";
import { type Media, media } from "#api/db/schema/media";
import {
  type NewOrder,
  type NewOrderEvent,
  type NewOrderItem,
  orderEvents,
  orderItems,
  orders,
  payments,
} from "#api/db/schema/orders";
import { type Product, type ProductVariant, products, productVariants } from "#api/db/schema/products";
import { type RefundLine, refundLines, refunds } from "#api/db/schema/refunds";
import { users } from "#api/db/schema/users";
import { type StockContext, stockCauseFrom } from "#api/db/stock-cause";
import { lockVariants } from "#api/db/variant-locks";
import { keywordHalves, keywordMatch } from "./repo-keyword";

/** What an order's line is priced and checked from: its product, thumbnail and a current variant. */
export const orderProductColumns = {
  product: {
    id: products.id,
    name: products.name,
    isActive: products.isActive,
    options: products.options,
    categoryId: products.categoryId,
    // The product's GST rate and HSN code, else its category's (null: the shop's default).
    taxRate: sql<number | null>`coalesce(${products.taxRate}, (select c.tax_rate from categories c
      where c.id = ${products.categoryId}))`.mapWith(Number),
    // Its rate by price: the product's own slabs, none when it has its own flat rate, else its
    // category's (which win over the category's flat rate in pricing).
    taxSlabs: productTaxSlabs,
    hsnCode: sql<string | null>`coalesce(${products.hsnCode}, (select c.hsn_code from categories c
      where c.id = ${products.categoryId}))`,
    // The owner's description of that code, kept on the category when the code is the category's.
    hsnDescription: sql<string | null>`(select c.hsn_description from categories c
      where c.id = ${products.categoryId} and c.hsn_code = coalesce(${products.hsnCode}, c.hsn_code))`,
    uqc: products.uqc,
  },
  thumbnail: media,
  variant: productVariants,
};

type OrderProductRow = {
  product: {
    id: string;
    name: string;
    isActive: boolean;
    options: Product["options"];
    categoryId: string;
    taxRate: number | null;
    taxSlabs: TaxSlab[] | null;
    hsnCode: string | null;
    hsnDescription: string | null;
    uqc: Product["uqc"];
  };
  thumbnail: Media | null;
  variant: ProductVariant | null;
};

export type ProductForOrder = OrderProductRow["product"] & {
  thumbnail: Media | null;
  variants: ProductVariant[];
};

/** Rows of orderProductColumns (a product's variants together) as products with their variants. */
export function productsForOrderOf(rows: readonly OrderProductRow[]): Map<string, ProductForOrder> {
  const found = new Map<string, ProductForOrder>();
  for (const { product, thumbnail, variant } of rows) {
    let entry = found.get(product.id);
    if (!entry) {
      entry = { ...product, thumbnail, variants: [] };
      found.set(product.id, entry);
    }
    if (variant) entry.variants.push(variant);
  }
  return found;
}

/**
 * The products of an order's lines with their thumbnails and current variants (removed ones left
 * out), in one query; a product without a row here does not exist.
 */
export async function findProductsForOrder(db: Database, ids: readonly string[]) {
  const rows = await db
    .select(orderProductColumns)
    .from(products)
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .leftJoin(
      productVariants,
      and(eq(productVariants.productId, products.id), isNull(productVariants.removedAt)),
    )
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  return productsForOrderOf(rows);
}

/**
 * Takes units of locked variants in one statement (the variants' trigger derives each product's
 * stock once); answers the variants that had enough, so that a caller that did not lock still
 * takes all or nothing.
 */
export async function takeStock(
  db: Database,
  lines: readonly { variantId: string; quantity: number }[],
): Promise<Set<string>> {
  const result = await db.execute<{ id: string }>(takeStockStatement(lines));
  return new Set(result.rows.map((row) => row.id));
}

/** The statement of `takeStock`: each variant found by its primary key. */
export function takeStockStatement(lines: readonly { variantId: string; quantity: number }[]): SQL {
  const values = lines.map((line) => sql`(${idValue(line.variantId)}, ${line.quantity}::integer)`);
  return sql`
    update ${productVariants} as v set stock = v.stock - x.quantity
    from (values ${sql.join(values, sql`, `)}) as x(id, quantity)
    where v.id = x.id and v.stock >= x.quantity
    returning v.id`;
}

/**
 * Gives an order's units back to their variants; a paid order also takes them off the best-seller
 * count. `why` is what the stock-movement log records of it (a cancellation, an expired hold), with the order.
 */
export async function returnStock(
  db: Database,
  orderId: string,
  { wasPaid, why }: { wasPaid: boolean; why: StockContext },
) {
  const ordered = db
    .select({ variantId: orderItems.variantId })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const locked = await lockVariants(
    db,
    (await ordered).map((row) => row.variantId),
  );
  if (locked.length === 0) return;
  // NOTE: units a refund already put back are not given back twice.
  const left = sql`${orderItems.quantity} - coalesce((
    select sum((r.value->>'quantity')::integer) from ${refunds} rf, jsonb_array_elements(rf.restock) r
    where rf.order_id = ${orderItems.orderId} and rf.status = 'completed' and r.value->>'itemId' = ${orderItems.id}), 0)`;
  await db.execute(sql`
    update ${productVariants} v
    set stock = v.stock + oi.quantity
    from (select variant_id, sum(${left})::integer as quantity from ${orderItems}
          where order_id = ${orderId} group by variant_id) oi, ${stockCauseFrom({ ...why, orderId })}
    where v.id = oi.variant_id and oi.quantity > 0`);
  if (wasPaid) {
    await addSoldUnits(
      db,
      sql`select product_id, -sum(${left})::integer from ${orderItems} where order_id = ${orderId} group by product_id`,
    );
  }
}

/**
 * Counts a paid order's units as sold, by product (two sizes of one shoe are two lines of one
 * product), for the best-seller counts (modules/products/sold-counts.ts). NOTE: whoever writes
 * products' rows locks them in id order, as the variants' trigger does when a placement takes
 * stock: an UPDATE ... FROM locks rows in the join's order, and two writers holding one product
 * each waited for the other.
 */
export async function countSold(db: Database, orderId: string) {
  await addSoldUnits(
    db,
    sql`select product_id, sum(quantity)::integer from ${orderItems} where order_id = ${orderId} group by product_id`,
  );
}

/** Inserts an order and its lines; answers both as stored. */
export async function insertOrder(db: Database, order: NewOrder, items: Omit<NewOrderItem, "orderId">[]) {
  const [row] = await db.insert(orders).values(order).returning();
  if (!row) throw new Error("insert returned no row");
  const lines = await db
    .insert(orderItems)
    .values(items.map((item) => ({ ...item, orderId: row.id })))
    .returning();
  return { order: row, lines };
}

/** The order a shopper placed with an idempotency key, and the fingerprint of the body it came with. */
export async function findOrderByIdempotencyKey(db: Database, userId: string, key: string) {
  const [row] = await db
    .select({ id: orders.id, fingerprint: orders.idempotencyFingerprint })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row;
}

const orderColumns = {
  order: orders,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    role: users.role,
  },
  payment: {
    id: payments.id,
    status: payments.status,
    paymentGateway: payments.paymentGateway,
    method: payments.method,
    amount: payments.amount,
    transactionId: payments.transactionId,
    refundedAmount: payments.refundedAmount,
  },
};

export type OrderRow = Awaited<ReturnType<typeof findOrderById>>;

/** An order with its shopper, payment and fulfilment. */
export async function findOrderById(db: Database, id: string) {
  const [row] = await db
    .select({ ...orderColumns, fulfilment: fulfilmentOf })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, id))
    .limit(1);
  return row;
}

/** Orders with their shopper and payment, in one query (the sweep's messages need them all). */
export async function findOrdersByIds(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(inArray(orders.id, [...ids]));
}

const orderRow = preparedFor((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder("id")))
    .limit(1)
    .prepare("order_row"),
);

/** An order's row alone (no shopper, no payment): what a payment checks before the provider is called. */
export async function findOrderRow(db: Database, id: string) {
  const [row] = await orderRow(db).execute({ id });
  return row;
}

/** Locks an order row for the rest of the transaction. */
export async function lockOrder(db: Database, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for("update").limit(1);
  return row;
}

export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

export async function findOrderLines(db: Database, orderId: string) {
  return db
    .select({ item: orderItems, thumbnail: media })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(media, eq(media.id, products.thumbnailId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id) as Promise<{ item: typeof orderItems.$inferSelect; thumbnail: Media | null }[]>;
}

export interface OrderFilter {
  userId?: string | undefined;
  status?: OrderStatus | undefined;
  /** The payment's state (orders.payment_state). */
  payment?: PaymentState | undefined;
  /** How far its goods have gone (fulfilmentOf, filtered by fulfilmentIs). */
  fulfilment?: Fulfilment | undefined;
  keyword?: string | undefined;
  /** Placed at or after this moment. */
  since?: Date | undefined;
  /** Placed before this moment. */
  before?: Date | undefined;
}

/**
 * A filter whose matches are two sets each walked best apart (listOrders): the rest of the filter,
 * and the two sides, a keyword's (on the order, by its shopper) or a fulfilment's that a status can
 * say (by the status, by the parcels).
 */
function halvesOf(
  filter: OrderFilter,
): { rest: SQL | undefined; sides: readonly [SQL, SQL]; disjoint: boolean } | undefined {
  if (filter.keyword) {
    const { onOrder, byShopper } = keywordHalves(filter.keyword);
    return { rest: whereOf({ ...filter, keyword: undefined }), sides: [onOrder, byShopper], disjoint: false };
  }
  const sides = filter.fulfilment ? fulfilmentSides(filter.fulfilment) : undefined;
  return sides ? { rest: whereOf({ ...filter, fulfilment: undefined }), sides, disjoint: true } : undefined;
}

/** The conditions of a filter, for lists, their counts and the export. */
function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  // Ready to Ship (processing) holds no cash on delivery order its shopper has yet to confirm: a
  // filter on the status's index range (few orders wait, and not for long).
  if (filter.status === "processing")
    conditions.push(sql`${orders.codConfirmation} is distinct from 'pending'`);
  if (filter.payment) conditions.push(eq(orders.paymentState, filter.payment));
  if (filter.fulfilment) conditions.push(fulfilmentIs(filter.fulfilment));
  if (filter.since) conditions.push(gte(orders.createdAt, filter.since));
  if (filter.before) conditions.push(lt(orders.createdAt, filter.before));
  if (filter.keyword) conditions.push(keywordMatch(filter.keyword));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A page of orders, newest first by (created_at, id), each with the sort key a cursor keeps (`at`),
 * and how many match, counted up to `cap` (db/paging.ts). After `after`, the page starts past that
 * order by keyset, as the export's batches do: the same index range, however deep.
 */
export async function listOrders(
  db: Database,
  filter: OrderFilter,
  page: { limit: number; offset: number },
  after?: NewestKey,
  cap = COUNT_CAP,
) {
  const keyset = newestAfter(orders.createdAt, orders.id, after);
  const newest = [desc(orders.createdAt), desc(orders.id)];
  const chosenBy = (where: SQL | undefined, limit: number) =>
    db
      .select({ id: orders.id, createdAt: orders.createdAt })
      .from(orders)
      .where(and(where, keyset))
      .orderBy(...newest)
      .limit(limit);
  let chosen: SQL;
  let counting: () => Promise<CappedTotal>;
  const halves = halvesOf(filter);
  if (halves) {
    // NOTE: each half of the matches is its own newest-first walk, as deep as the page, and the page
    // is the newest of both: PostgreSQL then plans each half by its own count and index (a surname
    // of 85 000 orders walks the newest orders against a hash of its shoppers; an email reads its
    // shopper's few orders by index; delivered orders read the status's range). As one set of ids
    // or one OR, the matches were hash-joined with every order and sorted (a surname, 1.9 s at a
    // million orders) or walked down every order (delivered, the newest 15 000). Counted so too: a
    // half that alone has more than `cap` orders says the union has (countUnionUpTo); a fulfilment's
    // halves share no order (their statuses differ), so they are counted without removing repeats.
    const { rest, sides } = halves;
    const depth = page.offset + page.limit;
    chosen = sql`select m.id, m.created_at from ((${chosenBy(and(rest, sides[0]), depth)})
      union (${chosenBy(and(rest, sides[1]), depth)})) as m
      order by m.created_at desc, m.id desc limit ${page.limit} offset ${page.offset}`;
    const half = (side: SQL) => db.select({ id: orders.id }).from(orders).where(and(rest, side));
    counting = halves.disjoint
      ? () =>
          countUpTo(
            db,
            sql`(${half(sides[0]).limit(cap + 1)}) union all (${half(sides[1]).limit(cap + 1)})`,
            cap,
          )
      : () => countUnionUpTo(db, half(sides[0]), half(sides[1]), cap);
  } else {
    const where = whereOf(filter);
    chosen = sql`${chosenBy(where, page.limit).offset(page.offset)}`;
    counting = () => countUpTo(db, db.select({ one: sql`1` }).from(orders).where(where), cap);
  }
  const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const [rows, counted] = await Promise.all([
    // NOTE: the page's ids are chosen first, from the orders alone, and only its rows are then read
    // with their shopper, payment and subqueries (units, fulfilment): read in one walk, an offset
    // page ran those for every row it skipped (page 1000: 20 000 rows, 405 ms at a million orders).
    db
      .select({
        ...orderColumns,
        itemCount,
        paymentState: orders.paymentState,
        fulfilment: fulfilmentOf,
        at: cursorTime(orders.createdAt),
      })
      .from(orders)
      .innerJoin(sql`(${chosen}) as chosen`, sql`chosen.id = ${orders.id}`)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(payments, eq(payments.id, orders.paymentId))
      .orderBy(...newest),
    counting(),
  ]);
  return { rows, ...counted };
}

/** Where a page of a list or the export starts: after the last order of the page before, newest first. */
export interface ExportCursor {
  /**
   * NOTE: the time as PostgreSQL writes it, not a Date: a Date keeps milliseconds, the column
   * microseconds, and a cursor rounded down would skip the orders placed within that millisecond.
   */
  createdAt: string;
  id: string;
}

/**
 * One batch of the CSV export: up to `limit` orders after `cursor` (keyset pagination on the
 * (created_at, id) order of orders_created_at_idx, so every batch costs the same however deep),
 * each with its shopper and lines. Answers the rows of the lines, in order, and the next cursor.
 */
export async function findExportBatch(
  db: Database,
  filter: OrderFilter,
  cursor: ExportCursor | undefined,
  limit: number,
) {
  const after = cursor
    ? sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : undefined;
  const page = await db
    .select({
      // Only what the export writes: a batch of whole rows (idempotency keys, fingerprints, more
      // dates) weighed on the export's peak memory (test-hard/orders-export.test.ts).
      order: {
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        subTotal: orders.subTotal,
        savedAmount: orders.savedAmount,
        shippingAmount: orders.shippingAmount,
        taxAmount: orders.taxAmount,
        totalAmount: orders.totalAmount,
        currency: orders.currency,
        discountCode: orders.discountCode,
        discountAmount: orders.discountAmount,
        onlineDiscount: orders.onlineDiscount,
        codFee: orders.codFee,
        storeCreditUsed: orders.storeCreditUsed,
        invoiceNumber: orders.invoiceNumber,
        shippingAddress: orders.shippingAddress,
        // The invoice's GST of the charges (the goods' is the lines'), and its place of supply.
        placeOfSupply: orders.placeOfSupply,
        shippingTaxable: orders.shippingTaxable,
        shippingCgst: orders.shippingCgst,
        shippingSgst: orders.shippingSgst,
        shippingIgst: orders.shippingIgst,
        codFeeTaxable: orders.codFeeTaxable,
        codFeeCgst: orders.codFeeCgst,
        codFeeSgst: orders.codFeeSgst,
        codFeeIgst: orders.codFeeIgst,
      },
      user: orderColumns.user,
      payment: { status: payments.status, refundedAmount: payments.refundedAmount },
      at: sql<string>`${orders.createdAt}::text`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(whereOf(filter), after))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const last = page.at(-1);
  if (!last) return { orders: page, lines: [], next: undefined };
  const lines = await db
    .select()
    .from(orderItems)
    // NOTE: one array parameter, not one parameter per order: a statement of 300 parameters took
    // longer to parse and plan than to run.
    .where(sql`${orderItems.orderId} = any(${sql.param(page.map((row) => row.order.id))}::char(24)[])`)
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const next = page.length < limit ? undefined : { createdAt: last.at, id: last.order.id };
  return { orders: page, lines, next };
}

const closedCod = sql<"cancelled">`(case when ${orders.codConfirmation} = 'pending' then 'cancelled' else ${orders.codConfirmation} end)`;

export async function setOrderStatus(db: Database, id: string, status: OrderStatus, paymentId?: string) {
  const [row] = await db
    .update(orders)
    .set({
      status,
      // A payment linked here becomes the one that names the order's payment state.
      ...(paymentId ? { paymentId, paymentState: stateOfPayment(paymentId) } : {}),
      // A closed order waits for no cash on delivery confirmation (nor does the sweep for it).
      ...(status === "cancelled" || status === "refunded" ? { codConfirmation: closedCod } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/**
 * Unpaid pending orders placed before `cutoff`, locked; rows another instance holds are skipped,
 * so that two sweeps running at once never cancel the same order twice.
 */
export async function lockExpiredPendingOrders(db: Database, cutoff: Date, limit: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      userId: orders.userId,
      storeCreditUsed: orders.storeCreditUsed,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        sql`${orders.paymentId} is null`,
        sql`${orders.createdAt} < ${cutoff}`,
        // NOTE: an order whose payment is being captured right now is left for the next sweep: its
        // money is on its way (modules/payments/repo-unmatched.ts).
        noFreshClaim,
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Appends rows to orders' history (one statement for many, as the sweep writes them); answers them as stored. */
export async function insertOrderEvents(db: Database, events: readonly NewOrderEvent[]) {
  if (events.length === 0) return [];
  return db
    .insert(orderEvents)
    .values([...events])
    .returning();
}

/** An order's history, oldest first; without staff notes unless asked for. */
export async function findOrderEvents(db: Database, orderId: string, { notes }: { notes: boolean }) {
  return db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), notes ? undefined : sql`${orderEvents.type} <> 'note'`))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
}

export type RefundRow = Awaited<ReturnType<typeof findRefundsOfPayments>>[number];

/** The completed refunds of payments, oldest first (one query for a whole list). */
export async function findRefundsOfPayments(db: Database, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.paymentId, [...paymentIds]), eq(refunds.status, "completed")))
    .orderBy(asc(refunds.refundedAt), asc(refunds.id));
}

/** The credit note lines of refunds, by refund id, each refund's in their order. */
export async function findLinesOfRefunds(db: Database, refundIds: readonly string[]) {
  const byRefund = new Map<string, RefundLine[]>();
  if (refundIds.length === 0) return byRefund;
  const rows = await db
    .select()
    .from(refundLines)
    .where(inArray(refundLines.refundId, [...refundIds]))
    .orderBy(asc(refundLines.refundId), asc(refundLines.position));
  for (const row of rows) byRefund.set(row.refundId, [...(byRefund.get(row.refundId) ?? []), row]);
  return byRefund;
}
