/** Runs the outbox sender on a timer; every instance may run it (see drainOutbox). */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { isPgError, SERIALIZATION_FAILURE } from "#api/db/errors";
import { drainOutbox } from "./service";
import type { MailTransport } from "./transport";

declare module "fastify" {
  interface FastifyInstance {
    /** The outbox sender of this instance (app.ts starts it when the app is ready). */
    mailer: MailSender;
  }
}

export interface MailSender {
  /** Sends what is due now, without waiting for the timer (after a change that queued a message). */
  wake(): void;
  stop(): Promise<void>;
}

/** How long a wake waits for more messages before the sender runs. */
const WAKE_DELAY_MS = 20;

export function startMailSender(
  db: Database,
  transport: MailTransport,
  { domain, everyMs = 5_000, log }: { domain: string; everyMs?: number; log: FastifyBaseLogger },
): MailSender {
  const polling = startPolling(
    () =>
      drainOutbox(db, transport, domain)
        .then(({ sent, failed }) => {
          if (sent > 0 || failed > 0) log.info({ sent, failed, transport: transport.kind }, "outbox drained");
        })
        .catch((error: unknown) => {
          // NOTE: another instance's sender marked sent a message this one was about to take, which
          // moved it to the sent messages' table (migration 0041): nothing is lost, and the next
          // round takes whatever is still due.
          if (isPgError(error, SERIALIZATION_FAILURE))
            log.debug({ err: error }, "outbox taken by another sender");
          else log.warn({ err: error }, "outbox sender failed");
        }),
    // NOTE: a wake waits WAKE_DELAY_MS, so that the messages of the requests answered meanwhile go in
    // one batch (at 100 orders a second, one take and one record for several orders, not for each).
    { everyMs, wakeDelayMs: WAKE_DELAY_MS },
  );
  return {
    wake: polling.wake,
    async stop() {
      await polling.stop();
      transport.close();
    },
  };
}
