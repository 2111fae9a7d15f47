import type { EmailDto, EmailSummaryDto } from "@shop/shared/schemas/email";
import type { Email } from "#api/db/schema/emails";
import type { RenderedEmail } from "./service";

type EmailSummaryRow = Pick<
  Email,
  "id" | "kind" | "recipient" | "subject" | "status" | "attempts" | "lastError" | "sentAt" | "createdAt"
>;

export function toEmailSummaryDto(row: EmailSummaryRow): EmailSummaryDto {
  return {
    _id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toEmailDto(row: RenderedEmail): EmailDto {
  return { ...toEmailSummaryDto(row), text: row.text, html: row.html };
}
