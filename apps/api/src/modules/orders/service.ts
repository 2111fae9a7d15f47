/**
 * Reading, cancelling and moving orders; the hold-expiry sweep (docs/design.md section 5). Placing an
 * order, and pricing a cart by the same rules, are in placement.ts.
 */

import type { Fulfilment, OrderStatus, PaymentState } from "@shop/shared/constants";
import { SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { api, codConfirmation } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { canTransition, returnsStock } from "@shop/shared/orders";
import { isStaff, type SignedInViewer as Viewer } from "@shop/shared/roles";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import type { OrderDto, OrderNoteInput, OrderStatusInput, OrderSummaryDto } from "@shop/shared/schemas/order";
import { OTHER_CARRIER } from "@shop/shared/schemas/settings";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import { type KeysetPageRequest, type ListRead, limitOffsetAndOne, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { NewestKey } from "#api/db/paging";
import { failUncollectedPayment } from "#api/db/payment-state";
import type { Order, OrderEvent } from "#api/db/schema/orders";
import type { User } from "#api/db/schema/users";
import { recordActivity } from "#api/modules/activity/record";
import { giveUsesBack } from "#api/modules/discounts/service";
import {
  type CancelledBy,
  type MailSite,
  orderCancelledEmail,
  orderDeliveredEmail,
  orderRefundedEmail,
  orderShippedEmail,
  paymentReceivedEmail,
  type ReceivedPayment,
} from "#api/modules/email/order-messages";
import { type MailContext, type Outgoing, outboxRows, queueEmails } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { financialYearOf, invoiceAtRemoval, seriesPrefix } from "#api/modules/invoices/service";
import { giveCreditBack } from "#api/modules/store-credit/service";
import { toOrderDto, toOrderSummaryDto } from "./dto";
import {
  findLinesOfRefunds,
  findOrderById,
  findOrderEvents,
  findOrderLines,
  findOrdersByIds,
  findRefundsOfPayments,
  insertOrderEvents,
  listOrders,
  lockExpiredPendingOrders,
  lockOrder,
  type OrderFilter,
  type OrderRow,
  returnStock,
  setOrderStatus,
} from "./repo";
import { type PayOrderResult, type PayOrderWrite, payOrderRow } from "./repo-paid";
import { findReturnsOfOrder } from "./repo-returns";
import {
  findShipmentsOfOrders,
  findShippableLines,
  insertShipment,
  markAllDelivered,
} from "./repo-shipments";

/**
 * What the modules that act on an order use: in their own transaction (fulfilment, refunds,
 * payments), the order's row locked (first, as every writer of an order takes it), its status, its
 * history, the order with its shopper and payment as their emails name them, and its units counted
 * as sold (cash on delivery); to read it (documents, payments), the order with its payment and
 * shopper, its bare row and its lines.
 */
export {
  countSold,
  findOrderById,
  findOrderLines,
  findOrderRow,
  findOrdersByIds,
  insertOrderEvents,
  lockOrder,
  type OrderLineRow,
  type OrderRow,
  returnStock,
  setOrderStatus,
} from "./repo";

/** What recording a payment answers (the payments module). */
export type { PayOrderResult } from "./repo-paid";

/**
 * An order's parcels: fulfilment ships and delivers them, refunds keep shipped units out of a
 * restock, documents print a parcel's packing slip. NOTE: their SQL is the order's, as is that of
 * the returns its read carries (repo-returns.ts): the order's read carries them and the status
 * dialog ships and delivers them, and fulfilment, which locks orders and writes their history,
 * sits above this module, so it may not be imported from here.
 */
export {
  findShipmentsOfOrders,
  findShippableLines,
  insertShipment,
  markShipmentDelivered,
  markShipmentReturned,
  type ShipmentWithLines,
} from "./repo-shipments";

/**
 * The refunds of payments with their credit notes' lines, in two statements however many payments
 * (the payments module's reads: one payment, a page of them).
 */
export async function findRefundsWithLines(db: Database, paymentIds: readonly string[]) {
  const refunds = await findRefundsOfPayments(db, paymentIds);
  const creditNotes = await findLinesOfRefunds(
    db,
    refunds.map((refund) => refund.id),
  );
  return { refunds, creditNotes };
}

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
  const [lines, history, refunds, shipments, returns] = await Promise.all([
    findOrderLines(db, row.order.id),
    findOrderEvents(db, row.order.id, { notes: isStaff(viewer) }),
    findRefundsOfPayments(db, row.payment?.id ? [row.payment.id] : []),
    findShipmentsOfOrders(db, [row.order.id]),
    findReturnsOfOrder(db, row.order.id),
  ]);
  const creditNotes = await findLinesOfRefunds(
    db,
    refunds.map((refund) => refund.id),
  );
  return toOrderDto(row, lines, history, viewer, refunds, shipments, returns, creditNotes);
}

/** Who changes an order, as its history and the activity log keep them: a signed-in user with their name, email and role. */
export type Actor = Viewer & Pick<User, "firstName" | "lastName" | "email">;

/** An order as the activity log names it: by its number. */
export const orderSubject = (order: Pick<Order, "id" | "number">) => ({
  type: "order" as const,
  id: order.id,
  label: `#${order.number}`,
});

/** The actor columns of a history row; none for the system (the hold expiry). */
export function actorOf(actor: Actor | null): Pick<OrderEvent, "actorId" | "actorName" | "actorRole"> {
  if (!actor) return { actorId: null, actorName: null, actorRole: null };
  return {
    actorId: actor.id,
    actorName: fullName(actor),
    actorRole: actor.role,
  };
}

/**
 * A page of orders as the viewer may see them, newest first: after `page.after` (a cursor's key) by
 * keyset, else by offset; the total counted up to COUNT_CAP (`cap` only for tests).
 */
export async function listOrderSummaries(
  db: Database,
  viewer: Viewer,
  filter: OrderFilter,
  page: KeysetPageRequest<NewestKey>,
  cap?: number,
): Promise<ListRead<OrderSummaryDto>> {
  const keyset = { keyset: page.after !== undefined };
  const read = await listOrders(db, filter, limitOffsetAndOne(page, keyset), page.after, cap);
  const { rows, more } = withoutExtra(read.rows, page.size);
  const refunds = await findRefundsOfPayments(
    db,
    rows.flatMap((row) => (row.payment?.id ? [row.payment.id] : [])),
  );
  const items = rows.map((row) => ({
    ...toOrderSummaryDto(row, viewer, refunds),
    itemCount: row.itemCount,
  }));
  const last = rows.at(-1);
  const next = more && last ? encodeCursor([last.at, last.order.id]) : undefined;
  return { items, total: read.total, totalCapped: read.totalCapped, more, next };
}

/** The moment a day of the shop's clock ("2026-11-23") begins. */
function startOfShopDay(day: string, utcOffset: string): Date {
  return new Date(`${day}T00:00:00${utcOffset}`);
}

/**
 * The staff's filter of orders (lists and the CSV export): a status, a payment state, a fulfilment,
 * the days from `from` to `to` both included (as the shop's clock reads them), and a keyword.
 * NOTE: a manager's keyword matches emails and phones too, as a shopper on the phone gives theirs;
 * the answer never shows them.
 */
export function staffOrderFilter(query: StaffOrderQuery, utcOffset = SHOP_UTC_OFFSET): OrderFilter {
  return {
    status: query.status,
    payment: query.payment,
    fulfilment: query.fulfilment,
    keyword: query.keyword || undefined,
    since: query.from ? startOfShopDay(query.from, utcOffset) : undefined,
    before: query.to
      ? new Date(startOfShopDay(query.to, utcOffset).getTime() + 24 * 60 * 60 * 1000)
      : undefined,
  };
}

export interface StaffOrderQuery {
  status?: OrderStatus | undefined;
  payment?: PaymentState | undefined;
  fulfilment?: Fulfilment | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A page of every shopper's orders for staff, newest first, narrowed by staffOrderFilter. */
export function listStaffOrders(
  db: Database,
  viewer: Viewer,
  query: StaffOrderQuery,
  page: KeysetPageRequest<NewestKey>,
  utcOffset?: string,
  cap?: number,
) {
  return listOrderSummaries(db, viewer, staffOrderFilter(query, utcOffset), page, cap);
}

type OrderWithShopper = Awaited<ReturnType<typeof findOrdersByIds>>[number];

/** What the shopper is told when staff or the shopper move the order to `to`. */
function statusEmail(row: OrderWithShopper, to: OrderStatus, by: CancelledBy, site: MailSite): Outgoing[] {
  const { order, user, payment } = row;
  switch (to) {
    case "shipped":
      return [orderShippedEmail(user, order, site)];
    case "delivered":
      return [orderDeliveredEmail(user, order, site)];
    case "cancelled":
      return [orderCancelledEmail(user, order, by, site)];
    case "refunded":
      // NOTE: staff reach "refunded" through modules/refunds (refundWholeOrder), which moves the money and
      // sends this message itself; this stays for any other caller of the bare transition.
      return [
        orderRefundedEmail(
          user,
          order,
          { amount: payment?.amount ?? order.totalAmount, storeCreditAmount: 0, ofReturn: false },
          site,
        ),
      ];
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
  note: string | null = null,
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
    // A cash on delivery order ships once its shopper confirmed it (or staff did, by phone).
    if (to === "shipped" && order.codConfirmation === "pending")
      throw new AppError("CONFLICT", codConfirmation.shipUnconfirmed, {
        status: codConfirmation.shipUnconfirmed,
      });
    const removedAt = await keepShipmentsInStep(tx, order.id, order.status, to);
    if (returnsStock(order.status, to)) {
      const { actorId, actorName } = actorOf(viewer);
      await returnStock(tx, order.id, {
        wasPaid: order.status !== "pending",
        why: {
          cause: to === "cancelled" ? "cancel" : "refund",
          actor: actorId ? { id: actorId, name: actorName ?? "" } : null,
        },
      });
    }
    if (to === "cancelled" && order.discountId) await giveUsesBack(tx, [order.id]);
    // Store credit applied to an order cancelled unpaid comes back (a paid one's goes back by refund).
    if (to === "cancelled" && !order.paymentId) await giveCreditBack(tx, order);
    // Cash on delivery cancelled before the goods left will never be collected: its payment closes.
    if (to === "cancelled" && order.paymentId) await failUncollectedPayment(tx, order.paymentId);
    await setOrderStatus(tx, order.id, to);
    await insertOrderEvents(tx, [
      {
        orderId: order.id,
        type: to === "cancelled" ? "cancelled" : "status",
        status: to,
        note,
        ...actorOf(viewer),
      },
    ]);
    if (isStaff(viewer))
      await recordActivity(
        tx,
        viewer,
        "order.status_changed",
        orderSubject(order),
        { status: order.status },
        { status: to },
      );
    const [moved] = await findOrdersByIds(tx, [order.id]);
    if (!moved) throw new Error("order vanished under its lock");
    const by = order.userId === viewer.id ? "shopper" : "staff";
    await queueMessages(tx, mail, statusEmail(moved, to, by, mail));
    // The goods left with the parcel the dialog recorded: a cash on delivery order's invoice goes with
    // them (decision 025), its number taken last as a payment takes it.
    if (removedAt) await invoiceAtRemoval(tx, order, removedAt);
  });
}

/**
 * The status dialog and the shipments agree: "shipped" by hand ships every unit not yet in a
 * parcel as one shipment with the carrier "Other" and no number, "delivered" marks every parcel
 * delivered, and an order part of which has left can no longer be cancelled (its stock is gone).
 * Answers when the goods left by "shipped", for the invoice that goes with them; otherwise null.
 */
async function keepShipmentsInStep(
  tx: Database,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
): Promise<Date | null> {
  if (!canTransition(from, to)) return null;
  if (to === "shipped") {
    const lines = await findShippableLines(tx, orderId);
    const left = lines
      .map((line) => ({ itemId: line.id, quantity: line.quantity - line.shipped }))
      .filter((line) => line.quantity > 0);
    if (left.length === 0) return new Date();
    const shipment = await insertShipment(
      tx,
      { orderId, carrier: OTHER_CARRIER, trackingNumber: null, trackingUrl: null },
      left,
    );
    return shipment.shippedAt;
  }
  if (to === "delivered") {
    await markAllDelivered(tx, orderId);
  } else if (to === "cancelled" && from === "processing") {
    const [shipment] = await findShipmentsOfOrders(tx, [orderId]);
    if (shipment)
      throw new AppError("CONFLICT", api.cancelAfterShipment, { status: api.cancelAfterShipment });
  }
  return null;
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

/**
 * The shopper cancels their order before it ships (WhatsApp's "Cancel order" on a cash on delivery
 * order, its token checked by the caller): as a cancellation by them, stock back, the payment
 * closed, the history row and the email; 409 once a parcel of it left or it is closed.
 */
export async function cancelBeforeShipping(
  db: Database,
  shopper: Actor,
  orderId: string,
  mail: MailContext,
  note: string | null = null,
): Promise<void> {
  await moveOrder(
    db,
    shopper,
    orderId,
    "cancelled",
    (from) => {
      if (from !== "pending" && from !== "processing")
        throw new AppError("CONFLICT", api.cancelAfterShipment);
    },
    mail,
    note,
  );
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
    await recordActivity(tx, viewer, "order.note_added", orderSubject(order), null, { note: input.note });
  });
  return getOrder(db, viewer, orderId);
}

