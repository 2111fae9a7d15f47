/**
 * Refunds (docs/design.md section 8): money goes back through the provider first, then the shop
 * records it in one transaction: the refund on the payment with the provider's id and a credit note
 * number, the chosen units back in stock, a "refunded" history row, the order refunded once all of
 * the payment went back, and the shopper's email in the outbox.
 *
 * NOTE: before the provider is asked, the amount is reserved by a pending refund written under the
 * payment's lock, so that two refunds racing for the same remaining amount cannot both reach the
 * provider: the second sees the reservation and is refused. A provider that refused (or was never
 * reached) drops the reservation, so nothing stays recorded. An unclear failure (a timeout, a
 * connection broken on the way, a 5xx: the provider may have made it) keeps the reservation pending
 * with its request id, answered 202, and the payment sweep asks the provider (sweep.ts): found, it is
 * recorded once; not made, freed. With an Idempotency-Key, the provider's request id follows from the
 * key, and a retry while the refund is pending or once it completed sends nothing: it answers the
 * refund. A reservation left by a process that died before the provider answered is settled the same way.
 *
 * A cash on delivery payment has no provider: the money goes back by hand (a bank transfer, a UPI
 * payment), so its refund names that `reference` and is recorded without asking anyone; everything
 * else (the payment's state, the credit note, stock, the ledger, the email) is as for any refund.
 *
 * A refund may go to the shopper's store credit instead (decision 042): no provider, no reference;
 * reserved and completed in one transaction with its `refund` entry on the credit. Back to the
 * payment, a refund gives no more than the provider took (an order's store credit paid the rest).
 * Or split in one step (`to: "split"`): `toStoreCredit` of it to credit, the rest through the
 * provider; one refund, one credit note of the whole, the credit's entry written when it completes.
 *
 * A provider may accept a refund as pending (Razorpay pays it out later): the reservation then keeps
 * the provider's id and stays pending until the provider says it was processed (its webhook, or the
 * payment sweep asking), when it is recorded as above; a failed one frees the amount.
 */
