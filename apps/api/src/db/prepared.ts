/**
 * Statements prepared once: node-postgres parses a named statement once per connection, and
 * PostgreSQL plans it for each run's values or, once five runs showed a plan for any value (a
 * generic plan) no dearer, keeps that one. `preparedFor` builds a fixed statement once per database
 * handle, for the reads every request makes; `executeNamed` and `executePrepared` name a statement by
 * its text, for the checkout's writes, whose text depends on the shape of what they write (an order's
 * number of lines and messages), not on its values. PGlite ignores the names.
 *
 * NOTE: name only a statement whose plan for any value is sound: a value that decides which partial
 * index applies (a status) is written into the text, not passed, or that plan cannot use the index
 * (checkout-statements.test.ts holds the placement's read to it).
 */
import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, QueryRows } from "./client";

/** `build(db)` once per database handle, kept as long as the handle lives. */
export function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const prepared = new WeakMap<Database, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** The name of a statement of this text: the same on every connection and instance, another for another text. */
export function statementName(text: string): string {
  return `s_${createHash("sha1").update(text).digest("base64url")}`;
}

// NOTE: the handles' dialect (db/client.ts drizzleConfig) is not part of drizzle's public API; this
// one renders SQL alike (the schema's columns are named by snake_case casing).
const dialect = new PgDialect({ casing: "snake_case" });

/** Runs raw SQL as `db.execute` does (rows as the driver gives them), under the name of its text. */
export async function executeNamed<TRow extends Record<string, unknown>>(
  db: Database,
  query: SQL,
): Promise<TRow[]> {
  const built = dialect.sqlToQuery(query);
  const result = await db._.session
    .prepareQuery<{ execute: QueryRows<TRow>; all: unknown; values: unknown }>(
      built,
      undefined,
      statementName(built.sql),
      false,
    )
    .execute();
  return result.rows;
}

interface Preparable<TResult> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<TResult> };
}

/** Runs a query builder's statement (its rows mapped as the builder maps them) under the name of its text. */
export function executePrepared<TResult>(builder: Preparable<TResult>): Promise<TResult> {
  return builder.prepare(statementName(builder.toSQL().sql)).execute();
}
