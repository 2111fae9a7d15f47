/**
 * readSideBySide (db/client.ts): two reads at once on two connections of the pool, in one snapshot
 * (PostgreSQL), or one after the other in one transaction (PGlite).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#test/db";
import { type Database, type DatabaseHandle, openDatabase, readSideBySide, type Transaction } from "./client";
import { categories } from "./schema/categories";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const SLUG = "side-by-side";

async function seen(tx: Database | Transaction): Promise<{ pid: number; categories: number }> {
  const { rows } = await tx.execute<{ pid: number; n: number }>(
    sql`select pg_backend_pid() as pid, (select count(*)::int from ${categories} where slug = ${SLUG}) as n`,
  );
  return { pid: Number(rows[0]?.pid), categories: Number(rows[0]?.n) };
}

describe("readSideBySide", () => {
  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "reads on two connections at once, both in the snapshot of the first",
    async () => {
      const { db } = database;
      let secondOpen = () => {};
      const opened = new Promise<void>((resolve) => {
        secondOpen = resolve;
      });
      let categoryWritten = () => {};
      const written = new Promise<void>((resolve) => {
        categoryWritten = resolve;
      });
      const [first, second] = await readSideBySide(
        db,
        async (tx) => {
          // Both transactions are open: a third connection now writes a category and commits it.
          await opened;
          await db.insert(categories).values({ name: "Side by side", slug: SLUG });
          categoryWritten();
          return seen(tx);
        },
        async (tx) => {
          secondOpen();
          await written;
          // Its first read comes after the commit: it sees the category unless the snapshot is the first's.
          return seen(tx);
        },
      );
      expect(first.pid).not.toBe(second.pid);
      expect(first.categories).toBe(0);
      expect(second.categories).toBe(0);
      // Three reads: a connection each.
      const three = await readSideBySide(db, seen, seen, seen);
      expect(new Set(three.map((read) => read.pid)).size).toBe(3);
      expect((await seen(db)).categories).toBe(1);
      await db.delete(categories).where(eq(categories.slug, SLUG));
    },
  );

  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "reads one part after the other when the pool cannot give two connections at once",
    async () => {
      const { rows } = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const url = new URL(process.env.TEST_DATABASE_URL ?? "");
      url.pathname = `/${rows[0]?.name}`;
      const one = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        const [first, second] = await readSideBySide(one.db, seen, seen);
        expect(first.pid).toBe(second.pid);
      } finally {
        await one.close();
      }
    },
  );

  it("answers both parts in order, and a failing part fails the whole", async () => {
    const { db } = database;
    const [a, b] = await readSideBySide(
      db,
      async (tx) => (await seen(tx)).categories,
      async () => "second",
    );
    expect([a, b]).toEqual([0, "second"]);
    const three = await readSideBySide(
      db,
      async () => "first",
      async (tx) => (await seen(tx)).categories,
      async () => 3,
    );
    expect(three).toEqual(["first", 0, 3]);
    await expect(
      readSideBySide(
        db,
        async () => 1,
        async (tx) => tx.execute(sql`select 1 / 0`),
      ),
    ).rejects.toThrow(/select 1 \/ 0/);
    // Nothing is left open: the pool still answers.
    expect((await seen(db)).categories).toBe(0);
  });
});
