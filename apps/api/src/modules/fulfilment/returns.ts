/**
 * Returns (docs/design.md section 8, Fulfilment): the shopper asks to send back delivered units
 * within the return window; staff approve or reject, receive the parcel (its units back in stock,
 * variant by variant) and refund the units' value through the order's payment. Each step is a row
 * of the order's history and an email to the shopper, in the step's transaction.
 */

import { RETURN_TRANSITIONS, type ReturnStatus } from "@shop/shared/constants";
import { creditByLines } from "@shop/shared/credit-note";
import { activityPage, api, orderHistory, returnWords } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { fromCents } from "@shop/shared/pricing";
import { isStaff, seesCustomerDetails, type SignedInViewer as Viewer } from "@shop/shared/roles";
import type {
  ReturnActionInput,
  ReturnDto,
  ReturnInputParsed,
  ReturnRefundInput,
} from "@shop/shared/schemas/returns";
import { lineLabel } from "@shop/shared/variants";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import { type ListRead, limitOffsetAndOne, type PageRequest, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { recordActivity } from "#api/modules/activity/record";
import { returnUpdateEmail } from "#api/modules/email/order-messages";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import {
  type Actor,
  actorOf,
  findOrdersByIds,
  findShipmentsOfOrders,
  insertOrderEvents,
  lockOrder,
} from "#api/modules/orders/service";
import { creditablesOf } from "#api/modules/refunds/credit";
import {
  findRefundByKey,
  RETURN_REFUND_KEY,
  refundOrder,
  restock,
  restockedUnits,
} from "#api/modules/refunds/service";
import { destinationOfLines } from "#api/modules/refunds/whole-order";
import type { PaymentProviders } from "#api/payments/provider";
import {
  askedBackUnits,
  findReturn,
  findReturnableLines,
  findReturnsByIds,
  insertReturn,
  listReturnIds,
  lockReturn,
  type ReturnRow,
  setRestocked,
  setReturnStatus,
} from "./repo-returns";

const DAY_MS = 24 * 60 * 60 * 1000;

function toReturnDto(row: ReturnRow, viewer: Viewer): ReturnDto {
  const { ret, order, user } = row;
  return {
    _id: ret.id,
    order: { _id: order.id, number: order.number },
    user: {
      _id: user.id,
      name: fullName(user),
      email: seesCustomerDetails(viewer, user.id) ? user.email : null,
    },
    status: ret.status,
    reason: ret.reason,
    note: ret.note,
    message: ret.message,
    lines: row.lines.map((line) => ({
      line: line.itemId,
      name: line.name,
      options: line.options,
      quantity: line.quantity,
    })),
    amount: ret.amount,
    currency: order.currency,
    cashOnDelivery: order.cashOnDelivery,
    createdAt: ret.createdAt.toISOString(),
    updatedAt: ret.updatedAt.toISOString(),
  };
}

/** The order's shopper asks to return delivered units, within the window after their parcel's delivery. */
export async function requestReturn(
  db: Database,
  viewer: Actor,
  input: ReturnInputParsed,
  { windowDays, mail, now = new Date() }: { windowDays: number; mail: MailContext; now?: Date },
): Promise<ReturnDto> {
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.order);
    if (!order || order.userId !== viewer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
    const [lines, shipments, asked] = await Promise.all([
      findReturnableLines(tx, order.id),
      findShipmentsOfOrders(tx, [order.id]),
      askedBackUnits(tx, order.id),
    ]);
    const delivered = new Map<string, number>();
    const inWindow = new Map<string, number>();
    for (const shipment of shipments) {
      if (!shipment.deliveredAt) continue;
      const open = now.getTime() <= shipment.deliveredAt.getTime() + windowDays * DAY_MS;
      for (const line of shipment.lines) {
        delivered.set(line.itemId, (delivered.get(line.itemId) ?? 0) + line.quantity);
        if (open) inWindow.set(line.itemId, (inWindow.get(line.itemId) ?? 0) + line.quantity);
      }
    }
    if (delivered.size === 0) throw new AppError("CONFLICT", api.returnNothingDelivered);
    const byId = new Map(lines.map((line) => [line.id, line]));
    const unknown: Record<string, string> = {};
    const refused: Record<string, string> = {};
    input.lines.forEach((wanted, index) => {
      if (!byId.has(wanted.line)) {
        unknown[`lines.${index}.line`] = api.returnLineUnknown;
        return;
      }
      const open = inWindow.get(wanted.line) ?? 0;
      const left = (delivered.get(wanted.line) ?? 0) - (asked.get(wanted.line) ?? 0);
      const available = Math.max(0, Math.min(open, left));
      if (wanted.quantity <= available) return;
      refused[`lines.${index}.quantity`] =
        open === 0 && (delivered.get(wanted.line) ?? 0) > 0
          ? api.returnWindowClosed(windowDays)
          : api.returnTooMany(available);
    });
    const [first] = Object.values(unknown);
    if (first) throw new AppError("BAD_REQUEST", first, unknown);
    const [conflict] = Object.values(refused);
    if (conflict) throw new AppError("CONFLICT", conflict, refused);

    // What the credit note will give back for these units: their share of what their invoice lines hold.
    const credit = creditByLines(await creditablesOf(tx, order), {
      lines: input.lines.map((wanted) => ({ itemId: wanted.line, quantity: wanted.quantity })),
      shipping: false,
      codFee: false,
    });
    const cents = credit.ok ? credit.total : 0;
    const stored = await insertReturn(
      tx,
      {
        orderId: order.id,
        userId: viewer.id,
        reason: input.reason,
        note: input.note,
        amount: fromCents(cents),
      },
      input.lines.map((line) => ({ itemId: line.line, quantity: line.quantity })),
    );
    const items = input.lines.map((wanted) => {
      const line = byId.get(wanted.line);
      return {
        label: line ? lineLabel(line.name, line.variantOptions) : wanted.line,
        quantity: wanted.quantity,
      };
    });
    const detail = `${returnWords.reasons[input.reason]}; ${items
      .map((item) => returnWords.line(item.quantity, item.label))
      .join(", ")}`;
    await insertOrderEvents(tx, [
      {
        orderId: order.id,
        type: "return",
        status: order.status,
        note: orderHistory.returnNote(returnWords.statuses.requested.toLowerCase(), detail),
        ...actorOf(viewer),
      },
    ]);
    await tell(tx, order.id, "requested", { items, message: null }, mail);
    return stored.id;
  });
  return getReturn(db, viewer, id);
}

