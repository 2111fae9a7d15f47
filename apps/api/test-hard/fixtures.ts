/**
 * What the hard tests sell and who buys it, written straight into the database through the API's
 * own repos and services before (or beside) the server processes: products with a known stock, and
 * shoppers with a saved address and a session (the token is what the cookie carries).
 */
import type { DatabaseHandle } from "#api/db/client";
import { insertAddress } from "#api/modules/addresses/repo";
import { hashPassword } from "#api/modules/auth/password";
import { startSession } from "#api/modules/sessions/service";
import { insertUser } from "#api/modules/users/repo";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { ADDRESS } from "#test/fixtures";

export const PASSWORD = "Secret@123";

/** The test gateway's approved and declined cards (apps/api/src/payments/test-gateway.ts). */
export const APPROVED_CARD = { number: "4242424242424242", expiry: "12/99", cvc: "123" };
export const DECLINED_CARD = { number: "4000000000000002", expiry: "12/99", cvc: "123" };

export interface SeededProduct {
  id: string;
  name: string;
  stock: number;
}

export interface Shopper {
  id: string;
  email: string;
  /** The session token: the value of the session cookie. */
  session: string;
  addressId: string;
}

/** One active product per stock figure, in one category, named after `label`. */
export async function seedProducts(database: DatabaseHandle, stocks: readonly number[], label = "Canvas") {
  const category = await makeCategory(database);
  const media = await makeMedia(database);
  const refs = { category: category.id, thumbnail: media.id };
  const seeded: SeededProduct[] = [];
  for (const [index, stock] of stocks.entries()) {
    const product = await makeProduct(database, refs, {
      name: `${label} Tote ${index + 1}`,
      price: 10 + index,
      stock,
    });
    seeded.push({ id: product._id, name: product.name, stock });
  }
  return seeded;
}

let hashed: Promise<string> | undefined;

/** Shoppers, each with one address and one session; all share PASSWORD. */
export async function seedShoppers(database: DatabaseHandle, count: number, tag: string): Promise<Shopper[]> {
  hashed ??= hashPassword(PASSWORD);
  const passwordHash = await hashed;
  const shoppers: Shopper[] = [];
  for (let n = 1; n <= count; n++) {
    const email = `shopper-${tag}-${n}@example.com`;
    const user = await insertUser(database.db, {
      firstName: "Priya",
      lastName: `Shopper ${n}`,
      email,
      passwordHash,
      role: "customer",
      status: true,
    });
    const { name: _name, ...place } = ADDRESS;
    const address = await insertAddress(database.db, user.id, {
      firstName: "Priya",
      lastName: `Shopper ${n}`,
      ...place,
    });
    const session = await startSession(database.db, user, { userAgent: "hard-suite", ip: "127.0.0.1" });
    shoppers.push({ id: user.id, email, session: session.token, addressId: address.id });
  }
  return shoppers;
}
