/**
 * EXPLAIN ANALYZE of the exact SQL the API runs for a storefront product list (with or without a
 * keyword): the product service is called in this process on the bench database, its statements
 * are captured on their way to the pool, and each is explained with its own parameters.
 */
import { type Database, openDatabase } from "../../apps/api/src/db/client";
import { listProducts } from "../../apps/api/src/modules/products/service";

interface CapturedQuery {
  text: string;
  values: unknown[];
}

/** node-postgres' pool as drizzle holds it (`db.$client`): only `query` is used. */
interface QueryablePool {
  query(config: string | { text: string }, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

function poolOf(db: object): QueryablePool {
  const pool = (db as { $client?: unknown }).$client;
  if (!pool || typeof (pool as QueryablePool).query !== "function") {
    throw new Error("explain: the database handle exposes no node-postgres pool");
  }
  return pool as QueryablePool;
}

/** The plans, one text per statement the list ran (rows, then count). */
export async function explainProductList(
  databaseUrl: string,
  { keyword, page = 1 }: { keyword?: string; page?: number },
): Promise<string[]> {
  // The same call the route makes for GET /api/products?keyword=...&page=...&size=8.
  return explainCalls(databaseUrl, (db) => listProducts(db, { isActive: true, keyword }, { page, size: 8 }));
}

/**
 * The plans of the statements `run` sends, one text each: `run` calls the API's service code in
 * this process on the bench database, its statements are captured on their way to the pool, and
 * each is explained with its own parameters.
 */
export async function explainCalls(
  databaseUrl: string,
  run: (db: Database) => Promise<unknown>,
): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const pool = poolOf(handle.db);
    const query = pool.query.bind(pool);
    const captured: CapturedQuery[] = [];
    // NOTE: an own property shadows Pool.prototype.query for this pool only, while the call runs.
    pool.query = (config, values) => {
      captured.push({ text: typeof config === "string" ? config : config.text, values: values ?? [] });
      return query(config, values);
    };
    await run(handle.db);
    pool.query = query;

    const plans: string[] = [];
    for (const statement of captured) {
      const { rows } = await query(
        `explain (analyze, buffers, settings) ${statement.text}`,
        statement.values,
      );
      const plan = rows.map((row) => String(row["QUERY PLAN"])).join("\n");
      plans.push(`${statement.text}\n-- parameters: ${JSON.stringify(statement.values)}\n${plan}`);
    }
    return plans;
  } finally {
    await handle.close();
  }
}
