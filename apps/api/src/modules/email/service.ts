/**
 * Outgoing email (docs/decisions/012-email-outbox.md): a message is written to the outbox in the
 * transaction that causes it, and the sender delivers it afterwards, retrying with backoff.
 */
import { EMAIL_RETRY_DELAYS_MS, type EmailKind } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { Config } from "#api/config";
import { AppError } from "#api/core/errors";
import { limitOffset, type PageRequest } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { Email, NewEmail } from "#api/db/schema/emails";
import { type ComposedMessage, composeMessage, type MessageParts, type ShopDetails } from "./compose";
import {
  claimDueEmails,
  type EmailFilter,
  findEmail,
  insertEmail,
  insertEmails,
  listEmails,
  markEmailAttemptFailed,
  markEmailSent,
  requeueFailedEmail,
} from "./repo";
import type { MailTransport } from "./transport";

/** What a use case needs to write a message: the shop's details, and its origin for links. */
export interface MailContext {
  shop: ShopDetails;
  /** The shop's public origin ("https://shop.example"), never taken from a request's Host. */
  origin: string;
}

/** The shop's details and origin from its configuration (localhost in development, never a Host header). */
export function mailContextOf(config: Config): MailContext {
  return {
    shop: { address: config.storeAddress, email: config.storeEmail, phone: config.storePhone },
    origin: config.publicOrigin ? new URL(config.publicOrigin).origin : `http://localhost:${config.port}`,
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
}

function rowOf(shop: ShopDetails, message: Outgoing) {
  const { text, html }: ComposedMessage = composeMessage(message.parts, shop);
  return { kind: message.kind, recipient: message.to, subject: message.subject, text, html };
}

/** Writes a message to the outbox; pass the transaction of the change it tells of. */
export async function queueEmail(db: Database, shop: ShopDetails, message: Outgoing): Promise<Email> {
  return insertEmail(db, rowOf(shop, message));
}

/**
 * Whether mail may go to an address. A closed account keeps its orders under an address in the
 * reserved `.invalid` domain (RFC 2606), which no account may otherwise have and no server takes.
 */
export function isDeliverable(address: string): boolean {
  return !/\.invalid$/i.test(address);
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

/**
 * The outbox rows of messages, for a caller that writes them within a statement of its own; those to
 * an address that cannot receive mail (a closed account's) are left out.
 */
export function outboxRows(shop: ShopDetails, messages: readonly Outgoing[]): NewEmail[] {
  return messages.filter((message) => isDeliverable(message.to)).map((message) => rowOf(shop, message));
}

/** How long a sender holds the messages it took: past it, another sender may take them again. */
export const LEASE_MS = 2 * 60_000;
const BATCH = 20;

export interface DrainResult {
  sent: number;
  failed: number;
}

/**
 * Sends what is due, one batch at a time until nothing is left. A refused or failed send waits
 * EMAIL_RETRY_DELAYS_MS[attempt - 1] before the next attempt; past the last delay the message is
 * marked failed. A sender killed between the server's acceptance and `markEmailSent` leaves the
 * message to be sent again once its lease ends: at least once, never lost (the Message-ID is the
 * same both times, which lets receiving servers drop the second copy).
 */
export async function drainOutbox(
  db: Database,
  transport: MailTransport,
  domain: string,
): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await claimDueEmails(db, BATCH, LEASE_MS);
    if (batch.length === 0) return result;
    for (const email of batch) {
      try {
        await transport.send({
          messageId: `<${email.id}@${domain}>`,
          to: email.recipient,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
        await markEmailSent(db, email.id);
        result.sent += 1;
      } catch (error) {
        const delay = EMAIL_RETRY_DELAYS_MS[email.attempts - 1];
        const reason = error instanceof Error ? error.message : String(error);
        await markEmailAttemptFailed(
          db,
          email.id,
          reason.slice(0, 500),
          delay === undefined ? null : new Date(Date.now() + delay),
        );
        result.failed += 1;
      }
    }
  }
}

export async function listOutgoingEmails(db: Database, filter: EmailFilter, page: PageRequest) {
  return listEmails(db, filter, limitOffset(page));
}

export async function getEmail(db: Database, id: string): Promise<Email> {
  const email = await findEmail(db, id);
  if (!email) throw new AppError("NOT_FOUND", api.emailNotFound);
  return email;
}

/** An admin sends a failed message again; a queued or sent one is refused with 409. */
export async function retryEmail(db: Database, id: string): Promise<Email> {
  const email = await requeueFailedEmail(db, id);
  if (email) return email;
  await getEmail(db, id);
  throw new AppError("CONFLICT", api.emailNotFailed);
}