/** The email of a step, to the order's shopper. */
async function tell(
  tx: Database,
  orderId: string,
  status: Exclude<ReturnStatus, "refunded">,
  detail: { items: { label: string; quantity: number }[]; message: string | null },
  mail: MailContext,
) {
  const [told] = await findOrdersByIds(tx, [orderId]);
  if (!told) throw new Error("order vanished under its lock");
  await queueEmails(tx, mail.shop, [returnUpdateEmail(told.user, told.order, { status, ...detail }, mail)]);
}

/** One return, for staff or its shopper; anyone else gets the same 404 as for a missing id. */
export async function getReturn(db: Database, viewer: Viewer, id: string): Promise<ReturnDto> {
  const [row] = await findReturnsByIds(db, [id]);
  if (!row || (row.ret.userId !== viewer.id && !isStaff(viewer)))
    throw new AppError("NOT_FOUND", api.returnNotFound);
  return toReturnDto(row, viewer);
}

/** A page of returns for staff, newest first, in one status or all; the total counted up to COUNT_CAP (`cap` only for tests). */
export async function listReturns(
  db: Database,
  viewer: Viewer,
  filter: { status?: ReturnStatus | undefined; keyword?: string | undefined },
  page: PageRequest,
  cap?: number,
): Promise<ListRead<ReturnDto>> {
  const read = await listReturnIds(db, filter, limitOffsetAndOne(page), cap);
  const { rows: ids, more } = withoutExtra(read.ids, page.size);
  const rows = await findReturnsByIds(db, ids);
  const items = rows.map((row) => toReturnDto(row, viewer));
  return { items, total: read.total, totalCapped: read.totalCapped, more };
}

export type ReturnStep = "approved" | "rejected" | "received";

/** Staff approve, reject or receive a return; receiving puts its units back in stock, variant by variant. */
export async function moveReturn(
  db: Database,
  actor: Actor,
  id: string,
  to: ReturnStep,
  input: ReturnActionInput,
  mail: MailContext,
): Promise<ReturnDto> {
  await db.transaction(async (tx) => {
    const found = await findReturn(tx, id);
    if (!found) throw new AppError("NOT_FOUND", api.returnNotFound);
    // The order first, then the return: every writer of both locks in this order.
    const order = await lockOrder(tx, found.orderId);
    const ret = await lockReturn(tx, id);
    if (!order || !ret) throw new AppError("NOT_FOUND", api.returnNotFound);
    if (!RETURN_TRANSITIONS[ret.status].includes(to))
      throw new AppError("CONFLICT", api.returnTransition(ret.status, to));
    const [row] = await findReturnsByIds(tx, [id]);
    if (!row) throw new Error("return vanished under its lock");
    if (to === "received") {
      // A unit goes back in stock once: a refund may already have restocked some of a line's units.
      const sold = new Map((await findReturnableLines(tx, order.id)).map((line) => [line.id, line]));
      const back = await restockedUnits(tx, order.id);
      const lines = row.lines.map((line) => {
        const item = sold.get(line.itemId);
        const left = item ? item.quantity - (back.get(line.itemId) ?? 0) : 0;
        return {
          itemId: line.itemId,
          variantId: item?.variantId,
          restocked: Math.max(0, Math.min(line.quantity, left)),
        };
      });
      await restock(
        tx,
        lines.flatMap(({ variantId, restocked }) =>
          variantId && restocked > 0 ? [{ variantId, quantity: restocked }] : [],
        ),
        {
          cause: "return",
          actor: { id: actor.id, name: actorOf(actor).actorName ?? "" },
          orderId: order.id,
          returnId: id,
        },
      );
      await setRestocked(tx, id, lines);
    }
    await setReturnStatus(tx, id, { status: to, message: input.message || undefined });
    await step(tx, actor, row, to, input.message || null, null, mail);
  });
  return getReturn(db, actor, id);
}

