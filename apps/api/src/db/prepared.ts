/**
 * Statements prepared once per database: drizzle builds their SQL once, and node-postgres prepares
 * them once per connection under their name (PostgreSQL then parses and plans them once). For the
 * reads every request makes; a statement inside a transaction is built on the transaction's own
 * handle, so it gains nothing from this.
 */
import type { Database } from "./client";

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
