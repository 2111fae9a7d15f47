/**
 * Shiprocket's token is renewed by one login however many ask at once: callers of one process share
 * a promise, and instances (two pools on the same PostgreSQL database) an advisory lock.
 */
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#api/db/client";
import { createTestDatabase, loggingDatabase } from "#test/db";
import { ShiprocketFake } from "#test/shiprocket-fake";
import { ShiprocketClient } from "./client";

const log = Fastify({ logger: false }).log;
const PARCEL = { pickup_postcode: "400001", delivery_postcode: "560001", weight: 0.5, cod: false };

let fake: ShiprocketFake;
let handle: DatabaseHandle;

function clientOn(db: DatabaseHandle["db"]) {
  return new ShiprocketClient({
    email: fake.email,
    password: fake.password,
    apiBase: fake.url,
    db,
    log,
    timeoutMs: 5_000,
    backoffMs: 1,
  });
}

beforeAll(async () => {
  fake = await ShiprocketFake.start();
});
afterAll(async () => fake.close());
beforeEach(async () => {
  handle = await createTestDatabase();
  fake.logins = 0;
  fake.loginDelayMs = 100;
});
afterEach(async () => handle.close());

/** A second pool on the same database, as another instance of the shop has; PGlite has one connection. */
async function secondInstance(): Promise<{ db: DatabaseHandle["db"]; close: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== "postgres" || !server) return { db: handle.db, close: async () => {} };
  const [row] = (await handle.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
  const url = new URL(server);
  url.pathname = `/${row?.name}`;
  const other = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return { db: other.db, close: () => other.close() };
}

describe("Shiprocket's token", () => {
  it("is got by one login, and one turn of the lock, under 10 concurrent calls of one instance", async () => {
    const { db, statements } = loggingDatabase(handle);
    const client = clientOn(db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.serviceability(PARCEL)));
    expect(answers.every((answer) => answer.couriers.length > 0)).toBe(true);
    expect(fake.logins).toBe(1);
    expect(fake.callsOf("serviceability")).toHaveLength(10);
    // The callers shared one renewal: one transaction held the lock, not ten in a queue.
    expect(statements.filter((s) => s.sql.includes("pg_advisory_xact_lock"))).toHaveLength(1);
  });

  it("is got by one login when two instances (two pools on one database) ask at once, 10 calls each", async () => {
    const other = await secondInstance();
    try {
      const first = clientOn(handle.db);
      const second = clientOn(other.db);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first : second).serviceability(PARCEL)),
      );
      expect(fake.logins).toBe(1);
      // A third instance, started later, takes the stored token without a login.
      await clientOn(other.db).serviceability(PARCEL);
      expect(fake.logins).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("is renewed by one login when Shiprocket answers 401 to 10 concurrent calls, each sent once more", async () => {
    const client = clientOn(handle.db);
    await client.serviceability(PARCEL);
    fake.expireTokens();
    const before = fake.callsOf("serviceability").length;
    await Promise.all(Array.from({ length: 10 }, () => client.serviceability(PARCEL)));
    expect(fake.logins).toBe(2);
    expect(fake.callsOf("serviceability").length - before).toBe(20);
  });

  it("is renewed by one login across two instances when both meet a 401", async () => {
    const other = await secondInstance();
    try {
      const first = clientOn(handle.db);
      const second = clientOn(other.db);
      await Promise.all([first.serviceability(PARCEL), second.serviceability(PARCEL)]);
      expect(fake.logins).toBe(1);
      fake.expireTokens();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).serviceability(PARCEL)),
      );
      expect(fake.logins).toBe(2);
    } finally {
      await other.close();
    }
  });
});
