/**
 * The PostgreSQL server the hard suite runs on (TEST_DATABASE_URL, set by scripts/test-hard.mjs):
 * each test file creates a database of its own, `shop_hard_<random>`, and drops it afterwards.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections are left on it. */
  drop(): Promise<void>;
}

/**
 * A new empty database on the server. Throws a clear message when PostgreSQL does not answer: the
 * PostgreSQL tests fail then, they are never skipped.
 */
export async function createDatabase(): Promise<TestDatabase> {
  const name = `shop_hard_${randomBytes(6).toString("hex")}`;
  await withServer((client) => client.query(`CREATE DATABASE "${name}"`));
  return {
    name,
    url: databaseUrl(name),
    drop: async () => {
      await withServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The URL of another database on the same server (and, with `port`, through another port). */
export function databaseUrl(name: string, port?: number): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  if (port !== undefined) url.port = String(port);
  return url.toString();
}

/** Host and port of the PostgreSQL server, for a proxy in front of it. */
export function serverAddress(): { host: string; port: number } {
  const url = new URL(SERVER_URL);
  return { host: url.hostname || "127.0.0.1", port: Number(url.port || 5432) };
}

async function withServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 10_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${SERVER_URL} (${error instanceof Error ? error.message : String(error)}): ` +
        "the hard suite needs it; start it or set TEST_DATABASE_URL",
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
