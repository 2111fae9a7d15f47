/**
 * Generated bad input: every operation of the OpenAPI document is called with
 * requests made by fast-check from its own schemas, valid and hostile, as a caller who may use it
 * (so that the guard lets the request through to validation and the service). Whatever comes in:
 * never a 5xx, always the envelope with a shop message, the documented schema for a documented
 * status, and no row changed by a refused write.
 *
 * Runs are seeded: a failure prints the seed and path, and `FUZZ_SEED` / `FUZZ_RUNS` replay or widen it.
 */

import { api, validation } from "@shop/shared/messages";
import { STANDARD_SHIPPING } from "@shop/shared/shipping";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { ACCESS, type Access } from "./access";
import { createTestApp, type TestApp } from "./app";
import { takeConformanceProblems } from "./conformance";
import { changesSince, type Snapshot, snapshot } from "./db-snapshot";
import { envelopeProblems, isShopMessage } from "./envelope-check";
import { type Caller, idsOf, makeShop, quickUser, type Shop, webhookWithDelivery } from "./fixtures";
import {
  type GeneratedRequest,
  knownValues,
  type Pools,
  PROTOTYPE_MARK,
  requestArbitrary,
  toInjectOptions,
} from "./fuzz-requests";
import { type Operation, readOperations } from "./openapi";
import { EXTRA_FIELDS, type JsonSchema } from "./schema-arbitraries";
import { ShiprocketFake } from "./shiprocket-fake";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/**
 * Runs per operation: writes get more, as they have more to get wrong. When the suite also runs on
 * PostgreSQL (the production database), PGlite's run makes a quarter of them: the generated input
 * meets the same validation on both, and this file is the suite's longest.
 */
const SHARE = process.env.TEST_DB_KIND === "pglite" && process.env.TEST_DATABASE_URL ? 4 : 1;
const runsOf = (operation: Operation) =>
  Number(process.env.FUZZ_RUNS ?? (operation.method === "GET" ? 16 : 32) / SHARE);

/** Refusals that write by design: a declined card is recorded as a failed payment (SPEC section 9). */
const WRITES_WHEN_REFUSED: Record<string, { status: number; tables: string[] }> = {
  "POST /api/payments": { status: 402, tables: ["payments"] },
};

// Connected to Shiprocket's fake, so that its routes answer as a connected shop's do (404, 409), not 503.
const shiprocket = await ShiprocketFake.start();
const t: TestApp = await createTestApp({ ...shiprocket.env, AUTH_RATE_LIMIT_MAX: "1000000" });
const operations: Operation[] = await readOperations(t.app);
afterAll(async () => {
  await t.close();
  await shiprocket.close();
});

let shop: Shop;
let pools: Pools;
/** Set when a write went through: the next request gets a fresh shop, so that each one finds things to act on. */
let spent = true;
/** The database as it was after the last request, while nothing but refused requests came since. */
let last: Snapshot | undefined;

async function freshShop() {
  shop = await makeShop(t);
  const webhook = await webhookWithDelivery(t, shop.orderId);
  const users = [shop.admin, shop.manager, shop.shopper];
  pools = {
    id: idsOf(shop),
    user: users.map((caller) => caller.user.id),
    product: [shop.productId, shop.variantProductId, shop.inactiveProductId],
    variant: shop.variantIds,
    category: [shop.categoryId],
    media: [shop.mediaId],
    address: [shop.addressId],
    order: [shop.orderId, shop.paidOrderId],
    payment: [shop.paymentId],
    review: [shop.reviewId],
    slug: [shop.categorySlug],
    email: users.map((caller) => caller.user.email),
    webhook: [webhook.endpointId],
    delivery: [webhook.deliveryId],
    shippingMethod: [STANDARD_SHIPPING._id],
  };
  spent = false;
  last = undefined;
}

type Role = "admin" | "manager" | "shopper";

