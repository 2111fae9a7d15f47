/**
 * The WhatsApp outbox's sender (decision 056), run on a timer by every instance as the mail sender
 * is: a statement takes up to 50 due messages (held by a lease, others' skipped), each is sent to
 * Meta and its result recorded before the next is sent. Put off by Meta (429, 5xx, its rate limits)
 * a message waits WHATSAPP_RETRY_DELAYS_MS and is tried again; past the last wait, or refused for
 * good (not a WhatsApp number, its template paused, a bad token), it fails and its email goes instead.
 */
import { WHATSAPP_RETRY_DELAYS_MS } from "@shop/shared/messaging";
import type { FastifyBaseLogger } from "fastify";
import { startPolling } from "#api/core/polling";
import type { Database } from "#api/db/client";
import type { WhatsAppContent } from "#api/db/schema/whatsapp";
import { stopMarketingOf } from "#api/modules/users/consents";
import { type FailureKind, type WhatsAppClient, WhatsAppError } from "#api/whatsapp/client";
import {
  claimDueWhatsApp,
  recordWhatsAppResult,
  type WhatsAppMessage,
  type WhatsAppResult,
} from "./repo-whatsapp";
import { MARKETING_STOPPED } from "./whatsapp";

declare module "fastify" {
  interface FastifyInstance {
    /** The WhatsApp outbox's sender of this instance; a no-op when WhatsApp is not connected. */
    whatsappSender: { wake(): void; stop(): Promise<void> };
  }
}

/** What the sender needs of Meta: a template, or a reply's text inside the 24-hour window. */
export interface WhatsAppSending {
  send(to: string, content: WhatsAppContent): Promise<{ wamid: string }>;
}

export interface WhatsAppLimits {
  batch: number;
  leaseMs: number;
  /** A send's longest wait (the client's own timeout is shorter), kept free of the lease's end. */
  sendDeadlineMs: number;
  retryDelaysMs: readonly number[];
}

export const WHATSAPP_LIMITS: WhatsAppLimits = {
  batch: 50,
  leaseMs: 2 * 60_000,
  sendDeadlineMs: 30_000,
  retryDelaysMs: WHATSAPP_RETRY_DELAYS_MS,
};

/** Whether a refusal puts the message off, or ends it with its email sent instead. */
const AFTER_FAILURE: Record<FailureKind, "retry" | "email" | "nothing"> = {
  retry: "retry",
  permanent: "email",
  template: "email",
  token: "email",
  bug: "email",
  // The shopper stopped this business's marketing on WhatsApp: no email stands in for an offer.
  marketingStopped: "nothing",
};

/** Sends what is due, batch after batch, until nothing is; answers how many went and failed. */
export async function drainWhatsApp(
  db: Database,
  sending: WhatsAppSending,
  log: FastifyBaseLogger,
  limits: WhatsAppLimits = WHATSAPP_LIMITS,
): Promise<{ sent: number; failed: number }> {
  const totals = { sent: 0, failed: 0 };
  for (;;) {
    const takenAt = performance.now();
    const batch = await claimDueWhatsApp(db, limits.batch, limits.leaseMs);
    if (batch.length === 0) return totals;
    const lastStart = takenAt + limits.leaseMs - limits.sendDeadlineMs - 15_000;
    for (const message of batch) {
      const result: WhatsAppResult =
        performance.now() > lastStart
          ? { id: message.id, outcome: "released" }
          : await attempt(message, sending, limits);
      await recordWhatsAppResult(db, result);
      if (result.outcome === "sent") totals.sent += 1;
      if (result.outcome === "failed") {
        totals.failed += 1;
        // The number stopped this business's marketing on WhatsApp: its offers' consent ends with it.
        if (result.code === MARKETING_STOPPED) await stopMarketingOf(db, message.recipient);
        log.warn({ message: message.id, event: message.event, code: result.code }, "whatsapp message failed");
      }
    }
  }
}

async function attempt(
  message: WhatsAppMessage,
  sending: WhatsAppSending,
  limits: WhatsAppLimits,
): Promise<WhatsAppResult> {
  try {
    const { wamid } = await sending.send(message.recipient, message.content);
    return { id: message.id, outcome: "sent", wamid };
  } catch (error) {
    const kind: FailureKind = error instanceof WhatsAppError ? error.kind : "retry";
    const code = error instanceof WhatsAppError ? error.code : null;
    const words = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const delay = limits.retryDelaysMs[message.attempts - 1];
    const after = AFTER_FAILURE[kind];
    if (after === "retry" && delay !== undefined)
      return { id: message.id, outcome: "retry", code, error: words, retryMs: delay };
    return { id: message.id, outcome: "failed", code, error: words, fallBack: after !== "nothing" };
  }
}

/** Runs the sender on a timer (every 5 s, or at once when woken after a change queued a message). */
export function startWhatsAppSender(
  db: Database,
  sending: WhatsAppSending,
  { everyMs = 5_000, log }: { everyMs?: number; log: FastifyBaseLogger },
) {
  return startPolling(
    () =>
      drainWhatsApp(db, sending, log)
        .then(({ sent, failed }) => {
          if (sent > 0 || failed > 0) log.info({ sent, failed }, "whatsapp outbox drained");
        })
        .catch((error: unknown) => log.warn({ err: error }, "whatsapp sender failed")),
    { everyMs, wakeDelayMs: 20 },
  );
}

/** The client as the sender calls it: a template, or a reply's text. */
export function sendingOf(client: WhatsAppClient): WhatsAppSending {
  return {
    send: (to, content) =>
      content.type === "template"
        ? client.sendTemplate({
            to,
            name: content.name,
            language: content.language,
            body: content.body,
            buttons: content.buttons,
          })
        : client.sendText(to, content.text),
  };
}
