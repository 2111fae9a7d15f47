/** Reading the staff activity log (admins): a page of entries, and the staff who wrote them. */
import type { ActivityActorDto, ActivityEntryDto, ActivityQuery } from "@shop/shared/schemas/activity";
import { encodeCursor } from "@shop/shared/schemas/cursor";
import { type ListRead, limitOffsetAndOne, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { ActivityRow } from "#api/db/schema/activity";
import { type ActivityFilter, listActivity, listActivityActors } from "./repo";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment a day of the shop's clock ("2026-11-23") begins. */
function startOfShopDay(day: string, utcOffset: string): Date {
  return new Date(`${day}T00:00:00${utcOffset}`);
}

/** The query's filter: `from` and `to` are whole days of the shop's clock, both included. */
export function activityFilter(
  query: Omit<ActivityQuery, "page" | "size" | "after">,
  utcOffset: string,
): ActivityFilter {
  return {
    actorId: query.actor,
    kind: query.kind,
    keyword: query.keyword || undefined,
    since: query.from ? startOfShopDay(query.from, utcOffset) : undefined,
    before: query.to ? new Date(startOfShopDay(query.to, utcOffset).getTime() + DAY_MS) : undefined,
  };
}

export function toActivityDto(row: ActivityRow): ActivityEntryDto {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { _id: row.actorId, name: row.actorName, email: row.actorEmail },
    kind: row.kind,
    subject: { type: row.subjectType, id: row.subjectId, label: row.subjectLabel },
    before: row.before,
    after: row.after,
  };
}

/**
 * A page of the log, newest first, narrowed by staff member, kind, days and keyword: after `after`
 * (a cursor's key) by keyset, else by offset; the total counted up to COUNT_CAP (`cap` only for tests).
 */
export async function listActivityEntries(
  db: Database,
  query: ActivityQuery,
  utcOffset: string,
  cap?: number,
): Promise<ListRead<ActivityEntryDto>> {
  const { page, size, after, ...filter } = query;
  const keyset = { keyset: after !== undefined };
  const read = await listActivity(
    db,
    activityFilter(filter, utcOffset),
    limitOffsetAndOne({ page, size }, keyset),
    after,
    cap,
  );
  const { rows, more } = withoutExtra(read.rows, size);
  const last = rows.at(-1);
  const next = more && last ? encodeCursor([last.key, last.entry.id]) : undefined;
  const items = rows.map((row) => toActivityDto(row.entry));
  return { items, total: read.total, totalCapped: read.totalCapped, more, next };
}

/** Everyone the log names as an actor, former staff included, by name. */
export async function listActivityActorDtos(db: Database): Promise<ActivityActorDto[]> {
  return (await listActivityActors(db)).map((row) => ({ _id: row.id, name: row.name, email: row.email }));
}
