import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Assume, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index";

/**
 * What `db.execute()` returns on both drivers: the rows. Anything else differs (node-postgres has
 * `rowCount`, PGlite `affectedRows`), so to learn which rows a write touched use `.returning()`.
 */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this["row"], Record<string, unknown>>>;
}

export interface QueryRows<TRow> {
  rows: TRow[];
}

/** The database as repos see it: the same query API whichever driver is underneath. */
export type Database = PgDatabase<QueryResultHKT, typeof schema>;

/** A transaction handed to `db.transaction(async (tx) => ...)`; repos accept `Database | Transaction`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Closes the pool or the embedded database; the handle is unusable afterwards. */
  close(): Promise<void>;
  /** Resolves when the database answers a trivial query (readiness checks). */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (from any instance), until the returned stop is
   * called. On PostgreSQL a connection of its own listens, outside the pool; when it drops it is
   * opened again a second later, and `onNotify` is called once it listens again, as notifications
   * sent meanwhile are lost.
   */
  listen(channel: string, onNotify: () => void): () => Promise<void>;
  /** The node-postgres pool's connections now (metrics); PGlite has no pool and leaves it out. */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Connections open, idle ones included. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because every one is in use. */
  waiting: number;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when set, node-postgres is used instead of PGlite. */
  databaseUrl?: string;
  /** The PGlite data folder (created if missing); undefined keeps the database in memory. */
  dataDir?: string;
  /** How long one query may take before the client gives up (default 10 s; the bench's bulk load needs more). */
  queryTimeoutMs?: number;
  /** Connections in the node-postgres pool (default 10). */
  poolSize?: number;
  /** Told about errors of idle pooled connections (a restarted server, a dropped connection). */
  onPoolError?: (error: Error) => void;
}

// NOTE: both drizzle migrators take their driver's concrete database type, which the shared
// `Database` type hides; each handle registers how to migrate itself here.
const migrators = new WeakMap<Database, (migrationsFolder: string) => Promise<void>>();

// The node-postgres pool of each database opened on PostgreSQL (readSideBySide asks it for a second
// connection); PGlite has one connection and none.
const pools = new WeakMap<Database, pg.Pool>();

// Any constant works; it only has to be the same for every instance of the API.
const MIGRATION_LOCK_KEY = 7_214_190_311;

const drizzleConfig = { schema, casing: "snake_case" } as const;

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a request waits for the answer to one query before it is answered 503. Every query of a
 * request takes milliseconds; this bounds a connection that froze mid-way (a network partition),
 * which the operating system would otherwise notice only after many minutes. Migrations have none.
 */
const QUERY_TIMEOUT_MS = 10_000;

/** Opens PostgreSQL through a node-postgres pool when `databaseUrl` is set, otherwise PGlite. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir);
}

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  // NOTE: without a connect timeout, a database host that does not answer holds every request
  // forever; with it, such a request (and one that waited that long for a free connection) gets 503.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
  });
  // NOTE: without a listener, an error on an idle client (server restart, network drop) is an
  // unhandled 'error' event and kills the process; the pool discards the client by itself.
  pool.on(
    "error",
    options.onPoolError ??
      ((error) => {
        console.error(`database pool: idle client error: ${error.message}`);
      }),
  );
  // NOTE: the pool listens only to its idle clients. A checked-out one (inside a transaction) whose
  // connection drops also emits 'error', which, unheard, kills the process; its query fails on its
  // own (503) and the pool discards the broken client when it is released.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePostgres({ client: pool, ...drizzleConfig });
  pools.set(db, pool);
  migrators.set(db, async (migrationsFolder) => {
    // Several API instances may start together: a session advisory lock, held on a connection of
    // its own (outside the pool, which may be small), makes them migrate one after the other. The
    // migrations run on that connection too, free of the pool's query timeout (an index on a large
    // table may take longer).
    const lockClient = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An error on this connection only loses the lock; it must not crash the process.
    lockClient.on("error", () => undefined);
    await lockClient.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      await migratePostgres(drizzlePostgres({ client: lockClient, ...drizzleConfig }), { migrationsFolder });
    } finally {
      // Ending the connection releases the lock as well.
      await lockClient.end();
    }
  });
  return {
    db,
    kind: "postgres",
    close: () => pool.end(),
    ping: async () => {
      await pool.query("select 1");
    },
    listen: (channel, onNotify) => listenOnPostgres(databaseUrl, channel, onNotify),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** How long a dropped listening connection waits before it is opened again. */
const RELISTEN_MS = 1_000;

