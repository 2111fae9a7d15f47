import type { APIRequestContext } from "@playwright/test";
import { dataOf } from "./api";

export interface Credentials {
  email: string;
  password: string;
}

/** The demo accounts SHOP_DEMO seeds. */
export const ADMIN: Credentials = { email: "admin@example.com", password: "Admin@123" };
export const SHOPPER: Credentials = { email: "shopper@example.com", password: "Shopper@123" };

/** The password of every shopper the journeys register. */
export const PASSWORD = "Secret@123";

/** An address no other run nor worker has used. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface NewShopper {
  firstName?: string;
  lastName?: string;
  email?: string;
}

export interface Shopper extends Credentials {
  id: string;
  name: { firstName: string; lastName: string };
}

/** Registers a shopper through the API; registering also signs `request` in as them. */
export async function registerShopper(
  request: APIRequestContext,
  { firstName = "Sam", lastName = "Journey", email = uniqueEmail(firstName.toLowerCase()) }: NewShopper = {},
): Promise<Shopper> {
  const name = { firstName, lastName };
  const user = await dataOf<{ _id: string }>(
    await request.post("/api/auth/register", { data: { name, email, password: PASSWORD } }),
    201,
  );
  return { id: user._id, name, email, password: PASSWORD };
}
