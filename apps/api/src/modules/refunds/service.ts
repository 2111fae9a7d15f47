/**
 * Refunds (docs/design.md section 8): money goes back through the provider first, then the shop
 * records it in one transaction: the refund on the payment with the provider's id and a credit note
 * number, the chosen units back in stock, a "refunded" history row, the order refunded once all of
 * the payment went back, and the shopper's email in the outbox.
 *
 * NOTE: before the provider is asked, the amount is reserved by a pending refund written under the
 * payment's lock, so that two refunds racing for the same remaining amount cannot both reach the
 * provider: the second sees the reservation and is refused. A refused (or unreachable) provider drops
 * the reservation, so nothing stays recorded. With an Idempotency-Key, the provider's request id
 * follows from the key: a retry, even after a timeout, never refunds twice. A reservation left by a
 * process that died before the provider answered is settled by the payment sweep (sweep.ts).
 *
 * A cash on delivery payment has no provider: the money goes back by hand (a bank transfer, a UPI
 * payment), so its refund names that `reference` and is recorded without asking anyone; everything
 * else (the payment's state, the credit note, stock, the ledger, the email) is as for any refund.
 *
 * A refund may go to the shopper's store credit instead (decision 042): no provider, no reference;
 * reserved and completed in one transaction with its `refund` entry on the credit. Back to the
 * payment, a refund gives no more than the provider took (an order's store credit paid the rest).
 *
 * A provider may accept a refund as pending (Razorpay pays it out later): the reservation then keeps
 * the provider's id and stays pending until the provider says it was processed (its webhook, or the
 * payment sweep asking), when it is recorded as above; a failed one frees the amount.
 */
import { createHash } from "node:crypto";
import { creditByLines } from "@shop/shared/credit-note";
import { api, storeCreditApi, refunds as words } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { canTransition, isTaken as isTakenStatus } from "@shop/shared/orders";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { RefundInputParsed } from "@shop/shared/schemas/refund";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { Order, Payment } from "#api/db/schema/orders";
import type { Refund, RestockedLine } from "#api/db/schema/refunds";
import { recordActivity } from "#api/modules/activity/record";
import { orderRefundedEmail } from "#api/modules/email/order-messages";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import { takeCreditNoteNumber } from "#api/modules/invoices/service";
import {
  type Actor,
  actorOf,
  findOrdersByIds,
  findShippableLines,
  getOrder,
  insertOrderEvents,
  lockOrder,
  orderSubject,
  setOrderStatus,
} from "#api/modules/orders/service";
import { creditRefund, refundedToCredit } from "#api/modules/store-credit/service";
import {
  type PaymentProviders,
  type ProviderRefund,
  type RefundRequest,
  type RefundResult,
  refunderOf,
} from "#api/payments/provider";
import { byGoods, creditablesOf, creditFor, refundLineRows } from "./credit";
import {
  completePendingRefund,
  dropPendingRefund,
  findOrderItems,
  findPayment,
  findRefundByKey,
  insertRefund,
  insertRefundLines,
  lockPayment,
  pendingRefundCents,
  raiseRefundedAmount,
  restock,
  restockedUnits,
  setPendingProviderRefundId,
} from "./repo";

/**
 * What returns (the fulfilment module) use of refunds in a return's transaction: units put back in
 * stock, variant by variant (restock), the units already back (restockedUnits: a unit goes back
 * once), and the refund made under a return's Idempotency-Key (findRefundByKey); and what documents
 * read of a refund for its credit note (findRefund, findRefundLines).
 */
export { findRefund, findRefundByKey, findRefundLines, restock, restockedUnits } from "./repo";

export interface RefundOptions {
  /** A retried request with the same key and body answers the first refund; another body is refused (422). */
  idempotencyKey?: string | undefined;
  mail: MailContext;
  log: FastifyBaseLogger;
}

export interface RefundOutcome {
  order: OrderDto;
  /** False when the key named a refund already made: nothing new happened. */
  created: boolean;
  /** The provider accepted it but has not paid it out yet: it is recorded when the provider says so. */
  pending: boolean;
}

