/**
 * The staff activity log (docs/design.md section 8, Staff accounts): every write a staff member
 * makes, with who, when, what, and the fields before and after. Admins read it at /dashboard/activity.
 */
import { z } from "zod";
import { Id, ListQuery, oneOf } from "./common";
import { CursorId, CursorTime, cursorOf } from "./cursor";
import { checkRange, Day } from "./order";

/**
 * What a staff member did: one kind per write of the dashboard's API. The database's check
 * constraint lists the same (db/schema/activity.ts).
 */
export const ACTIVITY_KINDS = [
  "product.created",
  "product.updated",
  "product.deleted",
  "stock.adjusted",
  "category.created",
  "category.updated",
  "category.deleted",
  "discount.created",
  "discount.updated",
  "discount.deleted",
  "order.status_changed",
  "order.note_added",
  "order.refunded",
  "shipment.created",
  "shipment.delivered",
  "shipment.returned_to_origin",
  "shipment.cancelled",
  "shipment.ndr_action",
  "order.cod_confirmed",
  "payment.cash_collected",
  "payment.unmatched_refunded",
  "return.approved",
  "return.rejected",
  "return.received",
  "return.refunded",
  "user.role_changed",
  "user.deactivated",
  "user.reactivated",
  "customer.note_added",
  "customer.store_credit_adjusted",
  "customer.cod_bar_lifted",
  "settings.updated",
  "shipping.pincodes_replaced",
  "review.hidden",
  "review.shown",
  "review.replied",
  "review.deleted",
  "media.uploaded",
  "media.deleted",
  "email.retried",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "webhook.redelivered",
  "dispute.evidence_sent",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What an entry is about: the kind of thing its subject is. */
export const ACTIVITY_SUBJECTS = [
  "product",
  "variant",
  "category",
  "discount",
  "order",
  "return",
  "user",
  "settings",
  "review",
  "media",
  "email",
  "webhook",
  "dispute",
] as const;
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECTS)[number];

/** The fields of a thing that a write changed, as JSON: only those that changed. */
export const ActivityFields = z.record(z.string(), z.unknown());
export type ActivityFields = z.infer<typeof ActivityFields>;

export const ActivityActorDto = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type ActivityActorDto = z.infer<typeof ActivityActorDto>;

export const ActivitySubject = z.object({
  type: z.enum(ACTIVITY_SUBJECTS),
  /** The thing's id (a settings section's name for settings). */
  id: z.string(),
  /** What a reader calls it, as it was when the entry was written ("Linen Shirt", "#1001"). */
  label: z.string(),
});
export type ActivitySubject = z.infer<typeof ActivitySubject>;

/**
 * One entry: who (their name and email as they were), when, what kind of write, on what, and the
 * fields it changed, before and after (a field only one side holds was added or removed).
 */
export const ActivityEntryDto = z.object({
  _id: z.string(),
  at: z.string(),
  actor: ActivityActorDto,
  kind: z.enum(ACTIVITY_KINDS),
  subject: ActivitySubject,
  before: ActivityFields,
  after: ActivityFields,
});
export type ActivityEntryDto = z.infer<typeof ActivityEntryDto>;

const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

/**
 * GET /activity: newest first, paged as every list; `actor` (a user's id), `kind`, and the days
 * `from` and `to` (both included, by the shop's clock) narrow it; `keyword` matches what the
 * entries are about.
 */
export const ActivityQuery = ListQuery.extend({
  actor: z.preprocess(blankIsAbsent, Id.optional()),
  kind: z.preprocess(blankIsAbsent, oneOf(ACTIVITY_KINDS).optional()),
  from: Day,
  to: Day,
  /** The `meta.next` of the page before: the page starts after that entry (its time and id). */
  after: cursorOf([CursorTime, CursorId]),
}).superRefine(checkRange);
export type ActivityQuery = z.infer<typeof ActivityQuery>;