/** Who calls (null: nobody signed in): someone the guard lets through, so that requests reach validation and the service. */
const CALLERS: Record<Access, [Role | null, ...(Role | null)[]]> = {
  public: [null, "shopper", "admin"],
  webhook: [null],
  user: ["shopper"],
  owner: ["shopper"],
  staff: ["admin", "manager"],
  admin: ["admin"],
};
const callersOf = (operation: Operation) => CALLERS[ACCESS[operation.key] ?? "public"];

/** Bodies that are not strict: the providers' events carry many fields the shop does not read. */
const LOOSE_BODIES = [
  "POST /api/payments/paypal/webhook",
  "POST /api/payments/razorpay/webhook",
  "POST /api/tracking/updates",
  "POST /api/whatsapp/webhook",
];

/** The top-level fields a JSON body may have (every variant's). */
function bodyFields(schema: JsonSchema): Set<string> {
  const variants = schema.oneOf ?? schema.anyOf ?? [schema];
  return new Set(variants.flatMap((variant) => Object.keys(variant.properties ?? {})));
}

/** For a union body, the fields that pick its first variant (a union names no unknown field before one is picked). */
function discriminatorOf(schema: JsonSchema): Record<string, unknown> {
  const first = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  const fixed = Object.entries(first?.properties ?? {}).filter(([, property]) => property.enum?.length === 1);
  return Object.fromEntries(fixed.map(([key, property]) => [key, property.enum?.[0]]));
}

/** Top-level fields of a generated JSON body that its operation does not take (bodies are strict: docs/style.md). */
function unknownFields(operation: Operation, request: GeneratedRequest): string[] {
  const { body } = request;
  if (!operation.body || LOOSE_BODIES.includes(operation.key) || body.kind !== "json") return [];
  if (!body.value || typeof body.value !== "object" || Array.isArray(body.value)) return [];
  const allowed = bodyFields(operation.body);
  return Object.keys(body.value).filter((key) => !allowed.has(key) && !key.startsWith(PROTOTYPE_MARK));
}

/** What is wrong with the answer to one generated request; empty when nothing is. */
async function problemsOf(
  operation: Operation,
  request: GeneratedRequest,
  role: Role | null,
  address: string,
) {
  if (spent) await freshShop();
  const mutating = operation.method !== "GET";
  const before = mutating ? (last ?? (await snapshot(t.database))) : undefined;
  const caller: Caller | undefined = role ? shop[role] : undefined;
  // The caller's own id comes first among the users: acting on oneself is where role and status checks matter.
  const users = caller ? [caller.user.id, ...pools.user.filter((id) => id !== caller.user.id)] : pools.user;
  const options = toInjectOptions(operation, request, { ...pools, user: users });
  const response = await t.app.inject({
    ...options,
    headers: { ...options.headers, ...(caller ? { cookie: caller.cookie } : {}) },
    remoteAddress: address,
  });
  const status = response.statusCode;
  const problems: string[] = [];
  if (status >= 500) problems.push(`${status}: ${response.body.slice(0, 300)}`);
  problems.push(...envelopeProblems(response, operation.files[String(status)]));
  const unknown = unknownFields(operation, request);
  if (status < 400 && unknown.length > 0)
    problems.push(`${status}: accepted the unknown fields ${unknown.join(", ")}`);
  // Every status documented and every body on its schema (test/conformance.ts), told here so that
  // the failing run prints its seed and request.
  problems.push(...takeConformanceProblems());
  if (before && status >= 400) {
    const { changed: written, now } = await changesSince(t.database, before);
    const allowed = WRITES_WHEN_REFUSED[operation.key];
    const exempt = allowed?.status === status ? allowed.tables : [];
    const changed = written.filter((name) => !exempt.includes(name));
    if (changed.length > 0) problems.push(`refused with ${status} but changed ${changed.join(", ")}`);
    last = now;
  } else if (mutating) {
    spent = true;
  }
  return problems.length > 0 ? [`${options.method} ${options.url.slice(0, 300)}`, ...problems] : [];
}