/** Units by line, the same however the request ordered or split them. */
function unitsByLine(lines: readonly { line: string; quantity: number }[]) {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.line, (units.get(line.line) ?? 0) + line.quantity);
  return [...units.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What a refund request asked for, the same however its lines were ordered or split. */
function fingerprintOf(input: RefundInputParsed): string {
  return createHash("sha256")
    .update(
      JSON.stringify({
        // Only what was given: the requests of refunds made before lines and references existed keep their fingerprint.
        ...(input.amount !== undefined ? { cents: toCents(input.amount) } : {}),
        reason: input.reason,
        ...(input.reference ? { reference: input.reference } : {}),
        ...(input.to === "store_credit" ? { to: input.to } : {}),
        restock: typeof input.restock === "boolean" ? input.restock : unitsByLine(input.restock),
        ...(byGoods(input)
          ? {
              lines: unitsByLine(input.lines ?? []),
              shipping: input.shipping === true,
              codFee: input.codFee === true,
            }
          : {}),
      }),
    )
    .digest("hex");
}

/** The provider's request id: from the key when there is one (a retry is the same refund), else the refund's id. */
export function providerRequestId(refund: Pick<Refund, "id" | "orderId" | "idempotencyKey">): string {
  if (!refund.idempotencyKey) return `shop-refund-${refund.id}`;
  const digest = createHash("sha256").update(`${refund.orderId}\n${refund.idempotencyKey}`).digest("hex");
  return `shop-refund-${digest.slice(0, 40)}`;
}

/** What the provider is asked for a refund: the same request each time it is sent (the sweep sends it again). */
export function refundRequestOf(transactionId: string, refund: Refund): RefundRequest {
  return {
    captureId: transactionId,
    amount: { cents: toCents(refund.amount), currency: refund.currency },
    requestId: providerRequestId(refund),
    note: refund.reason,
  };
}

/** Whether the shop took the payment's money (some or all of it may have gone back since). */
export function isTaken(payment: Pick<Payment, "status"> | undefined): payment is Payment {
  return payment !== undefined && isTakenStatus(payment.status);
}

/** The order's payment, locked; 409 when the order was never paid. */
async function lockedPaymentOf(db: Database, order: Order): Promise<Payment> {
  const payment = order.paymentId ? await lockPayment(db, order.paymentId) : undefined;
  if (!isTaken(payment)) throw new AppError("CONFLICT", api.refundUnpaid);
  return payment;
}

/** The restock lines checked against the order: lines of this order, no more units than bought and not yet returned. */
async function restockLinesOf(
  db: Database,
  orderId: string,
  input: RefundInputParsed["restock"],
  credited: RefundInputParsed["lines"],
): Promise<RestockedLine[]> {
  if (typeof input === "boolean") return input ? restockLinesOf(db, orderId, credited ?? [], []) : [];
  const items = new Map((await findOrderItems(db, orderId)).map((item) => [item.id, item]));
  const returned = await restockedUnits(db, orderId);
  const wanted = new Map<string, { quantity: number; index: number }>();
  const fieldErrors: Record<string, string> = {};
  input.forEach((line, index) => {
    if (!items.has(line.line)) fieldErrors[`restock.${index}.line`] = api.refundLineUnknown;
    const entry = wanted.get(line.line);
    wanted.set(line.line, { quantity: (entry?.quantity ?? 0) + line.quantity, index });
  });
  const lines: RestockedLine[] = [];
  for (const [itemId, { quantity, index }] of wanted) {
    const item = items.get(itemId);
    if (!item) continue;
    const available = item.quantity - (returned.get(itemId) ?? 0);
    if (quantity > available) fieldErrors[`restock.${index}.quantity`] = api.refundRestockTooMany(available);
    else lines.push({ itemId, variantId: item.variantId, quantity });
  }
  const [first] = Object.values(fieldErrors);
  if (first) throw new AppError("BAD_REQUEST", first, fieldErrors);
  return lines;
}

/**
 * Reserves the amount on the order's payment by writing the pending refund, under the order's and
 * the payment's locks: 404 for a missing order, 409 when unpaid or asking more than remains.
 */
async function reserveRefund(
  db: Database,
  actor: Actor,
  orderId: string,
  input: RefundInputParsed,
  key: { idempotencyKey: string; fingerprint: string } | undefined,
  locale: string,
): Promise<Refund> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
    const payment = await lockedPaymentOf(tx, order);
    const toCredit = input.to === "store_credit";
    // Store credit needs no way back named: the money stays with the shop, owed to the shopper.
    if (payment.paymentGateway === "cod" && !toCredit && !input.reference)
      throw new AppError("BAD_REQUEST", api.refundReferenceRequired, {
        reference: api.refundReferenceRequired,
      });
    const pending = await pendingRefundCents(tx, payment.id);
    const remaining = toCents(payment.amount) - toCents(payment.refundedAmount) - pending;
    const tooMuch = () => {
      const left = fromCents(Math.max(0, remaining));
      const message = api.refundTooMuch(formatMoney(left, { code: order.currency, locale }));
      return new AppError("CONFLICT", message, { amount: message });
    };
    // Back to the payment: no more than its provider took (the order's store credit paid the rest)
    // less what went back to it already (the refunds not given to credit). Pending ones are never credit's.
    const toPaymentLeft = toCredit
      ? remaining
      : toCents(payment.amount) -
        toCents(order.storeCreditUsed) -
        // Nothing refunded yet: nothing went to credit either (one statement saved).
        (toCents(payment.refundedAmount) > 0
          ? toCents(payment.refundedAmount) - (await refundedToCredit(tx, order))
          : 0) -
        pending;
    const tooMuchForPayment = () => {
      const left = fromCents(Math.max(0, toPaymentLeft));
      const message = storeCreditApi.refundToPaymentTooMuch(
        formatMoney(left, { code: order.currency, locale }),
      );
      return new AppError("CONFLICT", message, { to: message });
    };
    if (input.amount !== undefined && toCents(input.amount) > remaining) throw tooMuch();
    if (input.amount !== undefined && toCents(input.amount) > toPaymentLeft) throw tooMuchForPayment();
    const restockLines = await restockLinesOf(tx, order.id, input.restock, input.lines);
    const credit = creditFor(await creditablesOf(tx, order), input, { currency: order.currency, locale });
    if (credit.total > remaining) throw tooMuch();
    if (credit.total > toPaymentLeft) throw tooMuchForPayment();
    const refund = await insertRefund(tx, {
      paymentId: payment.id,
      orderId: order.id,
      status: "pending",
      amount: fromCents(credit.total),
      currency: payment.currency,
      reason: input.reason,
      reference: input.reference ?? null,
      restock: restockLines,
      ...actorOf(actor),
      idempotencyKey: key?.idempotencyKey ?? null,
      idempotencyFingerprint: key?.fingerprint ?? null,
    });
    await insertRefundLines(tx, refundLineRows(refund.id, credit.lines));
    return refund;
  });
}

