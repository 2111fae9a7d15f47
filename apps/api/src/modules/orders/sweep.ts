/** Runs the hold-expiry sweep on a timer; every instance may run it (see sweepExpiredOrders). */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import type { MailContext } from "#api/modules/email/service";
import { sweepExpiredOrders } from "./service";

/** What a sweep reads as it starts: the hold and the shop's details (the owner's settings now). */
export interface SweepTerms {
  holdMinutes: number;
  mail: MailContext;
}

/**
 * Sweeps every quarter of the hold it starts with (at least every second, at most every minute);
 * each sweep reads the hold and the shop's details as they are then (`terms`).
 */
export function startOrderSweep(
  db: Database,
  terms: () => Promise<SweepTerms>,
  { startingHold, log, wakeMailer }: { startingHold: number; log: FastifyBaseLogger; wakeMailer: () => void },
): () => Promise<void> {
  const everyMs = Math.min(60_000, Math.max(1_000, (startingHold * 60_000) / 4));
  const polling = startPolling(
    () =>
      terms()
        .then(({ holdMinutes, mail }) => sweepExpiredOrders(db, holdMinutes, mail))
        .then((cancelled) => {
          if (cancelled === 0) return;
          log.info({ cancelled }, "cancelled unpaid orders past their hold");
          // The shoppers' messages are committed with the cancellations: send them now.
          wakeMailer();
        })
        .catch((error: unknown) => log.warn({ err: error }, "order sweep failed")),
    { everyMs, wakeDelayMs: 0 },
  );
  return () => polling.stop();
}
