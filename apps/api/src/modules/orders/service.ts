/** Placing, reading, cancelling and moving orders; the hold-expiry sweep (docs/design.md section 5). */
import { createHash } from "node:crypto";
import type { OrderStatus } from "@shop/shared/constants";
import { ORDER_LIMITS } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import { canTransition, returnsStock } from "@shop/shared/orders";
import { priceItems } from "@shop/shared/pricing";
import { isStaff, type SignedInViewer as Viewer } from "@shop/shared/roles";
import type {
  OrderDto,
  OrderInputParsed,
  OrderStatusInput,
  OrderSummaryDto,
} from "@shop/shared/schemas/order";
import { AppError } from "#api/core/errors";
import { limitOffset, type PageRequest } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { User } from "#api/db/schema/users";
import { toAddressSnapshot } from "#api/modules/addresses/dto";
import { findAddressOfUser } from "#api/modules/addresses/repo";
import { toOrderDto, toOrderSummaryDto } from "./dto";
import {
  countSold,
  currentStock,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderLines,
  findProductsForOrder,
  insertOrder,
  listOrders,
  lockAndCountUnpaidOrders,
  lockExpiredPendingOrders,
  lockOrder,
  type OrderFilter,
  type OrderRow,
  returnStock,
  setOrderStatus,
  takeStock,
} from "./repo";

/** One order as its viewer may see it: the owner or staff; anyone else gets the same 404 as for a missing id. */
export async function getOrder(
  db: Database,
  viewer: Viewer,
  id: string,
  { ownOnly = false } = {},
): Promise<OrderDto> {
  const row = await findOrderById(db, id);
  const allowed = row && (row.order.userId === viewer.id || (!ownOnly && isStaff(viewer)));
  if (!row || !allowed) throw new AppError("NOT_FOUND", api.orderNotFound);
  return orderDto(db, row, viewer);
}

/** An order read with its lines, as the viewer may see it. */
async function orderDto(db: Database, row: NonNullable<OrderRow>, viewer: Viewer): Promise<OrderDto> {
  return toOrderDto(row, await findOrderLines(db, row.order.id), viewer);
}

export async function listOrderSummaries(
  db: Database,
  viewer: Viewer,
  filter: OrderFilter,
  page: PageRequest,
): Promise<{ items: OrderSummaryDto[]; total: number }> {
  const { rows, total } = await listOrders(db, filter, limitOffset(page));
  const items = rows.map((row) => ({ ...toOrderSummaryDto(row, viewer), itemCount: row.itemCount }));
  return { items, total };
}

export interface PlaceOrderOptions {
  /** A retried placement with the same key and body returns the first order; another body is refused (422). */
  idempotencyKey?: string | undefined;
  limits?: OrderLimits;
}

export interface OrderLimits {
  maxUnpaidOrders: number;
  maxQuantityPerLine: number;
}

/** What a placement asked for, the same for the same body however its lines were ordered or split. */
function fingerprintOf(input: OrderInputParsed, quantities: ReadonlyMap<string, number>): string {
  const lines = [...quantities.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify({ lines, address: input.shippingAddress }))
    .digest("hex");
}

/** The order a key already made, if any; the key reused for another body is refused. */
async function orderOfKey(db: Database, user: User, key: string, fingerprint: string) {
  const existing = await findOrderByIdempotencyKey(db, user.id, key);
  if (!existing) return undefined;
  if (existing.fingerprint !== null && existing.fingerprint !== fingerprint)
    throw new AppError("UNPROCESSABLE", api.idempotencyKeyReused);
  return { order: await getOrder(db, user, existing.id), created: false };
}

/**
 * Places an order: every line priced from the database (client amounts are ignored), the stock of
 * each product taken atomically in the order's transaction, 409 naming the product when short.
 * Against hoarding, 409 past the units of one product an order may hold or the unpaid orders a
 * shopper may have at once. With an idempotency key, a retried placement returns the first order.
 */