/**
 * Records a refund the provider confirmed, in the caller's transaction that holds the order's and
 * the payment's rows: the payment's refunded amount (never past what was paid), the units back in
 * stock, the history row, the order refunded when all of the payment went back (where its status
 * allows), and the email to the shopper. Answers the order's status and the payment's refunded amount after it.
 */
export async function applyRefund(db: Database, order: Order, refund: Refund, mail: MailContext) {
  const payment = await raiseRefundedAmount(db, refund.paymentId, refund.amount);
  if (!payment) throw new Error(`refund ${refund.id} passes what its payment took`);
  await restock(db, refund.restock, {
    cause: "refund",
    actor: refund.actorId ? { id: refund.actorId, name: refund.actorName ?? "" } : null,
    orderId: order.id,
  });
  const whole = toCents(payment.refundedAmount) >= toCents(payment.amount);
  const status = whole && canTransition(order.status, "refunded") ? "refunded" : order.status;
  if (status !== order.status) await setOrderStatus(db, order.id, status);
  await insertOrderEvents(db, [
    {
      orderId: order.id,
      type: "refunded",
      status,
      amount: refund.amount,
      note: refund.reason,
      actorId: refund.actorId,
      actorName: refund.actorName,
      actorRole: refund.actorRole,
    },
  ]);
  const [row] = await findOrdersByIds(db, [order.id]);
  if (!row) throw new Error("order vanished under its lock");
  await queueEmails(db, mail.shop, [orderRefundedEmail(row.user, row.order, refund.amount, mail)]);
  return { status, refunded: payment.refundedAmount };
}

