/**
 * Statements prepared once: node-postgres parses a named statement once per connection, and
 * PostgreSQL plans it for each run's values or, once five runs showed a plan for any value (a
 * generic plan) no dearer, keeps that one. `preparedFor` builds a fixed statement once per database
 * handle, for the reads every request makes. `builtOnce` and `sqlBuiltOnce` build a statement's text
 * and row mapping once per process and run it on any handle or transaction (the checkout's, where
 * drizzle building the same text again at every run was a third of the server's CPU); the values
 * that change from run to run are `sql.placeholder`s. PGlite ignores the names.
 *
 * NOTE: name only a statement whose plan for any value is sound: a value that decides which partial
 * index applies (a status) is written into the text, not passed, or that plan cannot use the index
 * (checkout-statements.test.ts holds the placement's read to it).
 */
import { createHash } from "node:crypto";
import type { Query, SQL } from "drizzle-orm";
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

/** Values of a statement's placeholders, by name. */
export type PlaceholderValues = Record<string, unknown>;

/**
 * What a statement keeps between runs: its text and parameters (placeholders among them) and, for
 * a query builder's, how its rows map to the builder's result. NOTE: drizzle keeps the mapping
 * (`fields`, `joinsNotNullableMap`) on its prepared query without exporting its type; it is read
 * from there once and handed back to `prepareQuery` at each run, as the builder itself does. These
 * internals are why drizzle-orm is pinned to one version (apps/api/package.json): prepared.test.ts
 * fails, naming what changed, when another version reads or keeps them otherwise.
 */
interface Template {
  query: Query;
  name: string;
  fields: unknown;
  joinsNotNullableMap: unknown;
}

interface PreparedInternals {
  getQuery(): Query;
  fields?: unknown;
  joinsNotNullableMap?: unknown;
}

interface Preparable<TResult> {
  prepare(name: string): { execute(values?: PlaceholderValues): Promise<TResult> };
}

function runTemplate<TResult>(
  db: Database,
  template: Template,
  arrayMode: boolean,
  values: PlaceholderValues,
): Promise<TResult> {
  const prepared = db._.session.prepareQuery(
    template.query,
    template.fields as Parameters<Database["_"]["session"]["prepareQuery"]>[1],
    template.name,
    arrayMode,
  );
  (prepared as unknown as PreparedInternals).joinsNotNullableMap = template.joinsNotNullableMap;
  return prepared.execute(values) as Promise<TResult>;
}

/**
 * A query builder's statement (a select, or a write with `.returning()`), built at its first run on
 * whichever handle runs it first, then run on any handle or transaction as
 * `build(db).prepare(name).execute(values)` would, under `name` (or, left out, the name of its text).
 */
export function builtOnce<TResult>(
  name: string | undefined,
  build: (db: Database) => Preparable<TResult>,
): (db: Database, values: PlaceholderValues) => Promise<TResult> {
  let template: Template | undefined;
  return (db, values) => {
    if (!template) {
      const prepared = build(db).prepare(name ?? "unnamed") as unknown as PreparedInternals;
      const query = prepared.getQuery();
      template = {
        query,
        name: name ?? statementName(query.sql),
        fields: prepared.fields,
        joinsNotNullableMap: prepared.joinsNotNullableMap,
      };
    }
    return runTemplate<TResult>(db, template, true, values);
  };
}

// NOTE: the handles' dialect (db/client.ts drizzleConfig) is not part of drizzle's public API; this
// one renders SQL alike (the schema's columns are named by snake_case casing).
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Raw SQL built once, named by its text, run on any handle or transaction; answers the rows as the
 * driver gives them (as `db.execute` does).
 */
export function sqlBuiltOnce<TRow extends Record<string, unknown>>(
  query: SQL,
): (db: Database, values: PlaceholderValues) => Promise<TRow[]> {
  const built = dialect.sqlToQuery(query);
  const template: Template = {
    query: { sql: built.sql, params: built.params },
    name: statementName(built.sql),
    fields: undefined,
    joinsNotNullableMap: undefined,
  };
  return async (db, values) => (await runTemplate<QueryRows<TRow>>(db, template, false, values)).rows;
}

/**
 * Statements whose text depends on the shape of what they write (an order's number of lines and
 * messages), built once per shape: `of(shape, build)` answers the statement built for that shape.
 */
export function byShape<T>(): (shape: string, build: () => T) => T {
  const built = new Map<string, T>();
  return (shape, build) => {
    let statement = built.get(shape);
    if (statement === undefined) {
      statement = build();
      built.set(shape, statement);
    }
    return statement;
  };
}
