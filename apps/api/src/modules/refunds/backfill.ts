/**
 * Credit note lines for refunds made before credit notes listed them (migration 0034): each is worked
 * out once, at start, as a refund of its kind is now (modules/refunds/credit.ts): the units it put
 * back to stock when its amount is exactly their value, else its amount spread over the goods by
 * value; then its ledger row is written again from them. A refund that has its lines is never touched.
 */
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { lockOrder } from "#api/modules/orders/service";
import { creditablesOf, creditFor, refundLineRows } from "./credit";
import { findRefund, findRefundsWithoutLines, insertRefundLines, rewriteRefundLedger } from "./repo";

/** Writes the missing credit note lines; answers the refunds that got theirs and those that could not. */
export async function backfillCreditNotes(db: Database): Promise<{ written: number; skipped: string[] }> {
  const skipped: string[] = [];
  const missing = await findRefundsWithoutLines(db);
  for (const id of missing) {
    await db.transaction(async (tx) => {
      const refund = await findRefund(tx, id);
      const order = refund ? await lockOrder(tx, refund.orderId) : undefined;
      if (!refund || !order) return;
      let credit: ReturnType<typeof creditFor>;
      try {
        credit = creditFor(
          await creditablesOf(tx, order),
          {
            amount: refund.amount,
            reason: refund.reason,
            restock: refund.restock.map((line) => ({ line: line.itemId, quantity: line.quantity })),
          },
          { currency: order.currency, locale: "en-IN" },
        );
      } catch (error) {
        // NOTE: a refund past what its invoice holds (figures written by hand) keeps no lines: its
        // credit note says it cannot be made, and the start goes on.
        if (error instanceof AppError) {
          skipped.push(refund.id);
          return;
        }
        throw error;
      }
      await insertRefundLines(tx, refundLineRows(refund.id, credit.lines));
      await rewriteRefundLedger(tx, refund.id);
    });
  }
  return { written: missing.length - skipped.length, skipped };
}