/**
 * Asks the payment's provider for the refund; a refusal or a failure drops the reservation and
 * answers 502/503 (409 when the shop no longer has that provider). A pending refund comes back pending.
 */
async function askProvider(
  db: Database,
  providers: PaymentProviders,
  payment: Pick<Payment, "transactionId" | "currency" | "paymentGateway">,
  refund: Refund,
  log: FastifyBaseLogger,
): Promise<{ refund: ProviderRefund; pending: boolean }> {
  const provider = refunderOf(providers, payment.paymentGateway);
  if (!provider) {
    await dropPendingRefund(db, refund.id);
    throw new AppError("CONFLICT", api.refundProviderMissing);
  }
  let result: RefundResult;
  try {
    result = await provider.refund(refundRequestOf(payment.transactionId, refund));
  } catch (error) {
    await dropPendingRefund(db, refund.id);
    throw error;
  }
  if (result.outcome === "refused") {
    await dropPendingRefund(db, refund.id);
    log.warn(
      { refund: refund.id, order: refund.orderId, issue: result.issue },
      "refund refused by the provider",
    );
    throw new AppError("BAD_GATEWAY", api.refundRefused(result.issue));
  }
  return { refund: result.refund, pending: result.outcome === "pending" };
}

/**
 * Completes a reserved refund the provider confirmed, in one transaction holding the order's and the
 * payment's rows: the provider's id, the credit note number, the money on the payment, stock, history
 * and email (applyRefund), and the staff's activity entry when staff are acting now. Answers false
 * when it was not pending any more (another request or a webhook completed it first).
 */
export async function completeRefund(
  db: Database,
  pending: Refund,
  providerRefundId: string,
  actor: Actor | null,
  mail: MailContext,
  /** The money goes to the shopper's store credit (decision 042), in the same transaction. */
  toCredit = false,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, pending.orderId);
    if (!locked) throw new Error("order vanished");
    await lockPayment(tx, pending.paymentId);
    const now = new Date();
    const completed = await completePendingRefund(tx, pending.id, {
      providerRefundId,
      creditNoteNumber: await takeCreditNoteNumber(tx, now),
      refundedAt: now,
    });
    if (!completed) return false;
    if (toCredit)
      await creditRefund(tx, {
        id: completed.id,
        orderId: locked.id,
        userId: locked.userId,
        amount: completed.amount,
        reason: completed.reason,
      });
    const applied = await applyRefund(tx, locked, completed, mail);
    if (actor) {
      const refundedBefore = fromCents(toCents(applied.refunded) - toCents(completed.amount));
      await recordActivity(
        tx,
        actor,
        "order.refunded",
        orderSubject(locked),
        { status: locked.status, refunded: refundedBefore },
        {
          status: applied.status,
          refunded: applied.refunded,
          refund: {
            amount: completed.amount,
            reason: completed.reason,
            reference: completed.reference,
            ...(toCredit ? { to: "store_credit" } : {}),
          },
        },
      );
    }
    return true;
  });
}

/**
 * Keeps the provider's id on a refund it accepted as pending, with the staff's activity entry (the
 * money moves when the provider pays it out: the refund completes then, without an actor of its own).
 */