describe("generated requests for every operation of the OpenAPI document", () => {
  it("has a caller for every documented operation", () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((o) => !ACCESS[o.key]).map((o) => o.key)).toEqual([]);
  });

  it("sees a row written or rolled back between snapshots, and no change when nothing was written", async () => {
    const before = await snapshot(t.database);
    expect((await changesSince(t.database, before)).changed).toEqual([]);
    await t.database.db
      .transaction(async (tx) => {
        await quickUser({ ...t, database: { ...t.database, db: tx } }, "customer");
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    expect((await changesSince(t.database, before)).changed).toEqual([]);
    await quickUser(t, "customer");
    expect((await changesSince(t.database, before)).changed).toEqual(["sessions", "users"]);
  });

  it("tells the shop's messages from any other text", () => {
    for (const text of [
      api.invalidInput,
      api.outOfStock("Linen Shirt", 3),
      api.outOfStock("Linen Shirt", 0),
      api.variantOutOfStock("Trail Running Shoes (Size: 9)", 1),
      api.variantOutOfStock("Trail Running Shoes (Size: 9, Colour: Blue)", 0),
      validation.chooseOption("Size"),
      validation.minLength(1),
      validation.minLength(10),
      validation.oneOf(["pending", "paid"]),
    ])
      expect(isShopMessage(text), text).toBe(true);
    for (const text of ["Invalid input: expected string, received array", "", "Internal Server Error"])
      expect(isShopMessage(text), text).toBe(false);
  });

  it("documents every JSON body as strict, but the providers' webhooks", () => {
    const strict = (schema: JsonSchema) =>
      (schema.oneOf ?? schema.anyOf ?? [schema]).every((variant) => variant.additionalProperties === false);
    const loose = operations.filter((o) => o.body && !strict(o.body)).map((o) => o.key);
    expect(loose).toEqual(LOOSE_BODIES);
  });

  it.each(operations.filter((o) => o.body && !LOOSE_BODIES.includes(o.key)).map((o) => [o.key, o] as const))(
    "%s: refuses role, isAdmin and every other field it does not take, naming them",
    async (_key, operation) => {
      if (spent) await freshShop();
      const extras = Object.keys(EXTRA_FIELDS).filter((key) => !bodyFields(operation.body ?? {}).has(key));
      // Well-formed path parameters, so that nothing but the body can be refused.
      const url = operation.path.replace(/\{[^}]+\}/g, () => newId());
      const [role] = callersOf(operation);
      const response = await t.app.inject({
        method: operation.method,
        url,
        payload: {
          ...discriminatorOf(operation.body ?? {}),
          ...Object.fromEntries(extras.map((k) => [k, EXTRA_FIELDS[k]])),
        },
        headers: role ? { cookie: shop[role].cookie } : {},
        remoteAddress: "10.76.0.1",
      });
      expect(response.statusCode, response.body).toBe(400);
      const { errors } = response.json() as { errors?: Record<string, string> };
      expect(errors).toMatchObject(Object.fromEntries(extras.map((key) => [key, validation.unknownField])));
    },
  );

  const options = knownValues();
  it.each(operations.map((operation, index) => [operation.key, operation, index] as const))(
    "%s: no 5xx, the envelope, the documented schema, nothing written when refused",
    async (_key, operation, index) => {
      const arbitrary = fc.tuple(
        requestArbitrary(operation, options),
        fc.constantFrom(...callersOf(operation)),
      );
      await fc.assert(
        fc.asyncProperty(arbitrary, async ([request, role]) => {
          const problems = await problemsOf(operation, request, role, `10.77.${index}.1`);
          expect(problems, problems.join("\n  ")).toEqual([]);
        }),
        { seed: SEED + index, numRuns: runsOf(operation) },
      );
    },
  );
});
