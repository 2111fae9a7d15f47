/**
 * Turns a message's words (packages/shared `mail`) into its plain-text and HTML parts. Every value
 * goes into the HTML escaped; the HTML has no images, scripts or tracking of any kind.
 */
import { mail } from "@shop/shared/messages";
import { SHOP_NAME } from "@shop/shared/site";
import type { MessageParts, ShopDetails } from "#api/db/schema/emails";

export interface ComposedMessage {
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Only links to the shop itself go into a message: anything else is left out of it. */
function safeUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function composeMessage(parts: MessageParts, shop: ShopDetails): ComposedMessage {
  const name = shop.name ?? SHOP_NAME;
  const footer = mail.footer(name, shop.address, shop.email, shop.phone);
  const url = parts.action ? safeUrl(parts.action.url) : undefined;
  const unsubscribeUrl = parts.unsubscribe ? safeUrl(parts.unsubscribe.url) : undefined;
  const text = [
    mail.greeting(parts.firstName),
    "",
    ...parts.lines,
    ...(parts.action && url ? ["", `${parts.action.label}: ${url}`] : []),
    "",
    mail.signOff,
    name,
    ...(parts.unsubscribe && unsubscribeUrl ? ["", `${parts.unsubscribe.label}: ${unsubscribeUrl}`] : []),
    "",
    "--",
    footer,
    "",
  ].join("\n");
  const paragraph = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const button =
    parts.action && url
      ? `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="background:#4338ca;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(parts.action.label)}</a></p><p style="margin:0 0 12px;font-size:13px;color:#52525b;word-break:break-all">${escapeHtml(url)}</p>`
      : "";
  const html = [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(name)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;font-size:15px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 20px;font-size:20px;font-weight:700">${escapeHtml(name)}</p>`,
    paragraph(mail.greeting(parts.firstName)),
    ...parts.lines.map(paragraph),
    button,
    paragraph(mail.signOff),
    parts.unsubscribe && unsubscribeUrl
      ? `<p style="margin:16px 0 0;font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#52525b">${escapeHtml(parts.unsubscribe.label)}</a></p>`
      : "",
    `<p style="margin:24px 0 0;font-size:12px;color:#71717a">${escapeHtml(footer)}</p>`,
    "</div></body></html>",
  ].join("");
  return { text, html };
}