export async function placeOrder(
  db: Database,
  user: User,
  input: OrderInputParsed,
  { idempotencyKey, limits = ORDER_LIMITS }: PlaceOrderOptions = {},
): Promise<{ order: OrderDto; created: boolean }> {
  // One line per product, in id order, so that concurrent orders lock products in the same order.
  const quantities = new Map<string, number>();
  for (const line of input.products)
    quantities.set(line.product, (quantities.get(line.product) ?? 0) + line.quantity);
  const fingerprint = fingerprintOf(input, quantities);
  if (idempotencyKey) {
    const replay = await orderOfKey(db, user, idempotencyKey, fingerprint);
    if (replay) return replay;
  }

  const address = await findAddressOfUser(db, user.id, input.shippingAddress);
  if (!address)
    throw new AppError("NOT_FOUND", api.addressNotFound, { shippingAddress: api.addressRequired });

  const productIds = [...quantities.keys()].sort();
  const found = new Map((await findProductsForOrder(db, productIds)).map((p) => [p.id, p]));

  const lines = productIds.map((id) => {
    const product = found.get(id);
    if (!product) throw new AppError("CONFLICT", api.productMissing);
    if (!product.isActive) throw new AppError("CONFLICT", api.productUnavailable(product.name));
    const quantity = quantities.get(id) ?? 0;
    if (quantity > limits.maxQuantityPerLine)
      throw new AppError("CONFLICT", api.quantityPerLine(limits.maxQuantityPerLine));
    return { product, quantity };
  });
  const priced = priceItems(
    lines.map(({ product, quantity }) => ({
      price: product.price,
      onSale: product.onSale,
      salePrice: product.salePrice,
      quantity,
    })),
  );

  let orderId: string;
  try {
    orderId = await db.transaction(async (tx) => {
      // NOTE: the shopper's row is locked first, so that two placements cannot both pass the count.
      if ((await lockAndCountUnpaidOrders(tx, user.id)) >= limits.maxUnpaidOrders)
        throw new AppError("CONFLICT", api.tooManyUnpaidOrders);
      for (const { product, quantity } of lines) {
        if (!(await takeStock(tx, product.id, quantity))) {
          throw new AppError("CONFLICT", api.outOfStock(product.name, await currentStock(tx, product.id)));
        }
      }
      const order = await insertOrder(
        tx,
        {
          userId: user.id,
          status: "pending",
          subTotal: priced.itemsPrice,
          savedAmount: priced.discountPrice,
          shippingAmount: priced.shippingPrice,
          taxAmount: priced.taxPrice,
          totalAmount: priced.totalPrice,
          shippingAddress: toAddressSnapshot(address),
          idempotencyKey: idempotencyKey ?? null,
          idempotencyFingerprint: idempotencyKey ? fingerprint : null,
        },
        lines.map(({ product }, index) => ({
          productId: product.id,
          name: product.name,
          price: priced.lines[index]?.unitPrice ?? product.price,
          originalPrice: product.price,
          savedAmount: priced.lines[index]?.savedAmount ?? 0,
          quantity: priced.lines[index]?.quantity ?? 0,
        })),
      );
      return order.id;
    });
  } catch (error) {
    // NOTE: two retries with one key racing: the unique (user, key) decides, the loser returns the winner's order.
    if (idempotencyKey && isPgError(error, UNIQUE_VIOLATION)) {
      const replay = await orderOfKey(db, user, idempotencyKey, fingerprint);
      if (replay) return replay;
    }
    throw error;
  }
  return { order: await getOrder(db, user, orderId), created: true };
}

/** Moves an order to a new status inside a transaction that holds its row; stock comes back where goods never left. */
async function moveOrder(
  db: Database,
  orderId: string,
  to: OrderStatus,
  check: (from: OrderStatus, userId: string) => void,
) {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
    check(order.status, order.userId);
    if (!canTransition(order.status, to)) {
      throw new AppError("CONFLICT", api.transitionRefused(order.status, to), {
        status: api.transitionRefused(order.status, to),
      });
    }
    if (returnsStock(order.status, to))
      await returnStock(tx, order.id, { wasPaid: order.status !== "pending" });
    await setOrderStatus(tx, order.id, to);
  });
}

/** The owner cancels their own pending order; staff may cancel any order the transition table allows. */
export async function cancelOrder(db: Database, viewer: Viewer, orderId: string): Promise<OrderDto> {
  await moveOrder(db, orderId, "cancelled", (from, ownerId) => {
    if (isStaff(viewer)) return;
    if (ownerId !== viewer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
    if (from !== "pending") throw new AppError("CONFLICT", api.orderNotPending);
  });
  return getOrder(db, viewer, orderId);
}

/** Staff change an order's status by the transition table of packages/shared/orders.ts. */
export async function updateOrderStatus(
  db: Database,
  viewer: Viewer,
  orderId: string,
  input: OrderStatusInput,
) {
  await moveOrder(db, orderId, input.status, () => undefined);
  return getOrder(db, viewer, orderId);
}

/** Marks a pending order paid (in the payment's transaction): processing, linked, counted as sold. */
export async function markOrderPaid(db: Database, orderId: string, paymentId: string) {
  await setOrderStatus(db, orderId, "processing", paymentId);
  await countSold(db, orderId);
}

/**
 * Cancels unpaid pending orders older than the hold and returns their stock. Safe to run in every
 * instance at once: rows are claimed with FOR UPDATE SKIP LOCKED, so each order is cancelled once.
 */
export async function sweepExpiredOrders(db: Database, holdMinutes: number, batch = 100): Promise<number> {
  const cutoff = new Date(Date.now() - holdMinutes * 60_000);
  return db.transaction(async (tx) => {
    const expired = await lockExpiredPendingOrders(tx, cutoff, batch);
    for (const { id } of expired) {
      await returnStock(tx, id, { wasPaid: false });
      await setOrderStatus(tx, id, "cancelled");
    }
    return expired.length;
  });
}