/** What paying an order needs besides its id: the shopper (told, and named in its history) and the money. */
export interface OrderPayment {
  order: { id: string; number: number; currency: string };
  /** The order's shopper: the payment is theirs, whichever way the capture reached us. */
  shopper: Actor & { email: string };
  payment: PayOrderWrite["payment"];
  /** The amount, gateway and provider's id, as the message and the history show them. */
  received: ReceivedPayment;
  pays: boolean;
}

/**
 * Records a payment of an order in one statement (repo-paid.ts): when it pays the pending order,
 * the order is processing, linked, counted as sold, given its GST invoice number, and the shopper is
 * told of the payment (amount, gateway, transaction id) by a message written with it.
 */
export async function recordOrderPayment(
  db: Database,
  { order, shopper, payment, received, pays }: OrderPayment,
  mail: MailContext,
): Promise<PayOrderResult> {
  const paidAt = new Date();
  const message = paymentReceivedEmail(shopper, order, received, mail);
  const write = (emails: readonly Outgoing[]) => ({
    orderId: order.id,
    payment,
    pays,
    financialYear: financialYearOf(paidAt),
    series: seriesPrefix("invoice", financialYearOf(paidAt)),
    paidAt,
    event: {
      id: newId(),
      orderId: order.id,
      type: "paid" as const,
      status: "processing" as const,
      amount: received.amount,
      ...actorOf(shopper),
    },
    emails: outboxRows(mail.shop, emails).map((row) => ({ ...row, id: newId() })),
  });
  // NOTE: the payment's one statement writes its email; a shop on WhatsApp writes the message in the
  // same transaction after it, once the payment was recorded, by WhatsApp or by email as agreed.
  if (!mail.whatsapp) return payOrderRow(db, write([message]));
  return db.transaction(async (tx) => {
    const result = await payOrderRow(tx, write([]));
    if (pays && result.found && !result.alreadyPaid && !result.closed)
      await queueMessages(tx, mail, [message]);
    return result;
  });
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
    for (const order of expired) {
      await returnStock(tx, order.id, { wasPaid: false, why: { cause: "expiry" } });
      await setOrderStatus(tx, order.id, "cancelled");
      // The store credit an unpaid order held comes back to its shopper (decision 042).
      await giveCreditBack(tx, order);
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
      cancelled.map(({ order, user }) => orderCancelledEmail(user, order, "expiry", mail)),
    );
    return expired.length;
  });
}
