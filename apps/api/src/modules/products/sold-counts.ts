/**
 * The best-seller counts (`products.sold_count`, the storefront's "best selling" order), brought up
 * to date in batches. A product's row is wide and carries the catalogue's indexes (three of them
 * GIN), and `sold_count` is in the best-seller index, so an update of it can never be HOT: raised
 * by every payment, it cost each paid order a new version of its products' rows in every index and
 * a dead row for the vacuum, and during a sale it rewrote the same few products thousands of times
 * a minute. Writers add the units to `product_sales` instead (db/product-sales.ts, or in their own
 * statement), and foldSoldCounts adds them up into the products every few seconds: one update per
 * product per fold, however many orders it sold in.
 */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { foldSoldCounts } from "./repo-sold";

/** How often the counts are brought up to date: the best-seller order lags the sales by at most this. */
export const SOLD_COUNTS_EVERY_MS = 10_000;

/** Folds the counts on a timer from the server's start; answers how to stop it. */
export function startSoldCountsFold(
  db: Database,
  { log, everyMs = SOLD_COUNTS_EVERY_MS }: { log: FastifyBaseLogger; everyMs?: number },
): () => Promise<void> {
  const polling = startPolling(
    () =>
      foldSoldCounts(db).then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, "best-seller counts not brought up to date"),
      ),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
