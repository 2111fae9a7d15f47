import {
  ACTIVITY_KINDS,
  ACTIVITY_SUBJECTS,
  type ActivityFields,
  type ActivityKind,
  type ActivitySubjectType,
} from "@shop/shared/schemas/activity";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, primaryId } from "./columns";
import { sqlList } from "./sql-lists";

/**
 * The staff activity log: a row per staff write, inserted by the write's own transaction
 * (modules/activity/record.ts), so a write that fails leaves none and one that commits has its row.
 * Append-only: its triggers (migration 0029) refuse every UPDATE, DELETE and TRUNCATE. The actor is
 * kept as they were (id, name, email; no foreign key, so that closing an account never rewrites the
 * log), and so is the subject's label. `before` and `after` hold only the fields that changed.
 */
export const activity = pgTable(
  "activity",
  {
    id: primaryId(),
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: idRef().notNull(),
    actorName: text().notNull(),
    actorEmail: text().notNull(),
    kind: text().$type<ActivityKind>().notNull(),
    subjectType: text().$type<ActivitySubjectType>().notNull(),
    subjectId: text().notNull(),
    subjectLabel: text().notNull(),
    before: jsonb().$type<ActivityFields>().notNull(),
    after: jsonb().$type<ActivityFields>().notNull(),
  },
  (t) => [
    check("activity_kind_check", sql`${t.kind} in (${sqlList(ACTIVITY_KINDS)})`),
    check("activity_subject_type_check", sql`${t.subjectType} in (${sqlList(ACTIVITY_SUBJECTS)})`),
    index("activity_at_idx").on(t.at.desc(), t.id.desc()),
    index("activity_actor_at_idx").on(t.actorId, t.at.desc(), t.id.desc()),
    index("activity_kind_at_idx").on(t.kind, t.at.desc(), t.id.desc()),
  ],
);

export type ActivityRow = typeof activity.$inferSelect;
export type NewActivity = typeof activity.$inferInsert;
