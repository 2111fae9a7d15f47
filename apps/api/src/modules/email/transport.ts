/**
 * Where messages go: an SMTP server through nodemailer when SMTP_URL is set, else nowhere beyond the
 * database (the built-in mailbox: the message is kept in the emails table and read in the dashboard).
 */
import nodemailer from "nodemailer";

export interface OutgoingMessage {
  /** Stable per message, so that a receiving server can recognise a message sent twice. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** "smtp" or "mailbox", for the logs and the dashboard. */
  kind: "smtp" | "mailbox";
  /** Resolves once the server accepted the message; rejects with its reason otherwise. */
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** SMTP answers, and connections, that take longer than this count as a failed attempt. */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailTransport(mail: { smtpUrl: string | undefined; from: string }): MailTransport {
  // NOTE: the sender delivers the mailbox's messages itself, a batch a statement (service.ts
  // deliverToMailbox): nothing is sent, so nothing calls this send.
  if (!mail.smtpUrl) return { kind: "mailbox", send: async () => undefined, close: () => undefined };
  const url = new URL(mail.smtpUrl);
  const secure = url.protocol === "smtps:";
  const smtp = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    kind: "smtp",
    async send(message) {
      await smtp.sendMail({
        from: mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
      });
    },
    close: () => smtp.close(),
  };
}
