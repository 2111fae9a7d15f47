/**
 * The bench's shoppers as the order benchmarks use them: signed in once each on a kept-alive
 * connection of their own with a saved address, and the orders they place, the same on every run.
 */
import { randomUUID } from "node:crypto";
import { SESSION_COOKIE } from "@shop/shared/constants";
import type { DatabaseHandle } from "../../apps/api/src/db/client";
import type { User } from "../../apps/api/src/db/schema/users";
import { findUserByEmail } from "../../apps/api/src/modules/users/repo";
import { BENCH_PASSWORD, benchShopperEmail } from "../seed";
import type { ApiServer } from "./api-server";
import { Connection } from "./load-loop";
import { literal } from "./sql-text";

/** A bench shopper signed in on a connection of its own, with the id of a saved address. */
export interface Shopper {
  connection: Connection;
  addressId: string;
  user: User;
}

export function at<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

/** The variants of each product, in their order. */
export async function pickVariants(handle: DatabaseHandle, productIds: readonly string[]): Promise<Variants> {
  const { rows } = await handle.db.execute<{ id: string; product_id: string }>(
    `select id, product_id from product_variants
     where product_id in (${productIds.map(literal).join(", ")}) and removed_at is null
     order by product_id, position, id`,
  );
  const variants: Variants = new Map();
  for (const row of rows) variants.set(row.product_id, [...(variants.get(row.product_id) ?? []), row.id]);
  for (const id of productIds)
    if (!variants.get(id)?.length) throw new Error(`product ${id} has no variants`);
  return variants;
}

/** Signs the first `count` bench shoppers in (once each) and gives each a saved address. */
export async function signInShoppers(
  server: ApiServer,
  handle: DatabaseHandle,
  count: number,
): Promise<Shopper[]> {
  const shoppers: Shopper[] = [];
  // A few at a time: each sign-in hashes on the server's thread pool.
  for (let first = 1; first <= count; first += 10) {
    const batch = Array.from({ length: Math.min(10, count - first + 1) }, (_, k) => first + k);
    shoppers.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const email = benchShopperEmail(n);
          const connection = new Connection(server.url);
          await signIn(server, connection, email, { keepCookie: true });
          const address = await connection.send("POST", "/api/users/current-user/addresses", {
            json: benchAddress(n),
            headers: { origin: server.url },
          });
          if (address.status !== 201) throw new Error(`adding an address: status ${address.status}`);
          const addressId = (JSON.parse(address.body.toString("utf8")) as { data: { _id: string } }).data._id;
          const user = await findUserByEmail(handle.db, email);
          if (!user) throw new Error(`${email} is not in the catalogue`);
          return { connection, addressId, user };
        }),
      )),
    );
  }
  return shoppers;
}

function benchAddress(n: number) {
  return {
    name: { firstName: "Bench", lastName: `Shopper ${n}` },
    countryCode: "91",
    phoneNumber: String(9_800_000_000 + n),
    building: `Flat ${n}, Lotus Apartments`,
    street: "Linking Road, Bandra West",
    city: "Mumbai",
    state: "Maharashtra",
    pinCode: "400050",
    country: "India",
  };
}

/** Product id → the ids of its variants. */
export type Variants = Map<string, string[]>;

export interface Line {
  product: string;
  variant: string;
  quantity: number;
}

/** Places an order one way or another; answers the HTTP status it got (or would have got). */
export type Place = (lines: Line[], idempotencyKey: string) => Promise<number>;

/**
 * One shopper's next order: one or two of the 20 products, one variant of each and one or two
 * units, drawn from a sequence of its own (the same orders on every run), with a fresh
 * Idempotency-Key as the web sends.
 */
export function orderStep(productIds: readonly string[], variants: Variants) {
  return async (client: number, n: number, place: Place) => {
    let seed = Math.imul(client + 1, 0x9e3779b1) ^ Math.imul(n + 1, 0x85ebca6b);
    const next = (range: number) => {
      seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) ^ Math.imul(seed ^ (seed >>> 13), 0x297a2d39);
      return ((seed ^ (seed >>> 16)) >>> 0) % range;
    };
    const first = next(productIds.length);
    const chosen =
      next(2) === 0 ? [first] : [first, (first + 1 + next(productIds.length - 1)) % productIds.length];
    const lines = chosen.map((k) => {
      const product = at(productIds, k);
      const ids = variants.get(product) ?? [];
      return { product, variant: at(ids, next(ids.length)), quantity: 1 + next(2) };
    });
    return { label: "order", status: await place(lines, randomUUID()) };
  };
}

/** The bench's shoppers keep placing orders; the anti-hoarding limit is not what it measures. */
export const BENCH_ORDER_LIMITS = { maxUnpaidOrders: 1_000_000, maxQuantityPerLine: 100 };
/** The shop details the order confirmation is written with, as the server writes it with each order. */
export const BENCH_MAIL = {
  shop: { address: "1 Bench Street", email: "bench@example.com", phone: "+91 0000000000" },
  origin: "http://127.0.0.1",
  locale: "en-US",
};

export function perSecond(count: number, seconds: number): number {
  return seconds > 0 ? count / seconds : 0;
}

/** POST /api/auth/login with the bench password; answers the status (200 when signed in). */
export async function signIn(
  server: ApiServer,
  connection: Connection,
  email: string,
  { keepCookie = false } = {},
): Promise<number> {
  const answer = await connection.send("POST", "/api/auth/login", {
    json: { email, password: BENCH_PASSWORD },
    headers: { origin: server.url },
  });
  if (keepCookie) {
    if (answer.status !== 200) throw new Error(`signing in as ${email}: status ${answer.status}`);
    const cookie = [answer.headers["set-cookie"] ?? []]
      .flat()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (!cookie) throw new Error(`signing in as ${email}: no session cookie`);
    connection.cookie = cookie.split(";")[0];
  }
  return answer.status;
}