import { createHash } from "node:crypto";
import { api, storeCreditApi, validation } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { canTransition, isTaken as isTakenStatus } from "@shop/shared/orders";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { RefundInputParsed } from "@shop/shared/schemas/refund";
import { afterCreditCents } from "@shop/shared/tenders";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { Order, Payment } from "#api/db/schema/orders";
import type { Refund, RestockedLine } from "#api/db/schema/refunds";
import { recordActivity } from "#api/modules/activity/record";
import { orderRefundedEmail } from "#api/modules/email/order-messages";
import type { MailContext } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { takeCreditNote } from "#api/modules/invoices/service";
import {
  type Actor,
  actorOf,
  findOrdersByIds,
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
  UnclearAnswer,
} from "#api/payments/provider";
import { byGoods, creditablesOf, creditFor, refundLineRows } from "./credit";
import {
  completePendingRefund,
  dropPendingRefund,
  findOrderItems,
  findPayment,
  findRefund,
  findRefundByKey,
  insertRefund,
  insertRefundLines,
  lockPayment,
  pendingRefundCents,
  pendingToPaymentCents,
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
  /** Pending because the provider's answer was unclear: the payment sweep asks it by the request id. */
  checking: boolean;
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
        ...(input.to === "split" ? { to: input.to, toStoreCredit: toCents(input.toStoreCredit ?? 0) } : {}),
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

/**
 * What the provider is asked for a refund: the same request each time it is sent (the sweep sends it
 * again); its amount less the part given to store credit.
 */
export function refundRequestOf(transactionId: string, refund: Refund): RefundRequest {
  return {
    captureId: transactionId,
    amount: { cents: toCents(refund.amount) - toCents(refund.storeCreditAmount), currency: refund.currency },
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
    const split = input.to === "split";
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
    // less what went back to it already (the refunds not given to credit) and what pending ones ask of it.
    const toPaymentLeft = toCredit
      ? remaining
      : afterCreditCents(payment.amount, order.storeCreditUsed) -
        // Nothing refunded yet: nothing went to credit either (one statement saved).
        (toCents(payment.refundedAmount) > 0
          ? toCents(payment.refundedAmount) - (await refundedToCredit(tx, order))
          : 0) -
        (pending > 0 ? await pendingToPaymentCents(tx, payment.id) : 0);
    const tooMuchForPayment = () => {
      const left = fromCents(Math.max(0, toPaymentLeft));
      const message = storeCreditApi.refundToPaymentTooMuch(
        formatMoney(left, { code: order.currency, locale }),
      );
      return new AppError("CONFLICT", message, { [split ? "toStoreCredit" : "to"]: message });
    };
    // The part that goes to store credit: all of it, the part named (split), or none.
    const creditPart = (total: number) => (toCredit ? total : split ? toCents(input.toStoreCredit ?? 0) : 0);
    if (input.amount !== undefined && toCents(input.amount) > remaining) throw tooMuch();
    if (
      input.amount !== undefined &&
      toCents(input.amount) - creditPart(toCents(input.amount)) > toPaymentLeft
    )
      throw tooMuchForPayment();
    const restockLines = await restockLinesOf(tx, order.id, input.restock, input.lines);
    const credit = creditFor(await creditablesOf(tx, order), input, { currency: order.currency, locale });
    const toStoreCredit = creditPart(credit.total);
    // A split gives something to each: a part of nothing, or of all, is not a split.
    if (split && toStoreCredit >= credit.total)
      throw new AppError("BAD_REQUEST", validation.refundSplitPart, {
        toStoreCredit: validation.refundSplitPart,
      });
    if (credit.total > remaining) throw tooMuch();
    if (credit.total - toStoreCredit > toPaymentLeft) throw tooMuchForPayment();
    const refund = await insertRefund(tx, {
      paymentId: payment.id,
      orderId: order.id,
      status: "pending",
      amount: fromCents(credit.total),
      storeCreditAmount: fromCents(toStoreCredit),
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
 * The start of the Idempotency-Key of a return's refund (`return:<id>`, modules/fulfilment/returns.ts):
 * its email is the return's refunded step, the one the shopper gets.
 */
export const RETURN_REFUND_KEY = "return:";

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
  await queueMessages(db, mail, [
    orderRefundedEmail(
      row.user,
      row.order,
      {
        id: refund.id,
        amount: refund.amount,
        storeCreditAmount: refund.storeCreditAmount,
        ofReturn: refund.idempotencyKey?.startsWith(RETURN_REFUND_KEY) ?? false,
      },
      mail,
    ),
  ]);
  return { status, refunded: payment.refundedAmount };
}

/** What the provider said of a refund: made, accepted to pay out later, or unclear (the sweep asks it). */
type Asked =
  | { outcome: "refunded" | "pending"; refund: ProviderRefund }
  | { outcome: "unclear"; refund?: undefined };

/**
 * Asks the payment's provider for the refund; a refusal or a failure that never reached it drops the
 * reservation and answers 502/503 (409 when the shop no longer has that provider). An unclear failure
 * (UnclearAnswer: the provider may have made it) keeps the reservation pending for the sweep.
 */
async function askProvider(
  db: Database,
  providers: PaymentProviders,
  payment: Pick<Payment, "transactionId" | "currency" | "paymentGateway">,
  refund: Refund,
  log: FastifyBaseLogger,
): Promise<Asked> {
  const provider = refunderOf(providers, payment.paymentGateway);
  if (!provider) {
    await dropPendingRefund(db, refund.id);
    throw new AppError("CONFLICT", api.refundProviderMissing);
  }
  let result: RefundResult;
  try {
    result = await provider.refund(refundRequestOf(payment.transactionId, refund));
  } catch (error) {
    if (error instanceof UnclearAnswer) {
      log.warn(
        { refund: refund.id, order: refund.orderId, requestId: providerRequestId(refund) },
        "the provider's answer to a refund was unclear; it stays reserved until the payment sweep asks",
      );
      return { outcome: "unclear" };
    }
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
  return result;
}

/**
 * Completes a reserved refund the provider confirmed, in one transaction holding the order's and the
 * payment's rows: the provider's id, the credit note number, the money on the payment, stock, history
 * and email (applyRefund), the `refund` entry of its store credit part on the shopper's credit
 * (decision 042), and the staff's activity entry when staff are acting now. Answers false when it
 * was not pending any more (another request, a webhook or the sweep completed it first).
 */
export async function completeRefund(
  db: Database,
  pending: Refund,
  providerRefundId: string,
  actor: Actor | null,
  mail: MailContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, pending.orderId);
    if (!locked) throw new Error("order vanished");
    await lockPayment(tx, pending.paymentId);
    const now = new Date();
    const completed = await completePendingRefund(tx, pending.id, {
      providerRefundId,
      ...(await takeCreditNote(tx, now)),
      refundedAt: now,
    });
    if (!completed) return false;
    const toCredit = toCents(completed.storeCreditAmount);
    if (toCredit > 0)
      await creditRefund(tx, {
        id: completed.id,
        orderId: locked.id,
        userId: locked.userId,
        amount: completed.storeCreditAmount,
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
            ...(toCredit === toCents(completed.amount)
              ? { to: "store_credit" }
              : toCredit > 0
                ? { to: "split", toStoreCredit: completed.storeCreditAmount }
                : {}),
          },
        },
      );
    }
    return true;
  });
}

