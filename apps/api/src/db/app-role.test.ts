/**
 * The logs stay append-only against whoever runs the server: their triggers fire under
 * session_replication_role = replica (migration 0045), and on PostgreSQL the role docs/operations.md
 * gives the app (its statements are read from there and run) writes the shop but cannot change,
 * empty or unguard a log.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#api/app";
import { type DatabaseHandle, migrate, migrateAsOwner, openDatabase } from "#api/db/client";
import { activity } from "#api/db/schema/activity";
import { stockMovements } from "#api/db/schema/inventory";
import { settingsChanges } from "#api/db/schema/settings";
import { customerNotes } from "#api/db/schema/users";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, productBody } from "#test/catalog";
import { type Caller, quickUser, STORE_DETAILS } from "#test/fixtures";

/** The three logs, with a row of each written by the shop itself. */
const LOGS = ["activity", "stock_movements", "settings_changes"] as const;

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
  // A product made (its entry, and its first stock movement) and a setting saved (its change and
  // entry), as staff make them.
  await writeThroughTheShop(t.app, "Owner's product");
  await t.database.db
    .insert(customerNotes)
    .values({ userId: admin.user.id, authorName: "Test", note: "Kept" });
});
afterAll(async () => t?.close());

/** Makes a product and saves the store's details through the API; each must succeed. */
async function writeThroughTheShop(app: FastifyInstance, name: string): Promise<string> {
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  const made = await inject(app, {
    method: "POST",
    url: "/api/products",
    cookie: admin.cookie,
    payload: productBody({ category: category.id, thumbnail: media.id }, { name, stock: 7 }),
  });
  expect(made.statusCode, made.body).toBe(201);
  const saved = await inject(app, {
    method: "PUT",
    url: "/api/settings/store",
    cookie: admin.cookie,
    payload: { ...STORE_DETAILS, name },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return made.json().data._id;
}

/** The database's own words for a refused statement (drizzle wraps them as the error's cause). */
function databaseMessage(error: unknown): string {
  if (error instanceof Error && error.cause !== undefined) return databaseMessage(error.cause);
  return error instanceof Error ? error.message : String(error);
}

/** What the database said when it refused `work`; fails when it did not refuse. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return databaseMessage(error);
  }
  throw new Error("the statement was not refused");
}

/** How many rows each log holds, as the owner sees them. */
async function logCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of LOGS) {
    const result = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(result.rows[0]?.n);
  }
  return counts;
}

describe("under session_replication_role = replica", () => {
  /** Runs `statement` in a transaction of its own that has set the replica role. */
  function asReplica(statement: SQL) {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const role = await tx.execute<{ role: string }>(
        sql`select current_setting('session_replication_role') as role`,
      );
      expect(role.rows[0]?.role).toBe("replica");
      await tx.execute(statement);
    });
  }

  it("still refuses to change, remove or empty a log's rows", async () => {
    const before = await logCounts();
    for (const table of LOGS) {
      expect(before[table], table).toBeGreaterThan(0);
      const name = sql.identifier(table);
      for (const statement of [
        sql`update ${name} set at = at - interval '1 day'`,
        sql`delete from ${name}`,
        sql`truncate ${name}`,
      ])
        expect(await refusal(asReplica(statement)), table).toMatch(/append-only/);
    }
    expect(await refusal(asReplica(sql`update customer_notes set note = 'Changed'`))).toMatch(/append-only/);
    expect(await logCounts()).toEqual(before);
  });

  it("still writes the movement of a change of stock", async () => {
    const [variant] = await t.database.db
      .execute<{ id: string; stock: number }>(sql`select id, stock from product_variants limit 1`)
      .then((result) => result.rows);
    if (!variant) throw new Error("no variant");
    await asReplica(sql`update product_variants set stock = stock + 3 where id = ${variant.id}`);
    const [movement] = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variant.id))
      .orderBy(sql`${stockMovements.id} desc`)
      .limit(1);
    expect(movement).toMatchObject({ change: 3, stockAfter: variant.stock + 3 });
  });
});

