/**
 * The built-in mailbox (no SMTP_URL: every message is kept in the database), read as an admin reads
 * it: the messages of one kind to one shopper, and the links a message's HTML part holds.
 */
import type { APIRequestContext } from "@playwright/test";
import type { EmailDto, EmailSummaryDto } from "@shop/shared/schemas/email";
import { dataOf } from "./api";

/** The messages of `kind` written to `recipient` so far, sent or not yet. */
export async function messagesTo(
  admin: APIRequestContext,
  recipient: string,
  kind: EmailSummaryDto["kind"],
): Promise<EmailSummaryDto[]> {
  const list = await dataOf<EmailSummaryDto[]>(
    await admin.get("/api/emails", { params: { keyword: recipient, size: 50 } }),
    200,
  );
  return list.filter((email) => email.kind === kind && email.recipient === recipient);
}

/** One message with its text and HTML parts. */
export async function readMessage(admin: APIRequestContext, id: string): Promise<EmailDto> {
  return dataOf<EmailDto>(await admin.get(`/api/emails/${id}`), 200);
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text an HTML attribute or element holds: its character references decoded (`&amp;` is `&`). */
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Every link of an HTML part: its words (tags left out) and its address, both decoded. */
export function linksOf(html: string): { text: string; href: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)].flatMap(([, attributes = "", inner = ""]) => {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
    const value = href?.[1] ?? href?.[2] ?? href?.[3];
    if (value === undefined) return [];
    const text = decodeEntities(inner.replace(/<[^>]*>/g, ""))
      .replace(/\s+/g, " ")
      .trim();
    return [{ text, href: decodeEntities(value) }];
  });
}

/**
 * The path and query of the message's link named `label`, to open on the journey's own server: the
 * link names the shop's configured origin, not the port the journey's server listens on.
 */
export function linkPath(message: EmailDto, label: string): string {
  const link = linksOf(message.html).find((found) => found.text === label);
  if (!link) throw new Error(`no link "${label}" in the message:\n${message.html}`);
  const { pathname, search } = new URL(link.href);
  return pathname + search;
}