/**
 * Keeps a refund pending with the staff's activity entry (the money moves when the provider pays it
 * out, or the sweep finds it made: the refund completes then, without an actor of its own): with the
 * provider's id when it accepted it as pending; without, when its answer was unclear.
 */
async function keepPendingRefund(
  db: Database,
  pending: Refund,
  providerRefundId: string | undefined,
  actor: Actor,
) {
  await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, pending.orderId);
    if (!locked) throw new Error("order vanished");
    const kept = providerRefundId
      ? await setPendingProviderRefundId(tx, pending.id, providerRefundId)
      : await findRefund(tx, pending.id);
    if (kept?.status !== "pending") return;
    await recordActivity(
      tx,
      actor,
      "order.refunded",
      orderSubject(locked),
      { status: locked.status },
      {
        status: locked.status,
        refund: {
          amount: kept.amount,
          reason: kept.reason,
          reference: kept.reference,
          pending: true,
          ...(providerRefundId ? {} : { checking: true }),
        },
      },
    );
  });
}

/**
 * Refunds part or all of an order's payment through the provider, to store credit, or split between
 * them (admin): `amount` must not pass what remains (409), the order must be paid (409), and a
 * provider refusal records nothing (502). An unclear provider answer leaves it pending for the sweep
 * (`checking`); a retry under the same key sends nothing and answers the refund made.
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
  if (refund && refund.idempotencyFingerprint !== fingerprint)
    throw new AppError("UNPROCESSABLE", api.refundKeyReused);
  if (refund) return answerMade(db, actor, refund);
  try {
    refund = await reserveRefund(db, actor, orderId, input, key, mail.locale);
  } catch (error) {
    // NOTE: two retries with one key racing: the unique (order, key) decides, the loser answers the winner's.
    if (!key || !isPgError(error, UNIQUE_VIOLATION)) throw error;
    const made = await findRefundByKey(db, orderId, key.idempotencyKey);
    if (!made) throw error;
    return answerMade(db, actor, made);
  }

  const payment = await findPayment(db, refund.paymentId);
  if (!payment) throw new Error("refund without its payment");
  // NOTE: a manual refund's id is the shop's own: the reference is what names the money's way back.
  const given: Asked | { outcome: "refunded"; refund: { id: string } } =
    payment.paymentGateway === "cod"
      ? { outcome: "refunded", refund: { id: `manual-${refund.id}` } }
      : await askProvider(db, providers, payment, refund, log);
  if (given.outcome === "unclear" || given.outcome === "pending") {
    await keepPendingRefund(db, refund, given.refund?.id, actor);
    const checking = given.outcome === "unclear";
    return { order: await getOrder(db, actor, orderId), created: true, pending: true, checking };
  }
  // False: the sweep completed it first (its answer came late).
  const created = await completeRefund(db, refund, given.refund.id, actor, mail);
  return { order: await getOrder(db, actor, orderId), created, pending: false, checking: false };
}

/**
 * The answer to a retry of a refund made under the same key: nothing is sent again, whether it
 * completed or is still pending (on its way, accepted by the provider, or left for the sweep to ask).
 */
export async function answerMade(db: Database, actor: Actor, made: Refund): Promise<RefundOutcome> {
  const pending = made.status === "pending";
  return {
    order: await getOrder(db, actor, made.orderId),
    created: false,
    pending,
    checking: pending && !made.providerRefundId,
  };
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
  if (made) return answerMade(db, actor, made);
  try {
    await db.transaction(async (tx) => {
      const refund = await reserveRefund(tx, actor, orderId, input, key, mail.locale);
      if (!(await completeRefund(tx, refund, creditRefundId(refund.id), actor, mail)))
        throw new Error("a refund reserved in this transaction was completed by another");
    });
  } catch (error) {
    // NOTE: two retries with one key racing: the unique (order, key) decides, the loser answers the winner's.
    if (!key || !isPgError(error, UNIQUE_VIOLATION)) throw error;
    if (!(await findRefundByKey(db, orderId, key.idempotencyKey))) throw error;
    return { order: await getOrder(db, actor, orderId), created: false, pending: false, checking: false };
  }
  return { order: await getOrder(db, actor, orderId), created: true, pending: false, checking: false };
}
