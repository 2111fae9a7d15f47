/**
 * Paying with store credit (decision 042). Credit is a means of payment, not a discount: the order's
 * total and invoice stay as they are, and `orders.store_credit_used` says how much of the total the
 * shopper's credit pays. Paying all of what is left from credit records a completed `store_credit`
 * payment of the order's total, the order paid as a card pays it (recordOrderPayment, the invoice
 * number taken then). Credit that pays part is taken when the shopper applies it (an `order` entry),
 * the provider is asked for the rest (totalOf), and the provider's payment then records the order's
 * total as any payment does. An order cancelled unpaid gives its credit back (orders' cancellations
 * call store credit's giveCreditBack), as does the shopper taking it off.
 */
import { api, storeCreditApi } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { isPayable } from "@shop/shared/orders";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { PaymentDto } from "@shop/shared/schemas/payment";
import { afterCreditCents, creditToApplyCents, minimumDueCents } from "@shop/shared/tenders";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import type { CodTerms } from "#api/modules/cod/rules";
import type { MailContext } from "#api/modules/email/service";
import { lockOrder, recordOrderPayment } from "#api/modules/orders/service";
import { balanceCents, giveCreditBack, useCreditFor } from "#api/modules/store-credit/service";
import { toPaymentDto } from "./dto";
import { findPendingPaymentOf } from "./repo";
import { orderToPayOnline, type Payer } from "./service";

/** The transaction id of an order's store credit payment: one per order, as the unique column keeps it. */
export const creditTransactionId = (orderId: string) => `credit-${orderId}`;

/** What is left to pay of the order once its store credit is taken off, in cents. */
export const dueCents = (order: Pick<Order, "totalAmount" | "storeCreditUsed">) =>
  afterCreditCents(order.totalAmount, order.storeCreditUsed);

/** The caller's order, locked, while it can be paid and no provider's capture is waiting on it. */
async function lockPayable(tx: Database, payer: Payer, orderId: string): Promise<Order> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
  if (!isPayable({ status: order.status, payment: order.paymentId }))
    throw new AppError("CONFLICT", order.paymentId ? api.alreadyPaid : api.orderNotPayable);
  // A PayPal capture the provider has not settled may still pay the order's rest as it was.
  if (await findPendingPaymentOf(tx, order.id)) throw new AppError("CONFLICT", api.paymentPending);
  return order;
}

const money = (cents: number, order: Pick<Order, "currency">, locale: string) =>
  formatMoney(fromCents(cents), { code: order.currency, locale });

/**
 * Pays all that is left of the caller's order from their store credit: the online discount taken
 * first where it is offered (credit is not cash on delivery), then, in one transaction holding the
 * order's row and the shopper's, an `order` entry for what is left, and a completed `store_credit`
 * payment of the order's total that pays it (invoice number, history, email). 409 when the credit
 * does not cover it (nothing written), when the order is paid or closed.
 */
export async function payWithStoreCredit(
  db: Database,
  payer: Payer,
  orderId: string,
  mail: MailContext,
  terms?: CodTerms,
): Promise<PaymentDto> {
  await orderToPayOnline(db, payer, orderId, terms);
  return db.transaction(async (tx) => {
    const order = await lockPayable(tx, payer, orderId);
    const due = dueCents(order);
    if (due > 0 && !(await useCreditFor(tx, order, due))) {
      const balance = await balanceCents(tx, payer.id);
      throw new AppError(
        "CONFLICT",
        balance > 0
          ? storeCreditApi.notEnough(money(balance, order, mail.locale), money(due, order, mail.locale))
          : storeCreditApi.none,
      );
    }
    const now = new Date();
    const payment = {
      id: newId(),
      userId: payer.id,
      orderId: order.id,
      status: "completed" as const,
      transactionId: creditTransactionId(order.id),
      // The order's total, as any payment of it: its credit pays all of it now.
      amount: order.totalAmount,
      currency: order.currency,
      paymentGateway: "store_credit" as const,
      method: null,
      updateTime: now,
      emailAddress: payer.email,
      createdAt: now,
    };
    const result = await recordOrderPayment(
      tx,
      {
        order,
        shopper: payer,
        payment: { insert: payment },
        received: { amount: payment.amount, gateway: "store_credit", transactionId: payment.transactionId },
        pays: true,
      },
      mail,
    );
    if (!result.found || result.alreadyPaid || result.invoiceNumber === null)
      throw new AppError("CONFLICT", api.alreadyPaid);
    return toPaymentDto({ payment: { ...payment, refundedAmount: 0 }, user: payer }, []);
  });
}

/**
 * Applies the caller's store credit to part of their order: the online discount taken first where
 * it is offered, then the balance (an `order` entry), the provider asked later for the rest. The rest
 * is never less than the providers' minimum (₹1 for Razorpay, minimumDueCents): a balance that would
 * leave less pays all but the minimum. 409 with no credit, when the credit covers the order (paying
 * with it is one step: payWithStoreCredit), or when no credit can be applied without leaving less than
 * the minimum. Answers what the order's credit now pays and what is left to pay.
 */
export async function applyStoreCredit(
  db: Database,
  payer: Payer,
  orderId: string,
  terms?: CodTerms,
): Promise<{ applied: number; due: number }> {
  await orderToPayOnline(db, payer, orderId, terms);
  return db.transaction(async (tx) => {
    const order = await lockPayable(tx, payer, orderId);
    const due = dueCents(order);
    const balance = await balanceCents(tx, payer.id);
    if (balance <= 0) throw new AppError("CONFLICT", storeCreditApi.none);
    if (balance >= due) throw new AppError("CONFLICT", storeCreditApi.covers);
    // A provider asked for less than its minimum refuses the payment (Razorpay: ₹1): what the credit
    // pays leaves at least that much.
    const take = creditToApplyCents(balance, due, order.currency);
    if (take <= 0) {
      const minimum = money(minimumDueCents(order.currency), order, terms?.locale ?? "en");
      throw new AppError("CONFLICT", storeCreditApi.belowMinimum(minimum));
    }
    // The balance read above may have moved since: the entry refuses to go below zero, and says so.
    if (!(await useCreditFor(tx, order, take))) throw new AppError("CONFLICT", storeCreditApi.none);
    const applied = toCents(order.storeCreditUsed) + take;
    return { applied: fromCents(applied), due: fromCents(toCents(order.totalAmount) - applied) };
  });
}

/** The caller takes the store credit off their unpaid order (a `reversal` entry); 409 when it uses none. */
export async function removeStoreCredit(
  db: Database,
  payer: Payer,
  orderId: string,
): Promise<{ applied: number; due: number }> {
  return db.transaction(async (tx) => {
    const order = await lockPayable(tx, payer, orderId);
    if (toCents(order.storeCreditUsed) <= 0) throw new AppError("CONFLICT", storeCreditApi.notApplied);
    await giveCreditBack(tx, order);
    return { applied: 0, due: order.totalAmount };
  });
}