/** A return as the activity log names it. */
const returnSubject = (row: ReturnRow) => ({
  type: "return" as const,
  id: row.ret.id,
  label: activityPage.returnSubject(row.order.number),
});

/** The history row, the activity log's entry and the email of a step. */
async function step(
  tx: Database,
  actor: Actor,
  row: ReturnRow,
  to: Exclude<ReturnStatus, "requested">,
  message: string | null,
  amount: number | null,
  mail: MailContext,
) {
  const items = row.lines.map((line) => ({
    label: lineLabel(line.name, line.options),
    quantity: line.quantity,
  }));
  const [now] = await findOrdersByIds(tx, [row.order.id]);
  await insertOrderEvents(tx, [
    {
      orderId: row.order.id,
      type: "return",
      status: now?.order.status ?? "delivered",
      note: orderHistory.returnNote(
        returnWords.statuses[to].toLowerCase(),
        [items.map((item) => returnWords.line(item.quantity, item.label)).join(", "), message]
          .filter(Boolean)
          .join(" — "),
      ),
      ...(amount !== null ? { amount } : {}),
      ...actorOf(actor),
    },
  ]);
  await recordActivity(
    tx,
    actor,
    `return.${to}` as const,
    returnSubject(row),
    { status: row.ret.status },
    { status: to, ...(message ? { message } : {}), ...(amount !== null ? { amount } : {}) },
  );
  // NOTE: a refunded return was told by its refund's email (refunds/service.ts applyRefund), which
  // says where the money went; a second "refunded" message would tell the shopper twice.
  if (to !== "refunded") await tell(tx, row.order.id, to, { items, message }, mail);
}

/**
 * An admin refunds a received return: its value goes back through the order's payment (the
 * refunds service: the provider, the credit note, the payment's state), then the return is
 * refunded. NOTE: the refund's Idempotency-Key is the return's, so a retry or a second click
 * refunds once. `pending`: the provider pays the refund out later, and the return stays received.
 */
export async function refundReturn(
  db: Database,
  providers: PaymentProviders,
  actor: Actor,
  id: string,
  input: ReturnRefundInput,
  { mail, log }: { mail: MailContext; log: FastifyBaseLogger },
): Promise<{ ret: ReturnDto; pending: boolean }> {
  const ret = await findReturn(db, id);
  if (!ret) throw new AppError("NOT_FOUND", api.returnNotFound);
  if (!RETURN_TRANSITIONS[ret.status].includes("refunded"))
    throw new AppError("CONFLICT", api.returnTransition(ret.status, "refunded"));
  const key = `${RETURN_REFUND_KEY}${ret.id}`;
  const [withLines] = await findReturnsByIds(db, [id]);
  if (!withLines) throw new AppError("NOT_FOUND", api.returnNotFound);
  const lines = withLines.lines.map((line) => ({ line: line.itemId, quantity: line.quantity }));
  try {
    await refundOrder(
      db,
      providers,
      actor,
      ret.orderId,
      {
        // The credit note credits the returned units (they came back to stock when received).
        lines,
        // Each tender back to where it came from: what store credit paid goes back to credit.
        ...(await destinationOfLines(db, ret.orderId, lines, mail.locale)),
        reason:
          input.message || returnWords.refundReason(withLines.order.number, returnWords.reasons[ret.reason]),
        restock: [],
        // A cash on delivery payment goes back by hand: the refunds service asks for its reference (400).
        ...(input.reference ? { reference: input.reference } : {}),
      },
      { idempotencyKey: key, mail, log },
    );
  } catch (error) {
    // NOTE: units of the return credited by another refund in between (staff refunded them from the
    // order): the request names no lines, so the refusal is the return's, not a field's.
    if (
      error instanceof AppError &&
      Object.keys(error.errors ?? {}).some((field) => field.startsWith("lines."))
    )
      throw new AppError("CONFLICT", api.returnUnitsRefunded);
    throw error;
  }
  const refund = await findRefundByKey(db, ret.orderId, key);
  if (!refund) throw new Error("refund vanished");
  // NOTE: a refund the provider has not paid out yet (Razorpay's pending) leaves the return received:
  // refunding it again once the refund completed marks it refunded (the same key finds the same refund).
  if (refund.status !== "completed") return { ret: await getReturn(db, actor, id), pending: true };
  await db.transaction(async (tx) => {
    await lockOrder(tx, ret.orderId);
    const locked = await lockReturn(tx, id);
    // A concurrent request refunded it first.
    if (locked?.status !== "received") return;
    const [row] = await findReturnsByIds(tx, [id]);
    if (!row) throw new Error("return vanished under its lock");
    await setReturnStatus(tx, id, {
      status: "refunded",
      refundId: refund.id,
      message: input.message || undefined,
      amount: refund.amount,
    });
    await step(tx, actor, row, "refunded", input.message || null, refund.amount, mail);
  });
  return { ret: await getReturn(db, actor, id), pending: false };
}
