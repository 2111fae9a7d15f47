/**
 * SQL of the lists' paging (docs/decisions/034): a count that stops past COUNT_CAP, and the times of
 * keyset cursors as text to the microsecond.
 */
import { COUNT_CAP } from "@shop/shared/constants";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CappedTotal } from "#api/core/paging";
import type { Database } from "./client";
import { idValue } from "./schema/columns";

/**
 * How many rows `matching` (a `select 1 from … where …` without limit) finds, counting at most
 * `cap` + 1 of them: reading past the cap would cost a million rows to say "10,000+".
 * NOTE: `cap` is COUNT_CAP but for tests, which lower it rather than write 10,001 rows.
 */
export async function countUpTo(db: Database, matching: SQLWrapper, cap = COUNT_CAP): Promise<CappedTotal> {
  const { rows } = await db.execute<{ total: number }>(
    sql`select count(*)::integer as total from (${matching} limit ${cap + 1}) as counted`,
  );
  return cappedAt(rows[0]?.total, cap);
}

/** A count of up to `cap` + 1 rows as a list's total: `cap` and capped past it. */
function cappedAt(total: number | undefined, cap: number): CappedTotal {
  const counted = Number(total ?? 0);
  return { total: Math.min(counted, cap), totalCapped: counted > cap };
}

/**
 * How many rows two sets that may share rows find together (`a` union `b`, each a `select id …`
 * without limit), counting at most `cap` + 1 as countUpTo does. NOTE: a set that alone has more than
 * `cap` rows says the union has, and the repeats are looked for only when neither has: hashed every
 * time, a surname's 10 001 orders by its shoppers cost a fifth of the count at a million orders.
 */
export async function countUnionUpTo(
  db: Database,
  a: SQLWrapper,
  b: SQLWrapper,
  cap = COUNT_CAP,
): Promise<CappedTotal> {
  const { rows } = await db.execute<{ total: number }>(
    sql`with a as materialized (${a} limit ${cap + 1}), b as materialized (${b} limit ${cap + 1})
      select (case when (select count(*) from a) > ${cap} or (select count(*) from b) > ${cap} then ${cap + 1}
        else (select count(*) from (select * from a union select * from b) u) end)::integer as total`,
  );
  return cappedAt(rows[0]?.total, cap);
}

/**
 * A time column as a cursor keeps it: UTC to the microsecond, "2026-11-26T10:04:05.123456Z"
 * (CursorTime of @shop/shared/schemas/cursor). A Date would round to the millisecond.
 */
export function cursorTime(column: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * `column desc nulls last`: the order of an index that drizzle declares with `.desc()` (DESC NULLS
 * LAST), where a plain `desc` means NULLS FIRST, which such an index cannot give in order:
 * PostgreSQL then reads and sorts every row for one page (the activity log: 340 ms at a million
 * entries, 0.1 ms in index order). On a NOT NULL column both are the same order.
 */
export function descNullsLast(column: AnyPgColumn): SQL {
  return sql`${column} desc nulls last`;
}

/** The sort key of a row in a newest-first list: its time as a cursor keeps it, and its id. */
export type NewestKey = readonly [at: string, id: string];

/**
 * The rows after `after` in a newest-first list ordered by (time desc, id desc): one row comparison,
 * which a (time desc, id desc) index, alone or after the filter's equal columns, reads as a range.
 */
export function newestAfter(
  time: AnyPgColumn,
  id: AnyPgColumn,
  after: NewestKey | undefined,
): SQL | undefined {
  return after ? sql`(${time}, ${id}) < (${after[0]}::timestamptz, ${idValue(after[1])})` : undefined;
}