async function keepPendingRefund(db: Database, pending: Refund, providerRefundId: string, actor: Actor) {
  // A retry with the same key found the refund kept already: the entry was written then.
  if (pending.providerRefundId === providerRefundId) return;
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, pending.orderId);
    if (!locked) throw new Error("order vanished");
    const kept = await setPendingProviderRefundId(tx, pending.id, providerRefundId);
    if (!kept) return;
    await recordActivity(
      tx,
      actor,
      "order.refunded",
      orderSubject(locked),
      { status: locked.status },
      {
        status: locked.status,
        refund: { amount: kept.amount, reason: kept.reason, reference: kept.reference, pending: true },
      },
    );
  });
}

/**
 * Refunds part or all of an order's payment through the provider (admin): `amount` must not pass
 * what remains (409), the order must be paid (409), and a provider refusal records nothing (502).
 */
export async function refundOrder(
  db: Database,
  providers: PaymentProviders,
  actor: Actor,
  orderId: string,
  input: RefundInputParsed,
  { idempotencyKey, mail, log }: RefundOptions,
): Promise<RefundOutcome> {
  const fingerprint = fingerprintOf(input);
  const key = idempotencyKey ? { idempotencyKey, fingerprint } : undefined;
  if (input.to === "store_credit") return refundToCredit(db, actor, orderId, input, key, mail);
  let refund = key ? await findRefundByKey(db, orderId, key.idempotencyKey) : undefined;
  if (!refund) {
    try {
      refund = await reserveRefund(db, actor, orderId, input, key, mail.locale);
    } catch (error) {
      // NOTE: two retries with one key racing: the unique (order, key) decides, the loser follows the winner.
      if (!key || !isPgError(error, UNIQUE_VIOLATION)) throw error;
      refund = await findRefundByKey(db, orderId, key.idempotencyKey);
      if (!refund) throw error;
    }
  } else if (refund.idempotencyFingerprint !== fingerprint) {
    throw new AppError("UNPROCESSABLE", api.refundKeyReused);
  }
  if (refund.status === "completed")
    return { order: await getOrder(db, actor, orderId), created: false, pending: false };

  const payment = await findPayment(db, refund.paymentId);
  if (!payment) throw new Error("refund without its payment");
  // NOTE: a manual refund's id is the shop's own: the reference is what names the money's way back.
  const given =
    payment.paymentGateway === "cod"
      ? { refund: { id: `manual-${refund.id}` }, pending: false }
      : await askProvider(db, providers, payment, refund, log);
  if (given.pending) {
    await keepPendingRefund(db, refund, given.refund.id, actor);
    return { order: await getOrder(db, actor, orderId), created: true, pending: true };
  }
  // False: another request with the same key completed it first.
  const created = await completeRefund(db, refund, given.refund.id, actor, mail);
  return { order: await getOrder(db, actor, orderId), created, pending: false };
}

/** The transaction id a refund given to store credit keeps as its "provider's" id: the shop's own. */
export const creditRefundId = (refundId: string) => `credit-${refundId}`;

/**
 * A refund to the shopper's store credit: no provider is asked, so the reservation and its
 * completion (credit note, stock, history, email, the `refund` entry on the credit, the activity
 * entry) are one transaction; a process that dies leaves nothing pending for the sweep to send to a
 * provider. A retry with the same key answers the refund made.
 */
