/**
 * Writing the staff activity log: every staff write calls `recordActivity` inside its own
 * transaction, with the thing as it was and as it is, and the entry keeps only what changed.
 */
import { fullName } from "@shop/shared/names";
import type { ActivityFields, ActivityKind, ActivitySubject } from "@shop/shared/schemas/activity";
import type { Database } from "#api/db/client";
import type { NewActivity } from "#api/db/schema/activity";
import type { User } from "#api/db/schema/users";
import { insertActivity } from "./repo";

/** Who made a write, as the entry keeps them. */
export type ActivityActor = Pick<User, "id" | "firstName" | "lastName" | "email">;

/** A thing as a write found or left it: its fields as JSON (absent: it did not exist). */
export type Fields = Readonly<Record<string, unknown>> | null;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON text of a value with every object's keys sorted: two equal values give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isPlainObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  // An absent field (undefined) is not null: a field set to null where there was none changed.
  return value === undefined ? "" : JSON.stringify(value);
}

/** The value as JSON holds it: dates as ISO text, undefined fields gone. */
function asJson(fields: Fields): Record<string, unknown> {
  return fields ? (JSON.parse(JSON.stringify(fields)) as Record<string, unknown>) : {};
}

function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const next = after[key];
    if (isPlainObject(old) && isPlainObject(next)) {
      // Within an object (a variant, a settings section), only the fields that changed.
      const inner = diff(old, next);
      if (Object.keys(inner.was).length > 0) was[key] = inner.was;
      if (Object.keys(inner.now).length > 0) now[key] = inner.now;
    } else if (canonical(old) !== canonical(next)) {
      if (old !== undefined) was[key] = old;
      if (next !== undefined) now[key] = next;
    }
  }
  return { was, now };
}

/**
 * The fields that differ between a thing before and after a write, each side holding its own value
 * (a field only one side has was added or removed). Objects are compared field by field, so that a
 * product's variants or a settings section keep only what changed in them; lists as a whole.
 */
export function changedFields(
  before: Fields,
  after: Fields,
): { before: ActivityFields; after: ActivityFields } {
  const { was, now } = diff(asJson(before), asJson(after));
  return { before: was, after: now };
}

/** The row of an entry, for writes that record many at once (an import). */
export function activityRow(
  actor: ActivityActor,
  kind: ActivityKind,
  subject: ActivitySubject,
  before: Fields,
  after: Fields,
): NewActivity {
  const changed = changedFields(before, after);
  return {
    actorId: actor.id,
    actorName: fullName(actor),
    actorEmail: actor.email,
    kind,
    subjectType: subject.type,
    subjectId: subject.id,
    subjectLabel: subject.label,
    before: changed.before,
    after: changed.after,
  };
}

/**
 * Appends the entry of a staff write, in the write's transaction (`db` is that transaction): the
 * write and its entry commit together or not at all. No actor (the demo seed, a test's fixtures):
 * not a staff write, nothing is recorded.
 */
export async function recordActivity(
  db: Database,
  actor: ActivityActor | null,
  kind: ActivityKind,
  subject: ActivitySubject,
  before: Fields,
  after: Fields,
): Promise<void> {
  if (!actor) return;
  await insertActivity(db, [activityRow(actor, kind, subject, before, after)]);
}

/** Appends the entries of one write that changed many things (an import), in its transaction. */
export async function recordActivities(db: Database, rows: readonly NewActivity[]): Promise<void> {
  if (rows.length > 0) await insertActivity(db, rows);
}
