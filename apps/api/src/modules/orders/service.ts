/** Placing, reading, cancelling and moving orders; the hold-expiry sweep (docs/design.md section 5). */
import { createHash } from "node:crypto";
import type { OrderStatus } from "@shop/shared/constants";
import { ORDER_LIMITS, SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { api, validation } from "@shop/shared/messages";
import { canTransition, returnsStock } from "@shop/shared/orders";
import { type DiscountTerms, priceItems } from "@shop/shared/pricing";
import { isStaff, type SignedInViewer as Viewer } from "@shop/shared/roles";
import type { CartPriceDto, CartPriceInput } from "@shop/shared/schemas/discount";
import type {
  OrderDto,
  OrderInputParsed,
  OrderNoteInput,
  OrderStatusInput,
  OrderSummaryDto,
} from "@shop/shared/schemas/order";
import { variantLabel } from "@shop/shared/variants";
import { AppError } from "#api/core/errors";
import { limitOffset, type PageRequest } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { NewOrderEvent } from "#api/db/schema/orders";
import type { ProductVariant } from "#api/db/schema/products";
import type { User } from "#api/db/schema/users";
import { toAddressSnapshot } from "#api/modules/addresses/dto";
import { findAddressOfUser } from "#api/modules/addresses/repo";
import { giveUsesBack } from "#api/modules/discounts/repo";
import { type AppliedDiscount, applyDiscount, type DiscountedItem } from "#api/modules/discounts/service";
import {
  type CancelledBy,
  orderCancelledEmail,
  orderDeliveredEmail,
  orderPlacedEmail,
  orderRefundedEmail,
  orderShippedEmail,
  paymentReceivedEmail,
} from "#api/modules/email/order-messages";
import { type MailContext, type Outgoing, queueEmails } from "#api/modules/email/service";
import { giveInvoiceNumber } from "#api/modules/invoices/service";
import { toOrderDto, toOrderSummaryDto } from "./dto";
import {
  countSold,
  findOrderById,
  findOrderByIdempotencyKey,
  findOrderEvents,
  findOrderLines,
  findOrdersByIds,
  findProductsForOrder,
  findRefundsOfPayments,
  insertOrder,
  insertOrderEvents,
  listOrders,
  lockAndCountUnpaidOrders,
  lockExpiredPendingOrders,
  lockOrder,
  lockVariants,
  type OrderFilter,
  type OrderRow,
  type ProductForOrder,
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

/** An order read with its lines and history (staff notes for staff only), as the viewer may see it. */
async function orderDto(db: Database, row: NonNullable<OrderRow>, viewer: Viewer): Promise<OrderDto> {
  const [lines, history, refunds] = await Promise.all([
    findOrderLines(db, row.order.id),
    findOrderEvents(db, row.order.id, { notes: isStaff(viewer) }),
    findRefundsOfPayments(db, row.payment?.id ? [row.payment.id] : []),
  ]);
  return toOrderDto(row, lines, history, viewer, refunds);
}

/** Who changes an order, as its history keeps them: a signed-in user with their name and role. */
export type Actor = Viewer & Pick<User, "firstName" | "lastName">;

/** The actor columns of a history row; none for the system (the hold expiry). */
export function actorOf(actor: Actor | null): Pick<NewOrderEvent, "actorId" | "actorName" | "actorRole"> {
  if (!actor) return { actorId: null, actorName: null, actorRole: null };
  return {
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    actorRole: actor.role,
  };
}

export async function listOrderSummaries(
  db: Database,
  viewer: Viewer,
  filter: OrderFilter,
  page: PageRequest,
): Promise<{ items: OrderSummaryDto[]; total: number }> {
  const { rows, total } = await listOrders(db, filter, limitOffset(page));
  const refunds = await findRefundsOfPayments(
    db,
    rows.flatMap((row) => (row.payment?.id ? [row.payment.id] : [])),
  );
  const items = rows.map((row) => ({
    ...toOrderSummaryDto(row, viewer, refunds),
    itemCount: row.itemCount,
  }));
  return { items, total };
}

/** The moment a day of the shop's clock ("2026-11-23") begins. */
function startOfShopDay(day: string): Date {
  return new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`);
}

/**
 * The staff's filter of orders (lists and the CSV export): a status, the days from `from` to `to`
 * both included (as the shop's clock reads them), and a keyword. NOTE: a manager's keyword matches
 * emails and phones too, as a shopper on the phone gives theirs; the answer never shows them.
 */
export function staffOrderFilter(query: StaffOrderQuery): OrderFilter {
  return {
    status: query.status,
    keyword: query.keyword || undefined,
    since: query.from ? startOfShopDay(query.from) : undefined,
    before: query.to ? new Date(startOfShopDay(query.to).getTime() + 24 * 60 * 60 * 1000) : undefined,
  };
}

export interface StaffOrderQuery {
  status?: OrderStatus | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A page of every shopper's orders for staff, newest first, narrowed by staffOrderFilter. */
export function listStaffOrders(db: Database, viewer: Viewer, query: StaffOrderQuery, page: PageRequest) {
  return listOrderSummaries(db, viewer, staffOrderFilter(query), page);
}

export interface PlaceOrderOptions {
  /** A retried placement with the same key and body returns the first order; another body is refused (422). */
  idempotencyKey?: string | undefined;
  limits?: OrderLimits;
  /** The shop's details for the confirmation, written with the order. */
  mail: MailContext;
}

export interface OrderLimits {
  maxUnpaidOrders: number;
  maxQuantityPerLine: number;
}

/** The key of an order line: its product, and its variant when one is named. */
function lineKey(line: { product: string; variant?: string | undefined }): string {
  return line.variant ? `${line.product}/${line.variant}` : line.product;
}

/** What a placement asked for, the same for the same body however its lines were ordered or split. */
function fingerprintOf(input: OrderInputParsed, quantities: ReadonlyMap<string, number>): string {
  const lines = [...quantities.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(
      JSON.stringify({
        lines,
        address: input.shippingAddress,
        // Only when named, so that the fingerprints of orders without a code stay as they were.
        ...(input.discountCode ? { discountCode: input.discountCode.toUpperCase() } : {}),
      }),
    )
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

interface OrderLine {
  product: ProductForOrder;
  variant: ProductVariant;
  quantity: number;
}

/** "Trail Running Shoes (Size: 9)": the product's name, with the variant's values when it has options. */
function labelOf({ product, variant }: Pick<OrderLine, "product" | "variant">): string {
  return variantLabel(product.name, product.options, variant.options);
}

/** The message for a line short of stock: as before variants for a product without options. */
function shortMessage(line: Pick<OrderLine, "product" | "variant">, available: number): string {
  return line.product.options.length > 0
    ? api.variantOutOfStock(labelOf(line), available)
    : api.outOfStock(line.product.name, available);
}

/**
 * Which variant each line names: the given one, which must be a current, active variant of the
 * line's product (400 otherwise), or, left out, the product's only variant ('Please choose a Size.'
 * when it has several). Lines of one variant are merged; the result is in product, then variant id
 * order, the order in which the placement locks them.
 */
function resolveLines(
  input: Pick<OrderInputParsed, "products">,
  found: ReadonlyMap<string, ProductForOrder>,
  limits: OrderLimits,
): OrderLine[] {
  const fieldErrors: Record<string, string> = {};
  const merged = new Map<string, OrderLine>();
  input.products.forEach((line, index) => {
    const product = found.get(line.product);
    if (!product) throw new AppError("CONFLICT", api.productMissing);
    if (!product.isActive) throw new AppError("CONFLICT", api.productUnavailable(product.name));
    let variant: ProductVariant | undefined;
    if (line.variant === undefined) {
      const [only, ...others] = product.variants;
      if (only && others.length === 0) variant = only;
      else fieldErrors[`products.${index}.variant`] = validation.chooseOption(product.options[0]?.name ?? "");
    } else {
      variant = product.variants.find((candidate) => candidate.id === line.variant);
      if (!variant) fieldErrors[`products.${index}.variant`] = validation.variantOfOtherProduct;
      else if (!variant.isActive)
        fieldErrors[`products.${index}.variant`] = api.productUnavailable(labelOf({ product, variant }));
    }
    if (!variant) return;
    const entry = merged.get(variant.id);
    if (entry) entry.quantity += line.quantity;
    else merged.set(variant.id, { product, variant, quantity: line.quantity });
  });
  const [firstError] = Object.values(fieldErrors);
  if (firstError) throw new AppError("BAD_REQUEST", firstError, fieldErrors);
  const lines = [...merged.values()].sort((a, b) =>
    a.product.id === b.product.id
      ? a.variant.id.localeCompare(b.variant.id)
      : a.product.id.localeCompare(b.product.id),
  );
  for (const line of lines) {
    if (line.quantity > limits.maxQuantityPerLine)
      throw new AppError("CONFLICT", api.quantityPerLine(limits.maxQuantityPerLine));
  }
  return lines;
}

/** The lines as pricing and a discount code look at them, in the order the lines are priced. */
function discountedItems(lines: readonly OrderLine[]): DiscountedItem[] {
  return lines.map(({ product, variant, quantity }) => ({
    productId: product.id,
    categoryId: product.categoryId,
    price: variant.price,
    onSale: variant.onSale,
    salePrice: variant.salePrice,
    quantity,
  }));
}

/** The named code applied with a use taken, or 409 with the reason it does not apply (at its field). */
async function discountOrRefusal(
  db: Database,
  code: string,
  items: readonly DiscountedItem[],
  userId: string,
): Promise<AppliedDiscount> {
  const result = await applyDiscount(db, code, items, userId, { lock: true, take: true });
  if ("refusal" in result) throw new AppError("CONFLICT", result.refusal, { discountCode: result.refusal });
  return result.applied;
}

/**
 * The server's pricing of a cart, with the code a shopper tries: the same lines, rules and
 * figures the placement will use, and the reason when the code does not apply. Nothing is taken.
 */
export async function priceCart(
  db: Database,
  input: CartPriceInput,
  userId: string | undefined,
): Promise<CartPriceDto> {
  const productIds = [...new Set(input.products.map((line) => line.product))].sort();
  const lines = resolveLines(input, await findProductsForOrder(db, productIds), ORDER_LIMITS);
  const items = discountedItems(lines);
  let applied: AppliedDiscount | undefined;
  let discountMessage: string | null = null;
  if (input.discountCode) {
    const result = await applyDiscount(db, input.discountCode, items, userId);
    if ("refusal" in result) discountMessage = result.refusal;
    else applied = result.applied;
  }
  const terms: DiscountTerms | undefined = applied?.terms;
  const priced = priceItems(applied?.items ?? items, terms);
  return {
    lines: lines.map((line, index) => {
      const p = priced.lines[index];
      return {
        product: line.product.id,
        variant: line.variant.id,
        quantity: line.quantity,
        unitPrice: p?.unitPrice ?? 0,
        lineTotal: p?.lineTotal ?? 0,
        savedAmount: p?.savedAmount ?? 0,
        discountShare: p?.discountShare ?? 0,
      };
    }),
    itemsPrice: priced.itemsPrice,
    discountPrice: priced.discountPrice,
    discountCode: applied?.discount.code ?? null,
    discountAmount: priced.discountAmount,
    discountMessage,
    shippingPrice: priced.shippingPrice,
    taxPrice: priced.taxPrice,
    totalPrice: priced.totalPrice,
  };
}

/**
 * Places an order: every line priced from its variant in the database (client amounts are ignored),
 * the stock of each variant taken atomically in the order's transaction, 409 naming the product
 * (and its option values) when short. Against hoarding, 409 past the units of one variant an order
 * may hold or the unpaid orders a shopper may have at once. With an idempotency key, a retried
 * placement returns the first order. The confirmation is written to the outbox in the order's
 * transaction: a refused placement leaves no message.
 */
export async function placeOrder(
  db: Database,
  user: User,
  input: OrderInputParsed,
  { idempotencyKey, limits = ORDER_LIMITS, mail }: PlaceOrderOptions,
): Promise<{ order: OrderDto; created: boolean }> {
  const quantities = new Map<string, number>();
  for (const line of input.products)
    quantities.set(lineKey(line), (quantities.get(lineKey(line)) ?? 0) + line.quantity);
  const fingerprint = fingerprintOf(input, quantities);
  if (idempotencyKey) {
    const replay = await orderOfKey(db, user, idempotencyKey, fingerprint);
    if (replay) return replay;
  }

  const address = await findAddressOfUser(db, user.id, input.shippingAddress);
  if (!address)
    throw new AppError("NOT_FOUND", api.addressNotFound, { shippingAddress: api.addressRequired });

  const productIds = [...new Set(input.products.map((line) => line.product))].sort();
  const lines = resolveLines(input, await findProductsForOrder(db, productIds), limits);
  const items = discountedItems(lines);

  let placed: OrderDto;
  try {
    placed = await db.transaction(async (tx) => {
      // NOTE: the shopper's row is locked first, so that two placements cannot both pass the count.
      if ((await lockAndCountUnpaidOrders(tx, user.id)) >= limits.maxUnpaidOrders)
        throw new AppError("CONFLICT", api.tooManyUnpaidOrders);
      const locked = new Map(
        (
          await lockVariants(
            tx,
            lines.map((line) => line.variant.id),
          )
        ).map((row) => [row.id, row]),
      );
      for (const line of lines) {
        const now = locked.get(line.variant.id);
        if (!now?.isActive) throw new AppError("CONFLICT", api.productUnavailable(labelOf(line)));
        if (now.stock < line.quantity) throw new AppError("CONFLICT", shortMessage(line, now.stock));
      }
      // The code's row is locked after the variants (the order every writer keeps) until commit.
      const applied = input.discountCode
        ? await discountOrRefusal(tx, input.discountCode, items, user.id)
        : undefined;
      const priced = priceItems(applied?.items ?? items, applied?.terms);
      const taken = await takeStock(
        tx,
        lines.map((line) => ({ variantId: line.variant.id, quantity: line.quantity })),
      );
      if (taken.size !== lines.length) throw new Error("stock changed under a lock");
      const { order, lines: stored } = await insertOrder(
        tx,
        {
          userId: user.id,
          status: "pending",
          subTotal: priced.itemsPrice,
          savedAmount: priced.discountPrice,
          shippingAmount: priced.shippingPrice,
          taxAmount: priced.taxPrice,
          totalAmount: priced.totalPrice,
          discountId: applied?.discount.id ?? null,
          discountCode: applied?.discount.code ?? null,
          discountAmount: priced.discountAmount,
          shippingAddress: toAddressSnapshot(address),
          idempotencyKey: idempotencyKey ?? null,
          idempotencyFingerprint: idempotencyKey ? fingerprint : null,
        },
        lines.map(({ product, variant }, index) => ({
          productId: product.id,
          variantId: variant.id,
          variantSku: variant.sku,
          variantOptions: variant.options,
          name: product.name,
          price: priced.lines[index]?.unitPrice ?? variant.price,
          originalPrice: variant.price,
          savedAmount: priced.lines[index]?.savedAmount ?? 0,
          discountShare: priced.lines[index]?.discountShare ?? 0,
          quantity: priced.lines[index]?.quantity ?? 0,
        })),
      );
      const ordered = lines.map((line, index) => ({
        label: labelOf(line),
        quantity: priced.lines[index]?.quantity ?? line.quantity,
        unitPrice: priced.lines[index]?.unitPrice ?? line.variant.price,
      }));
      const history = await insertOrderEvents(tx, [
        { orderId: order.id, type: "placed", status: order.status, ...actorOf(user) },
      ]);
      await queueEmails(tx, mail.shop, [orderPlacedEmail(user, order, ordered, mail.origin)]);
      // The answer is made from the rows just written: a placement reads nothing back.
      const thumbnails = new Map(lines.map((line) => [line.product.id, line.product.thumbnail]));
      return toOrderDto(
        { order, user, payment: null },
        stored.map((item) => ({ item, thumbnail: thumbnails.get(item.productId) ?? null })),
        history,
        user,
        [],
      );
    });
  } catch (error) {
    // NOTE: two retries with one key racing: the unique (user, key) decides, the loser returns the winner's order.
    if (idempotencyKey && isPgError(error, UNIQUE_VIOLATION)) {
      const replay = await orderOfKey(db, user, idempotencyKey, fingerprint);
      if (replay) return replay;
    }
    throw error;
  }
  return { order: placed, created: true };
}

type OrderWithShopper = Awaited<ReturnType<typeof findOrdersByIds>>[number];

/** What the shopper is told when staff or the shopper move the order to `to`. */
function statusEmail(row: OrderWithShopper, to: OrderStatus, by: CancelledBy, origin: string): Outgoing[] {
  const { order, user, payment } = row;
  switch (to) {
    case "shipped":
      return [orderShippedEmail(user, order, origin)];
    case "delivered":
      return [orderDeliveredEmail(user, order, origin)];
    case "cancelled":
      return [orderCancelledEmail(user, order, by, origin)];
    case "refunded":
      // NOTE: staff reach "refunded" through modules/refunds (refundWholeOrder), which moves the money and
      // sends this message itself; this stays for any other caller of the bare transition.
      return [orderRefundedEmail(user, order, payment?.amount ?? order.totalAmount, origin)];
    default:
      // pending and processing are never reached by hand (ORDER_TRANSITIONS).
      return [];
  }
}

/**
 * Moves an order to a new status inside a transaction that holds its row; stock comes back where
 * goods never left, and the history row and the message to the shopper are written in the same
 * transaction.
 */
async function moveOrder(
  db: Database,
  viewer: Actor,
  orderId: string,
  to: OrderStatus,
  check: (from: OrderStatus, userId: string) => void,
  mail: MailContext,
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
    if (to === "cancelled" && order.discountId) await giveUsesBack(tx, [order.id]);
    await setOrderStatus(tx, order.id, to);
    await insertOrderEvents(tx, [
      {
        orderId: order.id,
        type: to === "cancelled" ? "cancelled" : "status",
        status: to,
        ...actorOf(viewer),
      },
    ]);
    const [moved] = await findOrdersByIds(tx, [order.id]);
    if (!moved) throw new Error("order vanished under its lock");
    const by = order.userId === viewer.id ? "shopper" : "staff";
    await queueEmails(tx, mail.shop, statusEmail(moved, to, by, mail.origin));
  });
}

/** The owner cancels their own pending order; staff may cancel any order the transition table allows. */
export async function cancelOrder(
  db: Database,
  viewer: Actor,
  orderId: string,
  mail: MailContext,
): Promise<OrderDto> {
  await moveOrder(
    db,
    viewer,
    orderId,
    "cancelled",
    (from, ownerId) => {
      if (isStaff(viewer)) return;
      if (ownerId !== viewer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
      if (from !== "pending") throw new AppError("CONFLICT", api.orderNotPending);
    },
    mail,
  );
  return getOrder(db, viewer, orderId);
}

/** Staff change an order's status by the transition table of packages/shared/orders.ts. */
export async function updateOrderStatus(
  db: Database,
  viewer: Actor,
  orderId: string,
  input: OrderStatusInput,
  mail: MailContext,
) {
  await moveOrder(db, viewer, orderId, input.status, () => undefined, mail);
  return getOrder(db, viewer, orderId);
}

/** Staff add a note to an order's history (kept from the shopper's read); 404 for a missing order. */
export async function addOrderNote(
  db: Database,
  viewer: Actor,
  orderId: string,
  input: OrderNoteInput,
): Promise<OrderDto> {
  await db.transaction(async (tx) => {
    // The order's row is held so that the note carries the status it was written under.
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
    await insertOrderEvents(tx, [
      { orderId: order.id, type: "note", status: order.status, note: input.note, ...actorOf(viewer) },
    ]);
  });
  return getOrder(db, viewer, orderId);
}

/**
 * Marks a pending order paid (in the payment's transaction): processing, linked, counted as sold,
 * given its GST invoice number, and the shopper told of the payment (amount, gateway, transaction
 * id) in the same transaction.
 */
export async function markOrderPaid(db: Database, orderId: string, paymentId: string, mail: MailContext) {
  await setOrderStatus(db, orderId, "processing", paymentId);
  await countSold(db, orderId);
  await giveInvoiceNumber(db, orderId);
  const [paid] = await findOrdersByIds(db, [orderId]);
  if (!paid?.payment) throw new Error("paid order without its payment");
  const payment = {
    amount: paid.payment.amount,
    gateway: paid.payment.paymentGateway,
    transactionId: paid.payment.transactionId,
  };
  // The shopper paid, whichever way the capture reached us (their request or the provider's webhook).
  await insertOrderEvents(db, [
    { orderId, type: "paid", status: "processing", amount: payment.amount, ...actorOf(paid.user) },
  ]);
  await queueEmails(db, mail.shop, [paymentReceivedEmail(paid.user, paid.order, payment, mail.origin)]);
}

/**
 * Cancels unpaid pending orders older than the hold and returns their stock. Safe to run in every
 * instance at once: rows are claimed with FOR UPDATE SKIP LOCKED, so each order is cancelled once.
 * Each shopper is told in the same transaction, the messages read and written in one query each.
 */
export async function sweepExpiredOrders(
  db: Database,
  holdMinutes: number,
  mail: MailContext,
  batch = 100,
): Promise<number> {
  const cutoff = new Date(Date.now() - holdMinutes * 60_000);
  return db.transaction(async (tx) => {
    const expired = await lockExpiredPendingOrders(tx, cutoff, batch);
    for (const { id } of expired) {
      await returnStock(tx, id, { wasPaid: false });
      await setOrderStatus(tx, id, "cancelled");
    }
    await giveUsesBack(
      tx,
      expired.map((order) => order.id),
    );
    // No actor: the system cancelled them.
    await insertOrderEvents(
      tx,
      expired.map(({ id }) => ({ orderId: id, type: "cancelled" as const, status: "cancelled" as const })),
    );
    const cancelled = await findOrdersByIds(
      tx,
      expired.map((row) => row.id),
    );
    await queueEmails(
      tx,
      mail.shop,
      cancelled.map(({ order, user }) => orderCancelledEmail(user, order, "expiry", mail.origin)),
    );
    return expired.length;
  });
}