function listenOnPostgres(databaseUrl: string, channel: string, onNotify: () => void): () => Promise<void> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    client = undefined;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void open(true);
    }, RELISTEN_MS);
    retry.unref();
  };
  const open = async (reopened: boolean) => {
    const listener = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client = listener;
    // An error or end of this connection only stops the listening until it is opened again.
    listener.on("error", () => listener.end().catch(() => undefined));
    listener.on("end", () => {
      if (client === listener) again();
    });
    listener.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await listener.connect();
      await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (stopped) await listener.end();
      else if (reopened) onNotify();
    } catch {
      await listener.end().catch(() => undefined);
      if (client === listener) again();
    }
  };
  void open(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  await client.waitReady;
  return wrapPglite(client);
}

/** Wraps an open PGlite instance (it must have the pg_trgm extension loaded). */
export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, ...drizzleConfig });
  migrators.set(db, async (migrationsFolder) => {
    await migratePglite(db, { migrationsFolder });
  });
  return {
    db,
    kind: "pglite",
    close: () => client.close(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => {
      const unlisten = client.listen(channel, () => onNotify());
      return async () => {
        // NOTE: a closed PGlite cannot unlisten; closing it ended the listening anyway.
        if (!client.closed) await (await unlisten)();
      };
    },
  };
}

const READ_ONLY_SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;

/** What `pg_export_snapshot()` answers ("00000003-0000001B-1"), checked before it is written into SQL. */
const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+-[0-9]+$/;

/**
 * Runs the reads at once, each in a read-only repeatable-read transaction on a pooled connection of its
 * own, all reading the same snapshot (`pg_export_snapshot()` in the first, `SET TRANSACTION SNAPSHOT`
 * in the others): their figures tie to one another as if one transaction had read them, in the time
 * of the slowest on a host of as many cores. On PGlite (one connection), or when the pool cannot give
 * a connection to each at once (one would be waited for while the others are held), they run one
 * after the other in one transaction. Answers in the reads' order.
 */
export async function readSideBySide<T extends unknown[]>(
  db: Database,
  ...reads: { [K in keyof T]: (tx: Transaction) => Promise<T[K]> }
): Promise<T> {
  const all = reads as readonly ((tx: Transaction) => Promise<unknown>)[];
  const pool = pools.get(db);
  // A connection for each read to be had at once: idle ones, or room in the pool for new ones.
  const free = pool ? pool.idleCount + (pool.options.max ?? 10) - pool.totalCount : 0;
  const spare = pool && pool.waitingCount === 0 && free >= all.length;
  if (!spare)
    return db.transaction(async (tx) => {
      const answers: unknown[] = [];
      for (const read of all) answers.push(await read(tx));
      return answers as T;
    }, READ_ONLY_SNAPSHOT);
  const [first, ...others] = all;
  if (!first) return [] as unknown[] as T;
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`);
    const snapshot = rows[0]?.id ?? "";
    if (!SNAPSHOT_ID.test(snapshot)) throw new Error(`readSideBySide: unexpected snapshot id "${snapshot}"`);
    const beside = others.map((read) =>
      db.transaction(async (other) => {
        await other.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
        return read(other);
      }, READ_ONLY_SNAPSHOT),
    );
    // All settle before the first transaction ends: the others import its snapshot while it is open.
    const settled = await Promise.allSettled([first(tx), ...beside]);
    const failed = settled.find((answer) => answer.status === "rejected");
    if (failed) throw failed.reason;
    return settled.map((answer) => (answer.status === "fulfilled" ? answer.value : undefined)) as T;
  }, READ_ONLY_SNAPSHOT);
}

/** Applies the pending SQL migrations (idempotent; safe with several instances starting at once). */
export async function migrate(
  handle: Pick<DatabaseHandle, "db">,
  folder = migrationsFolder(),
): Promise<void> {
  const run = migrators.get(handle.db);
  if (!run) throw new Error("migrate: the database was not opened with openDatabase()");
  await run(folder);
}

/**
 * Applies the pending migrations as the tables' owner when the shop runs as another role
 * (MIGRATION_DATABASE_URL, docs/operations.md): through a connection of its own, closed once they
 * are applied; otherwise through the shop's own connection.
 */
export async function migrateAsOwner(handle: DatabaseHandle, ownerUrl: string | undefined): Promise<void> {
  if (!ownerUrl) return migrate(handle);
  const owner = await openDatabase({ databaseUrl: ownerUrl, poolSize: 1 });
  try {
    await migrate(owner);
  } finally {
    await owner.close();
  }
}

/**
 * The folder of the generated migrations. This module runs from `src/db/client.ts` (tsx, tests)
 * and bundled into `dist/server.js`, so the folder is looked up relative to either place.
 */
export function migrationsFolder(): string {
  const candidates = ["./migrations", "../src/db/migrations", "./db/migrations"].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((folder) => existsSync(join(folder, "meta", "_journal.json")));
  if (!found) throw new Error(`No migrations folder found; looked in ${candidates.join(", ")}`);
  return found;
}
