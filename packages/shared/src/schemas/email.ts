import { z } from "zod";
import { EMAIL_KINDS, EMAIL_STATUSES } from "../constants";
import { validation } from "../messages";
import { ListQuery } from "./common";

/** An outgoing message as the dashboard's list shows it. */
export const EmailSummaryDto = z.object({
  _id: z.string(),
  kind: z.enum(EMAIL_KINDS),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EmailSummaryDto = z.infer<typeof EmailSummaryDto>;

/** One message, with its two parts. */
export const EmailDto = EmailSummaryDto.extend({ text: z.string(), html: z.string() });
export type EmailDto = z.infer<typeof EmailDto>;

/** GET /emails: paging, a keyword on recipient or subject, and a status. */
export const EmailListQuery = ListQuery.extend({
  status: z.enum(EMAIL_STATUSES, { error: validation.oneOf(EMAIL_STATUSES) }).optional(),
});
export type EmailListQuery = z.infer<typeof EmailListQuery>;
