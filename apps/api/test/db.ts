import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import {
  type Database,
  type DatabaseHandle,
  migrate,
  migrationsFolder,
  openDatabase,
  wrapPglite,
} from "#api/db/client";
import * as schema from "#api/db/schema/index";

// The database every API test runs against: an in-memory PGlite by default, or a brand-new
// PostgreSQL database with TEST_DB_KIND=postgres and TEST_DATABASE_URL (any database on the
// server; it is only used to create and drop the test databases).
//
// Both are made from a migrated template, so a test pays for a copy, not for the migrations:
// - PGlite: a data-folder dump of a migrated instance, cached in the OS temp folder (keyed by the
//   migrations and the PGlite version) and loaded into each new instance.
// - PostgreSQL: a template database `shop_test_tmpl_<hash>` copied with CREATE DATABASE ... TEMPLATE.

/** A fresh, migrated, empty database; `close()` disposes of it (a PostgreSQL one is dropped). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL (a PostgreSQL URL)");
    return createPostgresDatabase(serverUrl);
  }
  return createPgliteDatabase();
}

/**
 * A fresh database with no migrations applied (for upgrade tests, which migrate it step by step);
 * `close()` disposes of it.
 */
export async function createEmptyDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL (a PostgreSQL URL)");
    const name = `shop_test_${randomBytes(6).toString("hex")}`;
    await withServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 2 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await withServer(serverUrl, (client) =>
          client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
        );
      },
    };
  }
  return openDatabase({});
}

/** A statement sent to the database, and when (performance.now()). */
export interface LoggedStatement {
  sql: string;
  at: number;
}

/**
 * The same database through a second drizzle instance on the same client (PGlite, or the pool),
 * which keeps every statement it sends, in order: to count what a piece of code costs.
 */
export function loggingDatabase(handle: DatabaseHandle): { db: Database; statements: LoggedStatement[] } {
  const statements: LoggedStatement[] = [];
  const logger = { logQuery: (query: string) => void statements.push({ sql: query, at: performance.now() }) };
  const config = { schema, casing: "snake_case", logger } as const;
  // NOTE: drizzle's database carries its client as `$client`; the shared Database type hides it.
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const db: Database =
    client instanceof PGlite ? drizzlePglite({ client, ...config }) : drizzlePostgres({ client, ...config });
  return { db, statements };
}

/** Hash of the migrations, so a template is rebuilt whenever they change. */
function migrationsHash(folder: string): string {
  const hash = createHash("sha256");
  const files = [
    join("meta", "_journal.json"),
    ...readdirSync(folder)
      .filter((f) => f.endsWith(".sql"))
      .sort(),
  ];
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(join(folder, file)));
  return hash.digest("hex").slice(0, 12);
}

// ---- PGlite ----

let pgliteTemplate: Promise<Blob> | undefined;

async function createPgliteDatabase(): Promise<DatabaseHandle> {
  pgliteTemplate ??= loadPgliteTemplate();
  const client = new PGlite({ loadDataDir: await pgliteTemplate, extensions: { pg_trgm } });
  await client.waitReady;
  return wrapPglite(client);
}

async function loadPgliteTemplate(): Promise<Blob> {
  const folder = migrationsFolder();
  const cacheDir = join(tmpdir(), "shop-api-test-db");
  const cacheFile = join(cacheDir, `pglite-${pgliteVersion()}-${migrationsHash(folder)}.tar`);
  if (existsSync(cacheFile)) return new Blob([readFileSync(cacheFile)]);

  const handle = await openDatabase({});
  try {
    await migrate(handle, folder);
    const dump = await dumpPglite(handle);
    mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed, so a parallel worker never reads half a file.
    const partial = `${cacheFile}.${randomBytes(4).toString("hex")}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, cacheFile);
    return dump;
  } finally {
    await handle.close();
  }
}

async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  // NOTE: drizzle's PGlite database carries its client as `$client`; the shared Database type hides it.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir("none");
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(join(dirname(entry), "..", "package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

// ---- PostgreSQL ----

let postgresTemplate: Promise<string> | undefined;

async function createPostgresDatabase(serverUrl: string): Promise<DatabaseHandle> {
  postgresTemplate ??= ensurePostgresTemplate(serverUrl);
  const template = await postgresTemplate;
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Makes sure the migrated template database exists (built once per migrations hash) and names it. */
async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const folder = migrationsFolder();
  const name = `shop_test_tmpl_${migrationsHash(folder)}`;
  if (await databaseExists(serverUrl, name)) return name;

  // Built under a temporary name and renamed when complete: a crash never leaves a half-migrated
  // template behind, and of two workers building at once the second simply drops its copy.
  const building = `${name}_${randomBytes(4).toString("hex")}`;
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE "${building}"`));
  try {
    const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building), poolSize: 2 });
    try {
      await migrate(handle, folder);
    } finally {
      await handle.close();
    }
    await renameDatabase(serverUrl, building, name);
  } catch (error) {
    await withServer(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`),
    );
    // Another worker published the same template first.
    if (isPgError(error, "42P04")) return name;
    throw error;
  }
  return name;
}

async function renameDatabase(serverUrl: string, from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withServer(serverUrl, (client) => client.query(`ALTER DATABASE "${from}" RENAME TO "${to}"`));
      return;
    } catch (error) {
      // NOTE: the server may still be closing the backends of the pool just ended (55006).
      if (!isPgError(error, "55006") || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const result = await withServer(serverUrl, (client) =>
    client.query("select 1 from pg_database where datname = $1", [name]),
  );
  return result.rowCount === 1;
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function isPgError(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}
