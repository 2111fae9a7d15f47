/**
 * What db/prepared.ts reads from drizzle beyond its public API: the session's `prepareQuery` and its
 * parameters, a prepared query's `getQuery()`, `fields` and `joinsNotNullableMap`. drizzle-orm is
 * pinned to an exact version (apps/api/package.json); an upgrade that changes any of these fails
 * here, saying which, before a statement built once maps its rows wrongly.
 */
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { npmVersion } from "drizzle-orm/version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#test/db";
import type { Database, DatabaseHandle } from "./client";
import { builtOnce, sqlBuiltOnce } from "./prepared";
import { addresses } from "./schema/addresses";
import { users } from "./schema/users";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const p = sql.placeholder;

/** The names of a function's parameters, as its source declares them. */
function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const declared = /^[^(]*\(([^)]*)\)/.exec(fn.toString())?.[1] ?? "";
  return declared
    .split(",")
    .map((name) => name.replace(/=.*$/s, "").trim())
    .filter((name) => name.length > 0);
}

/** A shopper with an address, and one without. */
async function twoShoppers(db: Database, tag: string) {
  const [withAddress, without] = await db
    .insert(users)
    .values(
      ["a", "b"].map((x) => ({
        firstName: `Asha ${x}`,
        lastName: "Rao",
        email: `prepared-${tag}-${x}@example.com`,
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id });
  if (!withAddress || !without) throw new Error("the shoppers were not written");
  await db.insert(addresses).values({
    userId: withAddress.id,
    firstName: "Asha",
    lastName: "Rao",
    phoneNumber: "9876543210",
    building: "12 Lake View",
    street: "MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560001",
  });
  return [withAddress.id, without.id];
}

/** Shoppers with their address, if any: a left join, whose missing side must come back as null. */
const shoppersWithAddress = (db: Database) =>
  db
    .select({ id: users.id, firstName: users.firstName, address: addresses })
    .from(users)
    .leftJoin(addresses, eq(addresses.userId, users.id))
    .where(sql`${users.email} like ${p("pattern")}`)
    .orderBy(asc(users.email));

describe("the drizzle internals db/prepared.ts reads", () => {
  it("is drizzle-orm at the exact version apps/api/package.json pins", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const pinned = manifest.dependencies["drizzle-orm"];
    expect(
      pinned,
      "drizzle-orm must be pinned to one version (no ^ or ~): db/prepared.ts reads its internals",
    ).toMatch(/^\d+\.\d+\.\d+$/);
    expect(npmVersion, "the installed drizzle-orm is not the version apps/api/package.json pins").toBe(
      pinned,
    );
  });

  it("prepares a query through the session as (query, fields, name, isResponseInArrayMode, ...)", async () => {
    const check = (db: Database, where: string) => {
      const prepareQuery = db._.session.prepareQuery;
      expect(typeof prepareQuery, `${where}: session.prepareQuery is gone`).toBe("function");
      expect(
        parameterNames(prepareQuery).slice(0, 4),
        `${where}: session.prepareQuery's first parameters changed; runTemplate passes them by position`,
      ).toEqual(["query", "fields", "name", "isResponseInArrayMode"]);
    };
    check(database.db, "a database");
    await database.db.transaction(async (tx) => check(tx, "a transaction"));
  });

  it("keeps a select's text, fields and joins' nullability on its prepared query", () => {
    const prepared = shoppersWithAddress(database.db).prepare("prepared_test_shape") as unknown as Record<
      string,
      unknown
    > & { getQuery?: () => unknown };
    expect(typeof prepared.getQuery, "a prepared query no longer has getQuery()").toBe("function");
    const query = prepared.getQuery?.() as { sql?: unknown; params?: unknown };
    expect(typeof query.sql, "getQuery() no longer answers { sql }").toBe("string");
    expect(Array.isArray(query.params), "getQuery() no longer answers { params } as an array").toBe(true);
    const fields = prepared.fields as { path?: unknown; field?: unknown }[] | undefined;
    expect(
      Array.isArray(fields),
      "a prepared query's `fields` is no longer the list of selected fields",
    ).toBe(true);
    expect(
      fields?.map((f) => (Array.isArray(f.path) ? f.path.join(".") : f.path)).slice(0, 3),
      "a prepared query's `fields` no longer lists each field with its path in the result",
    ).toEqual(["id", "firstName", "address.id"]);
    expect(
      prepared.joinsNotNullableMap,
      "a prepared query's `joinsNotNullableMap` no longer maps each joined table to whether it is always there",
    ).toEqual({ users: true, addresses: false });
  });

  it("answers a select built once as the query builder does, a left join's missing side as null", async () => {
    const [withAddress, without] = await twoShoppers(database.db, "select");
    const pattern = "prepared-select-%";
    const once = builtOnce(undefined, shoppersWithAddress);
    const expected = await shoppersWithAddress(database.db).execute({ pattern });
    expect(expected.map((row) => [row.id, row.address === null])).toEqual([
      [withAddress, false],
      [without, true],
    ]);
    expect(await once(database.db, { pattern }), "a select built once maps its rows otherwise").toEqual(
      expected,
    );
    // Built on one handle, run on another: a transaction's session.
    await database.db.transaction(async (tx) => {
      expect(
        await once(tx, { pattern }),
        "a select built once maps its rows otherwise in a transaction",
      ).toEqual(expected);
    });
  });

  it("answers a write built once with its returning rows, and raw SQL with the driver's rows", async () => {
    const [id] = await twoShoppers(database.db, "write");
    const rename = builtOnce("prepared_test_rename", (db) =>
      db
        .update(users)
        .set({ firstName: sql`${p("firstName")}` })
        .where(eq(users.id, sql`${p("id")}`))
        .returning({ id: users.id, firstName: users.firstName, createdAt: users.createdAt }),
    );
    const renamed = await rename(database.db, { id, firstName: "Meera" });
    expect(renamed).toEqual([{ id, firstName: "Meera", createdAt: expect.any(Date) }]);

    const raw = sqlBuiltOnce<{ first_name: string }>(
      sql`select first_name from ${users} where id = ${p("id")}`,
    );
    const plain = await database.db.execute<{ first_name: string }>(
      sql`select first_name from ${users} where id = ${id}`,
    );
    expect(await raw(database.db, { id }), "raw SQL built once answers other rows than db.execute").toEqual(
      plain.rows,
    );
  });
});
