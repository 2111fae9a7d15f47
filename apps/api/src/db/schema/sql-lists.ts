import { sql } from "drizzle-orm";

/** A constant list as SQL literals, for CHECK constraints that must match packages/shared. */
export function sqlList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(", "));
}
