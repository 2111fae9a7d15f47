/** Runs the webhook sender on a timer, woken at once when a transaction queued deliveries (NOTIFY). */
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import { type DeliverOptions, drainWebhooks } from "./deliver";

declare module "fastify" {
  interface FastifyInstance {
    /** The webhook sender of this instance (app.ts starts it when the app is ready). */
    webhookSender: WebhookSender;
  }
}

/** The channel webhook_enqueue (migration 0030) notifies when a transaction queued deliveries. */
export const WEBHOOKS_CHANNEL = "shop_webhooks";

export interface WebhookSender {
  /** Sends what is due now, without waiting for the timer. */
  wake(): void;
  stop(): Promise<void>;
}

/** How long a wake waits for more deliveries before the sender runs. */
const WAKE_DELAY_MS = 20;

export function startWebhookSender(
  db: Database,
  options: DeliverOptions & { everyMs?: number; log: FastifyBaseLogger; onDisabled?: () => void },
): WebhookSender {
  const { everyMs = 5_000, log } = options;
  const stopping = new AbortController();
  const polling = startPolling(
    () =>
      drainWebhooks(db, { ...options, signal: stopping.signal })
        .then(({ succeeded, failed, disabled }) => {
          if (succeeded > 0 || failed > 0) log.info({ succeeded, failed, disabled }, "webhooks sent");
          if (disabled > 0) {
            log.warn({ disabled }, "webhook endpoints disabled after failing for a day");
            options.onDisabled?.();
          }
        })
        .catch((error: unknown) => log.warn({ err: error }, "webhook sender failed")),
    { everyMs, wakeDelayMs: WAKE_DELAY_MS },
  );
  return {
    wake: polling.wake,
    async stop() {
      // Requests in flight are cut, so that stopping does not wait for a slow receiver.
      stopping.abort();
      await polling.stop();
    },
  };
}
