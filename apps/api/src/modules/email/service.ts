/**
 * Outgoing email (docs/decisions/012-email-outbox.md): a message is written to the outbox in the
 * transaction that causes it, and the sender delivers it afterwards, retrying with backoff.
 */
import { EMAIL_RETRY_DELAYS_MS, type EmailKind } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { StoreSettings } from "@shop/shared/schemas/settings";
import type { Config } from "#api/config";
import { AppError } from "#api/core/errors";
import { limitOffsetAndOne, type PageRequest, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { Email, MessageParts, NewEmail, ShopDetails } from "#api/db/schema/emails";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { type ComposedMessage, composeMessage } from "./compose";
import {
  claimDueEmails,
  deliverDueToMailbox,
  type EmailFilter,
  type EmailResult,
  findEmail,
  insertEmail,
  insertEmails,
  listEmails,
  recordEmailResults,
  requeueFailedEmail,
} from "./repo";
import type { MailTransport } from "./transport";
import type { WhatsAppIntent, WhatsAppRoute } from "./whatsapp";

/** What a use case needs to write a message: the shop's details, and its origin for links. */
export interface MailContext {
  shop: ShopDetails;
  /** The shop's public origin ("https://shop.example"), never taken from a request's Host. */
  origin: string;
  /** How amounts are written (the owner's currency settings; SPEC's en-US until set). */
  locale: string;
  /** The owner's WhatsApp templates when the shop sends on WhatsApp; absent, every message is an email. */
  whatsapp?: WhatsAppRoute;
}

/**
 * The shop's details (the owner's store settings, else the configuration's first values) and its
 * origin from the configuration (localhost in development, never a Host header).
 */
export function mailContextOf(
  config: Config,
  store?: Pick<StoreSettings, "name" | "address" | "email" | "phone">,
  locale = "en-US",
): MailContext {
  return {
    shop: store
      ? { name: store.name, address: store.address, email: store.email, phone: store.phone }
      : { address: config.storeAddress, email: config.storeEmail, phone: config.storePhone },
    origin: config.publicOrigin ? new URL(config.publicOrigin).origin : `http://localhost:${config.port}`,
    locale,
  };
}

/** The domain of the shop's sender address, for Message-IDs. */
export function mailDomainOf(config: Config): string {
  return /@([^>\s]+)>?$/.exec(config.mail.from)?.[1] ?? "localhost";
}

export interface Outgoing {
  kind: EmailKind;
  to: string;
  subject: string;
  parts: MessageParts;
  /** The order it tells of: the order's Messages tab lists it. */
  orderId?: string;
  /** Its WhatsApp side, for queueMessages (whatsapp-queue.ts); queueEmails leaves it. */
  whatsapp?: WhatsAppIntent;
}

/**
 * A message's outbox row: its words and the shop's details as they are now, rendered by the sender
 * (the change's transaction pays for an insert, not for composing the text and HTML).
 */
function outboxRow(shop: ShopDetails, message: Outgoing): NewEmail {
  return {
    kind: message.kind,
    recipient: message.to,
    subject: message.subject,
    orderId: message.orderId ?? null,
    parts: message.parts,
    shop: {
      ...(shop.name ? { name: shop.name } : {}),
      address: shop.address,
      email: shop.email,
      phone: shop.phone,
    },
  };
}

/** Writes a message to the outbox; pass the transaction of the change it tells of. */
export async function queueEmail(db: Database, shop: ShopDetails, message: Outgoing): Promise<Email> {
  return insertEmail(db, outboxRow(shop, message));
}

/**
 * Whether mail may go to an address. A closed account keeps its orders under an address in the
 * reserved `.invalid` domain (RFC 2606), which no account may otherwise have and no server takes.
 */
export function isDeliverable(address: string): boolean {
  return !/\.invalid$/i.test(address);
}

/**
 * The outbox rows of messages, for a caller that writes them in an insert of its own; those to an
 * address that cannot receive mail (a closed account's) are left out. Renders nothing.
 */
export function outboxRows(shop: ShopDetails, messages: readonly Outgoing[]): NewEmail[] {
  return messages.filter((message) => isDeliverable(message.to)).map((message) => outboxRow(shop, message));
}

/**
 * Writes messages to the outbox in one statement, in the transaction of the change they tell of;
 * those to an address that cannot receive mail (a closed account's) are left out.
 */
export async function queueEmails(
  db: Database,
  shop: ShopDetails,
  messages: readonly Outgoing[],
): Promise<void> {
  await insertEmails(db, outboxRows(shop, messages));
}

/** A message with its text and HTML: as rendered when sent, or rendered now from its words. */
export type RenderedEmail = Email & ComposedMessage;

/** What a message says: its stored rendering, else its words rendered with the shop's details it kept. */
export function renderEmail(email: Email): RenderedEmail {
  if (email.text !== null && email.html !== null) return { ...email, text: email.text, html: email.html };
  // NOTE: the table's check (emails_body_check) keeps a row from having neither.
  if (!email.parts || !email.shop) throw new Error(`email ${email.id} has neither its parts nor its text`);
  return { ...email, ...composeMessage(email.parts, email.shop) };
}

/** How long a sender holds the messages it took: past it, another sender may take them again. */
export const LEASE_MS = 2 * 60_000;

/**
 * How long one send may take before it counts as a failed attempt. NOTE: the transport's timeouts
 * (transport.ts: 15 s to resolve and connect, 15 s for the greeting, 15 s of silence per answer) each
 * bound one wait, not a whole conversation: a server that answers every command just in time, or
 * trickles its answer, keeps a send going for minutes. A send cut here may still reach the server
 * later; its next attempt then sends it again, with the same Message-ID.
 */
const SEND_DEADLINE_MS = 30_000;

export interface OutboxLimits {
  /** Messages taken by one statement. */
  batch: number;
  leaseMs: number;
  sendDeadlineMs: number;
  /** Lease kept back, past the last send's deadline, for the statement that records the batch. */
  recordMs: number;
}

/**
 * The lease is long enough: a send starts only while SEND_DEADLINE_MS + recordMs of the lease are
 * left, and ends by its deadline, so the batch's results are recorded with 15 s of the lease to spare
 * (more than the database client's 10 s query timeout). A batch whose server hangs sends what fits
 * and hands the rest back at once.
 */
export const OUTBOX_LIMITS: OutboxLimits = {
  batch: 50,
  leaseMs: LEASE_MS,
  sendDeadlineMs: SEND_DEADLINE_MS,
  recordMs: 15_000,
};

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends what is due, one batch at a time until nothing is left: a statement takes up to 50 messages,
 * they are rendered and sent one after the other, and a statement records what became of them. A
 * refused or failed send waits EMAIL_RETRY_DELAYS_MS[attempt - 1] before the next attempt; past the
 * last delay the message is marked failed.
 *
 * NOTE: each message's result is recorded before the next one is sent, with the results before it
 * in one statement: a sender killed mid-batch leaves only the message it was sending to be sent
 * twice, when its lease ends (at least once, never lost; the Message-ID is the same each time,
 * which lets receiving servers drop the second copy). The built-in mailbox delivers nothing out of
 * the process: each of its batches is one statement (deliverToMailbox).
 */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  domain: string,
  limits: OutboxLimits = OUTBOX_LIMITS,
): Promise<DrainResult> {
  if (transport.kind === "mailbox") return deliverToMailbox(db, limits.batch);
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    // Counted from before the lease was taken (by the database's clock, after this moment), on this
    // process's monotonic clock: the time left of the lease is never overestimated.
    const takenAt = performance.now();
    const batch = await claimDueEmails(db, limits.batch, limits.leaseMs);
    if (batch.length === 0) return result;
    const lastStart = takenAt + limits.leaseMs - limits.sendDeadlineMs - limits.recordMs;
    let unrecorded: EmailResult[] = [];
    for (const email of batch) {
      if (performance.now() > lastStart) {
        unrecorded.push({ id: email.id, outcome: "released", text: null, html: null });
        continue;
      }
      if (unrecorded.length > 0) {
        await recordEmailResults(db, unrecorded);
        unrecorded = [];
      }
      const outcome = await attempt(email, transport, domain, limits.sendDeadlineMs);
      unrecorded.push(outcome);
      if (outcome.outcome === "sent") result.sent += 1;
      if (outcome.outcome === "failed") result.failed += 1;
    }
    await recordEmailResults(db, unrecorded);
  }
}

