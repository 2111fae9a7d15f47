/**
 * Cash on delivery that never comes: the order's goods came back refused (returned to origin) or it
 * was cancelled before it shipped. The pending payment is closed as failed, so that no one records
 * cash for it and its order's payment state reads so.
 */
import type { Database } from "#api/db/client";
import { failUncollectedPayment } from "#api/db/payment-state";

/** Closes the order's pending cash on delivery payment; answers false when it was not pending (collected, closed). */
export async function closeUncollectedPayment(db: Database, paymentId: string): Promise<boolean> {
  return failUncollectedPayment(db, paymentId);
}