describe.runIf(process.env.TEST_DB_KIND === "postgres")("the role the app runs as (PostgreSQL)", () => {
  // NOTE: roles belong to the whole server, not to the test's database: each run makes its own.
  const role = `shop_app_${randomBytes(6).toString("hex")}`;
  let databaseName = "";
  let ownerUrl = "";
  let appUrl = "";
  let app: DatabaseHandle | undefined;
  let appServer: FastifyInstance | undefined;
  let appClient: pg.Client | undefined;

  beforeAll(async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL");
    const current = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    databaseName = String(current.rows[0]?.name);
    ownerUrl = urlOf(serverUrl, { database: databaseName });
    appUrl = urlOf(serverUrl, { database: databaseName, user: role });
    await asOwner(async (owner) => {
      await owner.query(`CREATE ROLE "${role}" LOGIN`);
      await owner.query(documentedGrants(role, databaseName));
    });
    app = await openDatabase({ databaseUrl: appUrl, poolSize: 2 });
    appClient = new pg.Client({ connectionString: appUrl });
    appClient.on("error", () => undefined);
    await appClient.connect();
  });

  afterAll(async () => {
    await appServer?.close();
    await app?.close();
    await appClient?.end();
    if (!ownerUrl) return;
    // Its privileges (on the database too) and default privileges go first; then the role can.
    await asOwner(async (owner) => {
      await owner.query(`DROP OWNED BY "${role}"`);
      await owner.query(`DROP ROLE "${role}"`);
    });
  });

  async function asOwner(work: (client: pg.Client) => Promise<void>): Promise<void> {
    const client = new pg.Client({ connectionString: ownerUrl });
    client.on("error", () => undefined);
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }

  function appQuery(statement: string): Promise<unknown> {
    if (!appClient) throw new Error("no connection as the app");
    return appClient.query(statement);
  }

  it("is not the tables' owner, nor a superuser", async () => {
    const result = await appClient?.query<{ superuser: boolean; owns: number }>(
      `select rolsuper as superuser,
        (select count(*)::int from pg_tables where tableowner = current_user) as owns
      from pg_roles where rolname = current_user`,
    );
    expect(result?.rows[0]).toEqual({ superuser: false, owns: 0 });
  });

  it("cannot apply migrations itself; the shop starts with them applied as the owner (MIGRATION_DATABASE_URL) and writes through the app: the logs get their rows", async () => {
    if (!app) throw new Error("no database as the app");
    // drizzle's migrator creates its schema first, which PostgreSQL allows only to a role that could.
    await expect(migrate(app)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/permission denied/) }),
    });
    await migrateAsOwner(app, ownerUrl);
    appServer = await buildApp({ config: t.config, database: app, logger: false });
    await appServer.ready();
    const before = await logCounts();
    const productId = await writeThroughTheShop(appServer, "App's product");
    const after = await logCounts();
    for (const table of LOGS) expect(after[table], table).toBeGreaterThan(Number(before[table]));
    const entries = await t.database.db.select().from(activity).where(eq(activity.subjectId, productId));
    expect(entries.map((entry) => entry.kind)).toEqual(["product.created"]);
    const [change] = await t.database.db
      .select()
      .from(settingsChanges)
      .orderBy(sql`${settingsChanges.at} desc`)
      .limit(1);
    expect(change?.after).toMatchObject({ name: "App's product" });
  });

  it("cannot change, remove or empty a log's rows", async () => {
    const before = await logCounts();
    for (const table of LOGS) {
      expect(await refusal(appQuery(`update ${table} set at = at - interval '1 day'`)), table).toMatch(
        /append-only/,
      );
      expect(await refusal(appQuery(`delete from ${table}`)), table).toMatch(/append-only/);
      expect(await refusal(appQuery(`truncate ${table}`)), table).toMatch(/permission denied/);
    }
    expect(await logCounts()).toEqual(before);
  });

  it("cannot turn a log's rules off, replace them or drop the log", async () => {
    const before = await logCounts();
    for (const [table, trigger, fn] of [
      ["activity", "activity_append_only", "activity_append_only"],
      ["activity", "activity_no_truncate", "activity_append_only"],
      ["stock_movements", "stock_movements_append_only", "stock_movements_append_only"],
      ["stock_movements", "stock_movements_no_truncate", "log_no_truncate"],
      ["settings_changes", "settings_changes_append_only", "settings_changes_append_only"],
      ["settings_changes", "settings_changes_no_truncate", "log_no_truncate"],
    ] as const) {
      for (const statement of [
        `alter table ${table} disable trigger ${trigger}`,
        `alter table ${table} disable trigger all`,
        `alter table ${table} enable replica trigger ${trigger}`,
        `drop trigger ${trigger} on ${table}`,
        `alter table ${table} owner to "${role}"`,
        `drop table ${table}`,
      ])
        expect(await refusal(appQuery(statement)), statement).toMatch(/must be owner of (table|relation)/);
      expect(
        await refusal(
          appQuery(
            `create or replace function ${fn}() returns trigger language plpgsql as $$ begin return null; end $$`,
          ),
        ),
        fn,
      ).toMatch(/must be owner of function|permission denied for schema public/);
    }
    // The stock movements' writer too: without it a change of stock would leave no movement.
    expect(
      await refusal(appQuery("alter table product_variants disable trigger product_variants_stock_movement")),
    ).toMatch(/must be owner of table/);
    expect(await refusal(appQuery("set session_replication_role = replica"))).toMatch(
      /permission denied to set parameter "session_replication_role"/,
    );
    expect(await logCounts()).toEqual(before);
    // Every trigger is still there and fires whatever the replication role ('A': always).
    const triggers = await t.database.db.execute<{ name: string; enabled: string }>(
      sql`select tgname as name, tgenabled as enabled from pg_trigger
        where tgrelid in ('activity'::regclass, 'stock_movements'::regclass, 'settings_changes'::regclass)
          and not tgisinternal order by tgname`,
    );
    expect(triggers.rows).toEqual(
      [
        "activity_append_only",
        "activity_no_truncate",
        "settings_changes_append_only",
        "settings_changes_no_truncate",
        "stock_movements_append_only",
        "stock_movements_no_truncate",
      ].map((name) => ({ name, enabled: "A" })),
    );
  });
});

/** `serverUrl` with another database, and user when given. */
function urlOf(serverUrl: string, { database, user }: { database: string; user?: string }): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = "";
  }
  return url.toString();
}

/**
 * The grants docs/operations.md gives the app (the second SQL block of its section), for `role` in
 * the database `database`: the document is what an operator runs, so it is what is tested.
 */
function documentedGrants(role: string, database: string): string {
  const document = readFileSync(new URL("../../../../docs/operations.md", import.meta.url), "utf8");
  const section = document.split("\n## The database role the app runs as\n")[1]?.split("\n## ")[0] ?? "";
  const grants = [...section.matchAll(/```sql\n([\s\S]*?)```/g)][1]?.[1];
  if (!grants?.includes("GRANT")) throw new Error("docs/operations.md: no grants for the app's role found");
  return grants
    .replaceAll(/\bshop_app\b/g, `"${role}"`)
    .replaceAll(/\bDATABASE shop\b/g, `DATABASE "${database}"`);
}