async function refundToCredit(
  db: Database,
  actor: Actor,
  orderId: string,
  input: RefundInputParsed,
  key: { idempotencyKey: string; fingerprint: string } | undefined,
  mail: MailContext,
): Promise<RefundOutcome> {
  const made = key ? await findRefundByKey(db, orderId, key.idempotencyKey) : undefined;
  if (made && made.idempotencyFingerprint !== key?.fingerprint)
    throw new AppError("UNPROCESSABLE", api.refundKeyReused);
  if (made) return { order: await getOrder(db, actor, orderId), created: false, pending: false };
  try {
    await db.transaction(async (tx) => {
      const refund = await reserveRefund(tx, actor, orderId, input, key, mail.locale);
      if (!(await completeRefund(tx, refund, creditRefundId(refund.id), actor, mail, true)))
        throw new Error("a refund reserved in this transaction was completed by another");
    });
  } catch (error) {
    // NOTE: two retries with one key racing: the unique (order, key) decides, the loser answers the winner's.
    if (!key || !isPgError(error, UNIQUE_VIOLATION)) throw error;
    if (!(await findRefundByKey(db, orderId, key.idempotencyKey))) throw error;
    return { order: await getOrder(db, actor, orderId), created: false, pending: false };
  }
  return { order: await getOrder(db, actor, orderId), created: true, pending: false };
}

/**
 * The "refunded" status set by hand means all the money goes back: the rest of the payment is
 * refunded through the provider, with the units back in stock when the goods never left
 * (processing). Admin only, as every refund; the transition table still decides (409). A cash on
 * delivery payment goes back by hand: `reference` names how (400 without it).
 */
export async function refundWholeOrder(
  db: Database,
  providers: PaymentProviders,
  actor: Actor,
  orderId: string,
  options: Omit<RefundOptions, "idempotencyKey"> & { reference?: string | undefined },
): Promise<OrderDto> {
  if (actor.role !== "admin") throw new AppError("FORBIDDEN", api.refundAdminOnly);
  const plan = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
    if (!canTransition(order.status, "refunded")) {
      const message = api.transitionRefused(order.status, "refunded");
      throw new AppError("CONFLICT", message, { status: message });
    }
    const payment = await lockedPaymentOf(tx, order);
    const remaining =
      toCents(payment.amount) - toCents(payment.refundedAmount) - (await pendingRefundCents(tx, payment.id));
    const left = await creditablesOf(tx, order);
    const held = (kind: "shipping" | "cod_fee") =>
      left.some((line) => line.kind === kind && line.taxableValue + line.cgst + line.sgst + line.igst > 0);
    const goods = left.filter((line) => line.kind === "goods" && line.itemId && line.quantity > 0);
    const whole = creditByLines(left, {
      lines: goods.map((line) => ({ itemId: line.itemId ?? "", quantity: line.quantity })),
      shipping: held("shipping"),
      codFee: held("cod_fee"),
    });
    // Everything the invoice still holds, by the goods; by the amount when a goodwill refund left
    // value without units (the two then differ).
    const credit =
      whole.ok && whole.total === remaining
        ? {
            lines: goods.map((line) => ({ line: line.itemId ?? "", quantity: line.quantity })),
            shipping: held("shipping"),
            codFee: held("cod_fee"),
          }
        : { amount: fromCents(remaining) };
    const returned = await restockedUnits(tx, order.id);
    // NOTE: units of a processing order already in a parcel have left: they do not go back to stock.
    const shipped = new Map(
      (await findShippableLines(tx, order.id)).map((line) => [line.id, line.shipped] as const),
    );
    const lines =
      order.status === "processing"
        ? (await findOrderItems(tx, order.id))
            .map((item) => ({
              line: item.id,
              quantity: item.quantity - (returned.get(item.id) ?? 0) - (shipped.get(item.id) ?? 0),
            }))
            .filter((line) => line.quantity > 0)
        : [];
    // An order paid all from store credit has no provider to give back through: its credit.
    const to = payment.paymentGateway === "store_credit" ? ("store_credit" as const) : undefined;
    return { remaining, lines, credit, currency: order.currency, to };
  });
  if (plan.remaining <= 0)
    throw new AppError(
      "CONFLICT",
      api.refundTooMuch(formatMoney(0, { code: plan.currency, locale: options.mail.locale })),
    );
  const { order } = await refundOrder(
    db,
    providers,
    actor,
    orderId,
    {
      ...plan.credit,
      reason: words.wholeOrderReason,
      restock: plan.lines,
      reference: options.reference,
      ...(plan.to ? { to: plan.to } : {}),
    },
    options,
  );
  return order;
}
