/** Runs the outbox sender on a timer; every instance may run it (see drainOutbox). */
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "#api/db/client";
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

export function startMailSender(
  db: Database,
  transport: MailTransport,
  { domain, everyMs = 5_000, log }: { domain: string; everyMs?: number; log: FastifyBaseLogger },
): MailSender {
  let running: Promise<void> | undefined;
  let again = false;
  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = drainOutbox(db, transport, domain)
      .then(({ sent, failed }) => {
        if (sent > 0 || failed > 0) log.info({ sent, failed, transport: transport.kind }, "outbox drained");
      })
      .catch((error: unknown) => log.warn({ err: error }, "outbox sender failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    wake: tick,
    async stop() {
      clearInterval(timer);
      again = false;
      await running;
      transport.close();
    },
  };
}
