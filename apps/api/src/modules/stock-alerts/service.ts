/**
 * "Email me when it's back": a request for one email when a sold-out variant is in stock again.
 * Asking is refused while the variant is in stock, so a request always waits for a rise from 0; the
 * sender (sender.ts) mails each request once its variant has stock, whatever raised it (an
 * adjustment, a cancelled or expired order, a refund's or a return's restock, a CSV import).
 */
import { stockAlertWords } from "@shop/shared/messages";
import type { StockAlertDto, StockAlertInput } from "@shop/shared/schemas/shopper-lists";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { backInStockEmail } from "#api/modules/email/back-in-stock";
import type { MailContext } from "#api/modules/email/service";
import { queueMessages } from "#api/modules/email/whatsapp-queue";
import { claimDueAlerts, deleteStockAlertsOfUser, insertStockAlert } from "./repo";

/**
 * Records a request (`userId`: the signed-in shopper asking, else null): 404 for a variant that is
 * not sold, 409 while it is in stock. The same address asking again for the same variant keeps the
 * one open request and answers alike.
 */
export async function requestStockAlert(
  db: Database,
  input: StockAlertInput,
  userId: string | null,
): Promise<StockAlertDto> {
  const { stock } = await insertStockAlert(db, { variantId: input.variant, email: input.email, userId });
  if (stock === null)
    throw new AppError("NOT_FOUND", stockAlertWords.variantUnavailable, {
      variant: stockAlertWords.variantUnavailable,
    });
  if (stock > 0)
    throw new AppError("CONFLICT", stockAlertWords.inStock, { variant: stockAlertWords.inStock });
  return { variant: input.variant, email: input.email };
}

/** Requests claimed by one transaction of the sender. */
export const ALERT_BATCH = 100;
/** Batches one run sends at most; the rest wait for the next run. */
const MAX_BATCHES = 20;

/**
 * One run of the sender: claims the open requests whose variant is in stock again, a batch per
 * transaction, queues one `backInStock` email each through the outbox and marks them done, in the
 * same transaction. Answers how many emails it queued (wake the mail sender when there were some).
 */
export async function sendBackInStockEmails(
  db: Database,
  mail: MailContext,
  { batch = ALERT_BATCH }: { batch?: number } = {},
): Promise<number> {
  let queued = 0;
  for (let round = 0; round < MAX_BATCHES; round += 1) {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDueAlerts(tx, batch);
      await queueMessages(
        tx,
        mail,
        due.map((alert) =>
          backInStockEmail(
            {
              id: alert.id,
              userId: alert.userId,
              to: alert.email,
              firstName: alert.firstName,
              productId: alert.productId,
              productName: alert.productName,
              productOptions: alert.productOptions,
              variantId: alert.variantId,
              values: alert.values,
            },
            mail.origin,
          ),
        ),
      );
      return due.length;
    });
    queued += claimed;
    if (claimed < batch) break;
  }
  return queued;
}

/**
 * Removes every back-in-stock request of a user, in the caller's transaction: closing an account
 * (the auth module) leaves no address of theirs waiting.
 */
export { deleteStockAlertsOfUser };
