/** Placing, reading, cancelling and moving orders; the hold-expiry sweep (DESIGN.md section 5). */
import type { OrderStatus, Role } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import { canTransition, returnsStock } from "@shop/shared/orders";
import { priceItems } from "@shop/shared/pricing";
import type {
  OrderDto,
  OrderInputParsed,
  OrderStatusInput,
  OrderSummaryDto,
} from "@shop/shared/schemas/order";
import type { Database } from "../../db/client";
import { isPgError, UNIQUE_VIOLATION } from "../../db/errors";
import type { User } from "../../db/schema/users";
import { offsetOf } from "../../http/envelope";
import { AppError } from "../../http/errors";
import { findAddressOfUser } from "../addresses/repo";
import { toMediaDto } from "../media/dto";
import {
  countSold,
  currentStock,
  findOrderById,
  findOrderIdByIdempotencyKey,
  findOrderLines,
  findProductsForOrder,
  insertOrder,
  listOrders,
  lockExpiredPendingOrders,
  lockOrder,
  type OrderFilter,
  type OrderRow,
  returnStock,
  setOrderStatus,
  takeStock,
} from "./repo";

type Viewer = Pick<User, "id" | "role">;

const isStaff = (role: Role) => role === "admin" || role === "manager";

function toSummary(row: NonNullable<OrderRow>) {
  const { order, user, payment } = row;
  return {
    _id: order.id,
    user: { _id: user.id, name: { firstName: user.firstName, lastName: user.lastName }, email: user.email },
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    status: order.status,
    totalAmount: order.totalAmount,
    subTotal: order.subTotal,
    savedAmount: order.savedAmount,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    shippingAddress: order.shippingAddress,
    payment: payment?.id
      ? {
          _id: payment.id,
          status: payment.status,
          paymentGateway: payment.paymentGateway,
          amount: payment.amount,
          transactionId: payment.transactionId,
        }
      : null,
  } as const;
}

async function toOrderDto(db: Database, row: NonNullable<OrderRow>): Promise<OrderDto> {
  const lines = await findOrderLines(db, row.order.id);
  return {
    ...toSummary(row),
    products: lines.map(({ item, thumbnail }) => ({
      product: { _id: item.productId, name: item.name, thumbnail: thumbnail ? toMediaDto(thumbnail) : null },
      name: item.name,
      price: item.price,
      originalPrice: item.originalPrice,
      savedAmount: item.savedAmount,
      quantity: item.quantity,
    })),
  };
}

/** One order as its viewer may see it: the owner or staff; anyone else gets the same 404 as for a missing id. */
export async function getOrder(
  db: Database,
  viewer: Viewer,
  id: string,
  { ownOnly = false } = {},
): Promise<OrderDto> {
  const row = await findOrderById(db, id);
  const allowed = row && (row.order.userId === viewer.id || (!ownOnly && isStaff(viewer.role)));
  if (!row || !allowed) throw new AppError("NOT_FOUND", api.orderNotFound);
  return toOrderDto(db, row);
}

export async function listOrderSummaries(
  db: Database,
  filter: OrderFilter,
  page: { page: number; size: number },
): Promise<{ items: OrderSummaryDto[]; total: number }> {
  const { rows, total } = await listOrders(db, filter, { limit: page.size, offset: offsetOf(page) });
  return { items: rows.map((row) => ({ ...toSummary(row), itemCount: row.itemCount })), total };
}

/**
 * Places an order: every line priced from the database (client amounts are ignored), the stock of
 * each product taken atomically in the order's transaction, 409 naming the product when short.
 * With an idempotency key, a retried placement returns the first order instead of a second one.
 */
export async function placeOrder(
  db: Database,
  user: User,
  input: OrderInputParsed,
  idempotencyKey?: string,
): Promise<{ order: OrderDto; created: boolean }> {
  if (idempotencyKey) {
    const existing = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
    if (existing) return { order: await getOrder(db, user, existing), created: false };
  }

  const address = await findAddressOfUser(db, user.id, input.shippingAddress);
  if (!address)
    throw new AppError("NOT_FOUND", api.addressNotFound, { shippingAddress: api.addressRequired });

  // One line per product, in id order, so that concurrent orders lock products in the same order.
  const quantities = new Map<string, number>();
  for (const line of input.products)
    quantities.set(line.product, (quantities.get(line.product) ?? 0) + line.quantity);
  const productIds = [...quantities.keys()].sort();
  const found = new Map((await findProductsForOrder(db, productIds)).map((p) => [p.id, p]));

  const lines = productIds.map((id) => {
    const product = found.get(id);
    if (!product) throw new AppError("CONFLICT", api.productMissing);
    if (!product.isActive) throw new AppError("CONFLICT", api.productUnavailable(product.name));
    return { product, quantity: quantities.get(id) ?? 0 };
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
          shippingAddress: {
            name: { firstName: address.firstName, lastName: address.lastName },
            countryCode: address.countryCode,
            phoneNumber: address.phoneNumber,
            building: address.building,
            street: address.street,
            city: address.city,
            state: address.state,
            pinCode: address.pinCode,
            country: address.country,
          },
          idempotencyKey: idempotencyKey ?? null,
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
      const existing = await findOrderIdByIdempotencyKey(db, user.id, idempotencyKey);
      if (existing) return { order: await getOrder(db, user, existing), created: false };
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
    if (isStaff(viewer.role)) return;
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
