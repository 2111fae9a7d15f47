/**
 * Cash on delivery (docs/decisions/022-cash-on-delivery.md, 037). The shopper chooses it on the
 * pay page where the owner's rules offer it: the owner's fee is added to the order (outside GST, or
 * taxed as shipping when the order taxed its charges: decision 047), a
 * pending `cod` payment is linked to it and the order waits for the shopper's confirmation before it
 * is ready to ship, while the hold sweep and the unpaid-order cap (both about pending orders without
 * a payment) never see it again. The order's GST invoice is issued with its
 * first parcel (modules/fulfilment/shipments.ts, decision 025), not here. Staff record the cash at
 * delivery: the payment completes and the sales ledger counts the money then.
 */
import { api, storeCreditApi } from "@shop/shared/messages";
import { cashCanBeCollected, isPayable } from "@shop/shared/orders";
import { chargeTotalCents, fromCents, priceCharge, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";
import type { PaymentDto } from "@shop/shared/schemas/payment";
import { lineLabel } from "@shop/shared/variants";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import type { User } from "#api/db/schema/users";
import { recordActivity } from "#api/modules/activity/record";
import { newConfirmToken } from "#api/modules/cod/confirmation";
import { giveOnlineDiscountBack } from "#api/modules/cod/online-discount";
import { type CodTerms, codFactsOf, codRefusal } from "#api/modules/cod/rules";
import { orderCodConfirmedEmail, paymentReceivedEmail } from "#api/modules/email/order-messages";
import { type MailContext, queueEmails } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { invoiceAtRemoval } from "#api/modules/invoices/service";
import {
  type Actor,
  actorOf,
  countSold,
  findOrderLines,
  findOrderRow,
  findOrdersByIds,
  findShipmentsOfOrders,
  getOrder,
  insertOrderEvents,
  lockOrder,
  orderSubject,
} from "#api/modules/orders/service";
import { toPaymentDto } from "./dto";
import {
  completePendingPayment,
  findPaymentRow,
  findPendingPaymentOf,
  insertPayment,
  markOrderCashOnDelivery,
} from "./repo";

/** The signed-in shopper choosing cash on delivery. */
type Payer = Pick<User, "id" | "email" | "firstName" | "lastName" | "role">;

/** The transaction id of an order's cash on delivery payment: one per order, as the unique column keeps it. */
export const codTransactionId = (orderId: string) => `cod-${orderId}`;

/**
 * The shopper's pending unpaid order to be paid in cash on delivery, when the owner's rules offer it
 * for the order (modules/cod/rules.ts): 400 while the owner has it off, 404 for someone else's order, 409
 * when paid or closed, past the limit, or refused for its PIN code, its shopper or its method. An
 * online payment's discount taken before is given back first (decision 037). The payment, the
 * order's fee, status and waiting confirmation (the link's token kept as a sha-256), its products
 * counted as sold, the history row and the email asking to confirm are written in one transaction.
 */
export async function payOnDelivery(
  db: Database,
  terms: CodTerms,
  payer: Payer,
  orderId: string,
  mail: MailContext,
): Promise<PaymentDto> {
  const { cod } = terms;
  if (!cod.enabled) throw new AppError("BAD_REQUEST", api.codNotOffered);
  const seen = await findOrderRow(db, orderId);
  if (!seen || seen.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
  // What the rule reads of the shopper and of delivery, before the order's lock (neither changes with it).
  const facts = await codFactsOf(db, terms, seen);
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, orderId);
    if (!locked || locked.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
    if (!isPayable({ status: locked.status, payment: locked.paymentId }))
      throw new AppError("CONFLICT", locked.paymentId ? api.alreadyPaid : api.orderNotPayable);
    // A PayPal capture the provider has not settled may still pay the order: it is not paid twice.
    if (await findPendingPaymentOf(tx, locked.id)) throw new AppError("CONFLICT", api.paymentPending);
    // The cash would be the rest after the credit: the shopper takes the credit off first (decision 042).
    if (locked.storeCreditUsed > 0) throw new AppError("CONFLICT", storeCreditApi.codWithCredit);
    // Cash on delivery and the online discount exclude each other: an online attempt's is given back.
    const order = await giveOnlineDiscountBack(tx, locked);
    const refusal = codRefusal(cod, facts, order, terms.locale);
    if (refusal) throw new AppError(refusal.code, refusal.message);
    // The fee is a charge of the supply: taxed as shipping was when the order taxed its charges, at
    // the rate it kept for them (decision 047), otherwise outside GST.
    const fee = priceCharge(cod.fee, order.shippingTaxRate, {
      pricesIncludeTax: order.pricesIncludeTax,
      supply: order.supplyType,
      chargesTaxed: order.chargesTaxed,
    });
    const totalAmount = fromCents(toCents(order.totalAmount) + chargeTotalCents(fee, order.pricesIncludeTax));
    const payment = await insertPayment(tx, {
      userId: payer.id,
      orderId: order.id,
      status: "pending",
      transactionId: codTransactionId(order.id),
      amount: totalAmount,
      currency: order.currency,
      paymentGateway: "cod",
      updateTime: null,
      emailAddress: payer.email,
    });
    const link = newConfirmToken();
    const marked = await markOrderCashOnDelivery(tx, order.id, {
      codFee: cod.fee,
      codFeeTaxable: fee.taxableValue,
      codFeeTaxRate: fee.rate,
      codFeeCgst: fee.cgst,
      codFeeSgst: fee.sgst,
      codFeeIgst: fee.igst,
      taxAmount: fromCents(toCents(order.taxAmount) + toCents(fee.tax)),
      roundOff: fromCents(toCents(order.roundOff) + toCents(fee.roundOff)),
      totalAmount,
      paymentId: payment.id,
      codConfirmTokenHash: link.hash,
    });
    if (!marked) throw new Error("order left pending under its lock");
    // The goods are set aside now, so they count as sold as a paid order's do (a cancellation of a
    // processing order, or the sweep of an unconfirmed one, takes them back).
    await countSold(tx, order.id);
    await insertOrderEvents(tx, [
      { orderId: order.id, type: "cod", status: "processing", amount: totalAmount, ...actorOf(payer) },
    ]);
    const lines = await findOrderLines(tx, order.id);
    const rates = lines.map(({ item }) => item.taxRate);
    await queueMessages(tx, mail, [
      orderCodConfirmedEmail(
        payer,
        {
          ...order,
          codFee: cod.fee,
          totalAmount,
          taxAmount: fromCents(toCents(order.taxAmount) + toCents(fee.tax)),
        },
        mail,
        rates,
        {
          token: link.token,
          hours: cod.confirmHours,
          items: lines.map(({ item }) => ({
            label: lineLabel(item.name, item.variantOptions),
            quantity: item.quantity,
          })),
        },
      ),
    ]);
    return toPaymentDto({ payment, user: payer }, []);
  });
}

