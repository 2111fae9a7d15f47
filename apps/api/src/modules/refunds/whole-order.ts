/**
 * The "refunded" status set by hand (PATCH /orders/{orderId}/update): all the money that remains goes
 * back, each tender to where it came from, in one step (decision 042, amended): what the provider
 * took and has not given back goes back through the provider, what the order's store credit paid
 * goes back to the credit; one refund, one credit note of the whole.
 */
import { creditByLines, totalOf } from "@shop/shared/credit-note";
import { api, refunds as words } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { canTransition } from "@shop/shared/orders";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { RefundInputParsed } from "@shop/shared/schemas/refund";
import { afterCreditCents } from "@shop/shared/tenders";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order, Payment } from "#api/db/schema/orders";
import { type Actor, findShippableLines, lockOrder } from "#api/modules/orders/service";
import { refundedToCredit } from "#api/modules/store-credit/service";
import type { PaymentProviders } from "#api/payments/provider";
import { creditablesOf, creditFor } from "./credit";
import {
  findOrderItems,
  findRefundByKey,
  lockPayment,
  pendingRefundCents,
  pendingToPaymentCents,
  restockedUnits,
} from "./repo";
import { answerMade, isTaken, type RefundOptions, type RefundOutcome, refundOrder } from "./service";

/**
 * Where what remains of an order's payment goes back, in cents: to the payment, no more than its
 * provider took less what went back to it and what pending refunds ask of it; the rest to store credit
 * (what the order's credit paid, less what went back to it).
 */
function tendersOf(remaining: number, paymentLeft: number, allCredit: boolean) {
  const toPayment = allCredit ? 0 : Math.min(remaining, Math.max(0, paymentLeft));
  return { toPayment, toStoreCredit: remaining - toPayment };
}

/**
 * What may still go back through the order's payment, in cents: what its provider took (the order's
 * total less its store credit) less what went back to it (the refunds not given to credit) and what
 * pending refunds ask of it. In the caller's transaction, which holds the order's and payment's rows.
 */
async function paymentLeftCents(tx: Database, order: Order, payment: Payment, pending: number) {
  const refunded = toCents(payment.refundedAmount);
  return (
    afterCreditCents(payment.amount, order.storeCreditUsed) -
    // Nothing refunded yet: nothing went to credit either (one statement saved).
    (refunded > 0 ? refunded - (await refundedToCredit(tx, order)) : 0) -
    (pending > 0 ? await pendingToPaymentCents(tx, payment.id) : 0)
  );
}

/** How a refund's tenders are named to refundOrder: all to the payment (nothing named), all to credit, or split. */
function destinationOf({
  toPayment,
  toStoreCredit,
}: ReturnType<typeof tendersOf>): Pick<RefundInputParsed, "to" | "toStoreCredit"> {
  if (toPayment === 0 && toStoreCredit > 0) return { to: "store_credit" };
  return toStoreCredit > 0 ? { to: "split", toStoreCredit: fromCents(toStoreCredit) } : {};
}

/**
 * Where a refund of these units of the order goes, each tender back to where it came from (a return's
 * refund, fulfilment/returns.ts): through the payment what its provider can still take, the rest to
 * store credit. Nothing named (all to the payment) for an order without credit, or one the refunds
 * service will refuse anyway (unpaid, missing: it says why).
 */
export async function destinationOfLines(
  db: Database,
  orderId: string,
  lines: readonly { line: string; quantity: number }[],
  locale: string,
): Promise<Pick<RefundInputParsed, "to" | "toStoreCredit">> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || toCents(order.storeCreditUsed) <= 0) return {};
    const payment = order.paymentId ? await lockPayment(tx, order.paymentId) : undefined;
    if (!isTaken(payment)) return {};
    const pending = await pendingRefundCents(tx, payment.id);
    const credit = creditFor(
      await creditablesOf(tx, order),
      { lines: [...lines], reason: "", restock: [], to: "payment" },
      { currency: order.currency, locale },
    );
    const paymentLeft = await paymentLeftCents(tx, order, payment, pending);
    return destinationOf(tendersOf(credit.total, paymentLeft, payment.paymentGateway === "store_credit"));
  });
}

/**
 * Refunds what remains of the order's payment, each tender back to where it came from, with the units
 * back in stock when the goods never left (processing). Admin only, as every refund; the transition
 * table still decides (409). A cash on delivery payment goes back by hand: `reference` names how (400
 * without it). With an Idempotency-Key, a retry answers the refund made under it and sends nothing.
 */
export async function refundWholeOrder(
  db: Database,
  providers: PaymentProviders,
  actor: Actor,
  orderId: string,
  options: RefundOptions & { reference?: string | undefined },
): Promise<RefundOutcome> {
  if (actor.role !== "admin") throw new AppError("FORBIDDEN", api.refundAdminOnly);
  const made = options.idempotencyKey
    ? await findRefundByKey(db, orderId, options.idempotencyKey)
    : undefined;
  if (made) {
    // NOTE: the key named a refund of another kind (the refund dialog's): not this whole refund.
    if (made.reason !== words.wholeOrderReason) throw new AppError("UNPROCESSABLE", api.refundKeyReused);
    return answerMade(db, actor, made);
  }
  const plan = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
    if (!canTransition(order.status, "refunded")) {
      const message = api.transitionRefused(order.status, "refunded");
      throw new AppError("CONFLICT", message, { status: message });
    }
    const payment = order.paymentId ? await lockPayment(tx, order.paymentId) : undefined;
    if (!isTaken(payment)) throw new AppError("CONFLICT", api.refundUnpaid);
    const pending = await pendingRefundCents(tx, payment.id);
    const remaining = toCents(payment.amount) - toCents(payment.refundedAmount) - pending;
    const paymentLeft = await paymentLeftCents(tx, order, payment, pending);
    const tenders = tendersOf(remaining, paymentLeft, payment.paymentGateway === "store_credit");
    const left = await creditablesOf(tx, order);
    const held = (kind: "shipping" | "cod_fee") =>
      left.some((line) => line.kind === kind && totalOf(line) > 0);
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
    return { remaining, tenders, lines, credit, currency: order.currency };
  });
  if (plan.remaining <= 0)
    throw new AppError(
      "CONFLICT",
      api.refundTooMuch(formatMoney(0, { code: plan.currency, locale: options.mail.locale })),
    );
  // Each tender back to where it came from: all to one, or split between the two.
  const to = destinationOf(plan.tenders);
  return refundOrder(
    db,
    providers,
    actor,
    orderId,
    {
      ...plan.credit,
      reason: words.wholeOrderReason,
      restock: plan.lines,
      reference: options.reference,
      ...to,
    },
    options,
  );
}
