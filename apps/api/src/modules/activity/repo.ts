/** The staff activity log's SQL: rows are only ever inserted, and read newest first. */
import type { ActivityKind } from "@shop/shared/schemas/activity";
import { and, eq, gte, ilike, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { escapeLike } from "#api/db/like";
import { countUpTo, cursorTime, descNullsLast, type NewestKey, newestAfter } from "#api/db/paging";
import { activity, type NewActivity } from "#api/db/schema/activity";

/** Rows per insert statement: an import of thousands of products writes them a thousand at a time. */
const INSERT_BATCH = 1_000;

/** Appends entries, in the caller's transaction. */
export async function insertActivity(db: Database, rows: readonly NewActivity[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db.insert(activity).values(rows.slice(start, start + INSERT_BATCH));
  }
}

export interface ActivityFilter {
  actorId?: string | undefined;
  kind?: ActivityKind | undefined;
  /** Entries at or after this moment. */
  since?: Date | undefined;
  /** Entries before this moment. */
  before?: Date | undefined;
  /** Part of what an entry is about (its subject's label). */
  keyword?: string | undefined;
}

function whereOf(filter: ActivityFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actorId) conditions.push(eq(activity.actorId, filter.actorId));
  if (filter.kind) conditions.push(eq(activity.kind, filter.kind));
  if (filter.since) conditions.push(gte(activity.at, filter.since));
  if (filter.before) conditions.push(lt(activity.at, filter.before));
  if (filter.keyword) conditions.push(ilike(activity.subjectLabel, `%${escapeLike(filter.keyword)}%`));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * A page of entries, newest first by (at, id), each with the sort key a cursor keeps (`key`), after
 * `after` by keyset when given; and how many match, counted up to `cap` (db/paging.ts).
 */
export async function listActivity(
  db: Database,
  filter: ActivityFilter,
  page: { limit: number; offset: number },
  after?: NewestKey,
  cap?: number,
) {
  const where = whereOf(filter);
  // NOTE: the page's ids first, from the list's index alone: an offset then skips index entries,
  // not whole entries with their before and after (page 1000 read 20,000 of them to keep 20).
  const pageIds = db
    .select({ id: activity.id })
    .from(activity)
    .where(and(where, newestAfter(activity.at, activity.id, after)))
    .orderBy(descNullsLast(activity.at), descNullsLast(activity.id))
    .limit(page.limit)
    .offset(page.offset);
  const [rows, counted] = await Promise.all([
    db
      .select({ entry: activity, key: cursorTime(activity.at) })
      .from(activity)
      .where(inArray(activity.id, pageIds))
      .orderBy(descNullsLast(activity.at), descNullsLast(activity.id)),
    countUpTo(db, db.select({ one: sql`1` }).from(activity).where(where), cap),
  ]);
  return { rows, ...counted };
}

/**
 * Everyone who has an entry, with the name and email of their newest one, by name: the staff
 * filter offers former staff too. NOTE: reads every entry's actor (by the actor index); a shop with
 * millions of entries would keep this list in a table of its own.
 */
export async function listActivityActors(db: Database) {
  const rows = await db.execute<{ id: string; name: string; email: string }>(sql`
    select id, name, email from (
      select distinct on (${activity.actorId}) ${activity.actorId} as id, ${activity.actorName} as name,
        ${activity.actorEmail} as email
      from ${activity}
      order by ${activity.actorId}, ${activity.at} desc, ${activity.id} desc
    ) as actors
    order by lower(name), email`);
  return rows.rows;
}
