/**
 * The credit note of goods that came back before they were paid for (CGST Act section 34, goods
 * returned; GST.md, "The credit note"): a cash on delivery order whose parcels the carrier brought
 * back refused (returned to origin) had its invoice issued when they left (decision 025), so the
 * invoice is reversed by a credit note of everything it still holds: its goods, shipping and COD fee,
 * the tax each charged. No money moves: the refund row is written completed with `money_back` false,
 * and the sales ledger records it as a `credit` (returns and GST, no refund of money). Every unit not
 * back in stock yet goes back with it.
 */
import { creditByLines, totalOf } from "@shop/shared/credit-note";
import { fromCents } from "@shop/shared/pricing";
import type { Database } from "#api/db/client";
import type { Order, Payment } from "#api/db/schema/orders";
import type { Refund, RestockedLine } from "#api/db/schema/refunds";
import { takeCreditNote } from "#api/modules/invoices/service";
import { creditablesOf, refundLineRows } from "./credit";
import { findOrderItems, insertRefund, insertRefundLines, restock, restockedUnits } from "./repo";

export interface UnpaidReturn {
  order: Order;
  /** The order's cash on delivery payment, never collected. */
  payment: Pick<Payment, "id">;
  reason: string;
  at: Date;
  actor: { actorId: string | null; actorName: string | null; actorRole: Refund["actorRole"] };
}

/**
 * In the caller's transaction, which holds the order's row: the credit note of all the invoice still
 * holds, and the units back in stock. Answers the note, or none when the invoice holds nothing more
 * (every line was credited already); the units still go back.
 */
export async function creditUnpaidReturn(
  db: Database,
  { order, payment, reason, at, actor }: UnpaidReturn,
): Promise<Refund | undefined> {
  const [items, returned] = await Promise.all([findOrderItems(db, order.id), restockedUnits(db, order.id)]);
  const back: RestockedLine[] = items
    .map((item) => ({
      itemId: item.id,
      variantId: item.variantId,
      quantity: item.quantity - (returned.get(item.id) ?? 0),
    }))
    .filter((line) => line.quantity > 0);
  const creditables = await creditablesOf(db, order);
  const holds = (kind: "shipping" | "cod_fee") =>
    creditables.some((line) => line.kind === kind && totalOf(line) > 0);
  const credit = creditByLines(creditables, {
    lines: creditables
      .filter((line) => line.kind === "goods" && line.itemId !== null && line.quantity > 0)
      .map((line) => ({ itemId: line.itemId ?? "", quantity: line.quantity })),
    shipping: holds("shipping"),
    codFee: holds("cod_fee"),
  });
  if (!credit.ok)
    throw new Error(`the invoice of order ${order.id} cannot be credited: ${credit.refusal.field}`);
  const why = {
    cause: "return" as const,
    note: reason,
    actor: actor.actorId ? { id: actor.actorId, name: actor.actorName ?? "" } : null,
    orderId: order.id,
  };
  await restock(db, back, why);
  if (credit.total === 0) return undefined;
  const refund = await insertRefund(db, {
    paymentId: payment.id,
    orderId: order.id,
    status: "completed",
    amount: fromCents(credit.total),
    currency: order.currency,
    reason,
    moneyBack: false,
    restock: back,
    ...actor,
    // The counter last, as every document takes it: it is held for the shortest time.
    ...(await takeCreditNote(db, at)),
    refundedAt: at,
  });
  await insertRefundLines(db, refundLineRows(refund.id, credit.lines));
  return refund;
}
