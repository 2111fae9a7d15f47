/**
 * Runs the back-in-stock sender on a timer from the server's start; every instance may run it (the
 * claim skips requests another holds). Nothing that raises stock calls it: whatever raised it, the
 * next run finds the variant in stock and its open requests.
 */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import type { MailContext } from "#api/modules/email/service";
import { sendBackInStockEmails } from "./service";

/** How often open requests are looked at: a shopper hears of a restock at most this late. */
export const BACK_IN_STOCK_EVERY_MS = 30_000;

export function startBackInStockSender(
  db: Database,
  mail: () => Promise<MailContext>,
  {
    log,
    wakeMailer,
    everyMs = BACK_IN_STOCK_EVERY_MS,
  }: { log: FastifyBaseLogger; wakeMailer: () => void; everyMs?: number },
): () => Promise<void> {
  const polling = startPolling(
    () =>
      mail()
        .then((context) => sendBackInStockEmails(db, context))
        .then((queued) => {
          if (queued === 0) return;
          log.info({ queued }, "back-in-stock emails queued");
          // The emails are committed with their requests marked done: send them now.
          wakeMailer();
        })
        .catch((error: unknown) => log.warn({ err: error }, "back-in-stock emails not queued")),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
