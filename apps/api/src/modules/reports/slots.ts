/**
 * The ledger's sums by slot (db/schema/sales.ts salesSlots), which the sales report's days and codes
 * add up, kept in batches: each ledger row written adds its figures to `sales_slot_changes` (a
 * trigger, insert only, so the payment that writes it never waits), and this fold adds those into the
 * slots every few seconds. A report reads the slots and the changes not yet folded in one snapshot, so
 * the fold's pace decides only how many changes it reads, never its figures.
 */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { foldSalesSlots } from "./repo-slots";

/** How often the changes are folded: at 250 paid orders a second, about 2 500 ledger rows a fold. */
export const SALES_SLOTS_EVERY_MS = 5_000;

/** Folds the ledger's changes on a timer from the server's start; answers how to stop it. */
export function startSalesSlotsFold(
  db: Database,
  { log, everyMs = SALES_SLOTS_EVERY_MS }: { log: FastifyBaseLogger; everyMs?: number },
): () => Promise<void> {
  const polling = startPolling(
    () =>
      foldSalesSlots(db).then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, "the sales report's sums not brought up to date"),
      ),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