/**
 * Staff record the cash of a cash on delivery payment collected (admin or manager): the payment
 * completes as of now (the sales ledger counts it from this moment), and the history and the
 * shopper's payment email are written with it. The invoice is not issued here: the order took its
 * number when its first parcel left (decision 025), unless none was recorded. 404 for an unknown payment, 409 for one that is
 * not cash on delivery, already collected, of a cancelled order, or of an order not confirmed or with
 * no parcel out (shared orders.ts `cashCanBeCollected`).
 */
export async function collectCash(
  db: Database,
  actor: Actor,
  paymentId: string,
  mail: MailContext,
): Promise<OrderDto> {
  const found = await findPaymentRow(db, paymentId);
  if (!found) throw new AppError("NOT_FOUND", api.paymentNotFound);
  if (found.payment.paymentGateway !== "cod") throw new AppError("CONFLICT", api.codNotCod);
  const orderId = found.payment.orderId;
  await db.transaction(async (tx) => {
    // The order's row first, as every writer of an order and its payment takes them.
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", api.paymentNotFound);
    await collectLockedCash(tx, actor, order, paymentId, mail);
  });
  return getOrder(db, actor, orderId);
}

/**
 * The cash of an order's cash on delivery payment collected, in the caller's transaction with the
 * order's row locked (staff's route, or the courier's tracking update with no actor, the system,
 * once the order is delivered): the payment completes as of now, with the history row, the activity
 * entry (staff's), the shopper's payment email and, for an order without one, its invoice. 409 as
 * collectCash says.
 */
export async function collectLockedCash(
  tx: Database,
  actor: Actor | null,
  order: Order,
  paymentId: string,
  mail: MailContext,
): Promise<void> {
  // A cancelled order's payment was closed with it: the order is what the message names.
  if (order.paymentId !== paymentId || order.status === "cancelled")
    throw new AppError("CONFLICT", api.codOrderClosed);
  const found = await findPaymentRow(tx, paymentId);
  if (found?.payment.paymentGateway !== "cod") throw new AppError("CONFLICT", api.codNotCod);
  if (found.payment.status !== "pending") throw new AppError("CONFLICT", api.codAlreadyCollected);
  const shipments = await findShipmentsOfOrders(tx, [order.id]);
  if (!cashCanBeCollected({ ...order, shipments })) throw new AppError("CONFLICT", api.codNotOut);
  const now = new Date();
  const payment = await completePendingPayment(tx, paymentId, now);
  if (!payment) throw new AppError("CONFLICT", api.codAlreadyCollected);
  await insertOrderEvents(tx, [
    { orderId: order.id, type: "paid", status: order.status, amount: payment.amount, ...actorOf(actor) },
  ]);
  await recordActivity(
    tx,
    actor,
    "payment.cash_collected",
    orderSubject(order),
    { payment: found.payment.status },
    { payment: payment.status, amount: payment.amount },
  );
  const [row] = await findOrdersByIds(tx, [order.id]);
  if (!row) throw new Error("order vanished under its lock");
  await queueEmails(tx, mail.shop, [
    paymentReceivedEmail(
      row.user,
      row.order,
      { amount: payment.amount, gateway: "cod", transactionId: payment.transactionId },
      mail,
    ),
  ]);
  // NOTE: a shipped order took its number with its first parcel and keeps it. One handed over with
  // no parcel recorded (or shipped before decision 025) has none: cash taken for it means the goods
  // are gone, so it takes one now rather than never (last, as every taker of the counter).
  await invoiceAtRemoval(tx, order, now);
}