/**
 * The built-in mailbox: each batch is delivered by one statement, which is its whole transaction,
 * until a batch comes back short (nothing more was due; a message queued later wakes the sender).
 */
async function deliverToMailbox(db: Database, batch: number): Promise<DrainResult> {
  let sent = 0;
  for (;;) {
    const delivered = await deliverDueToMailbox(db, batch);
    sent += delivered;
    if (delivered < batch) return { sent, failed: 0 };
  }
}

/** Renders and sends one taken message; answers what became of it, for recordEmailResults. */
async function attempt(
  email: Email,
  transport: MailTransport,
  domain: string,
  deadlineMs: number,
): Promise<EmailResult> {
  let rendering: Pick<EmailResult, "text" | "html"> = { text: null, html: null };
  try {
    const { text, html } = renderEmail(email);
    // A message rendered now keeps its rendering; one that had it keeps what it had.
    if (email.text === null) rendering = { text, html };
    await withDeadline(
      transport.send({
        messageId: `<${email.id}@${domain}>`,
        to: email.recipient,
        subject: email.subject,
        text,
        html,
      }),
      deadlineMs,
    );
    return { id: email.id, outcome: "sent", ...rendering };
  } catch (error) {
    const delay = EMAIL_RETRY_DELAYS_MS[email.attempts - 1];
    const reason = error instanceof Error ? error.message : String(error);
    return {
      id: email.id,
      outcome: "failed",
      error: reason.slice(0, 500),
      retryMs: delay ?? null,
      ...rendering,
    };
  }
}

/** `work`, or a rejection once `ms` have passed without it settling. */
async function withDeadline(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** A page of messages, newest first; the total counted up to COUNT_CAP (`cap` only for tests). */
export async function listOutgoingEmails(db: Database, filter: EmailFilter, page: PageRequest, cap?: number) {
  const read = await listEmails(db, filter, limitOffsetAndOne(page), cap);
  const { rows, more } = withoutExtra(read.rows, page.size);
  return { rows, total: read.total, totalCapped: read.totalCapped, more };
}

/** One message with its text and HTML (one not rendered yet is rendered for the reader, not stored). */
export async function getEmail(db: Database, id: string): Promise<RenderedEmail> {
  const email = await findEmail(db, id);
  if (!email) throw new AppError("NOT_FOUND", api.emailNotFound);
  return renderEmail(email);
}

/** An admin sends a failed message again; a queued or sent one is refused with 409. */
export async function retryEmail(db: Database, actor: ActivityActor, id: string): Promise<RenderedEmail> {
  const email = await db.transaction(async (tx) => {
    const row = await requeueFailedEmail(tx, id);
    if (row) {
      const subject = { type: "email" as const, id, label: `${row.subject} (${row.recipient})` };
      await recordActivity(tx, actor, "email.retried", subject, { status: "failed" }, { status: row.status });
    }
    return row;
  });
  if (email) return renderEmail(email);
  await getEmail(db, id);
  throw new AppError("CONFLICT", api.emailNotFailed);
}
