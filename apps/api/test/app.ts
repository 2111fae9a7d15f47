/** Builds the API on a fresh test database, with helpers to sign in and to send requests. */

import { type Role, SESSION_COOKIE } from "@shop/shared/constants";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { type BuildOptions, buildApp } from "#api/app";
import { type Config, parseConfig } from "#api/config";
import type { DatabaseHandle } from "#api/db/client";
import { hashPassword } from "#api/modules/auth/password";
import { startSession } from "#api/modules/sessions/service";
import { insertUser } from "#api/modules/users/repo";
import { watchConformance } from "./conformance";
import { createTestDatabase } from "./db";
import { ADDRESS } from "./fixtures";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** `logger` is quiet unless a test reads the log (http/request-log.test.ts). */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  { logger = false }: Pick<BuildOptions, "logger"> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // A production shop needs its public origin, a payment provider and a secrets key; tests take test cards.
  // Outside production the suites' webhooks go to receivers on 127.0.0.1: WEBHOOKS_ALLOW_PRIVATE=1,
  // which a production shop refuses.
  const production =
    env.NODE_ENV === "production"
      ? { PUBLIC_ORIGIN: "http://localhost", PAYMENTS_TEST_GATEWAY: "1", SECRETS_KEY: "5e".repeat(32) }
      : { WEBHOOKS_ALLOW_PRIVATE: "1" };
  const config = parseConfig({
    NODE_ENV: "test",
    DATA_DIR: "/tmp/shop-test-data",
    SHOP_DEMO: "0",
    ...production,
    ...env,
  });
  const app = await buildApp({ config, database, logger });
  watchConformance(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** A unique email for a test account. */
export function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "Secret@123";

// NOTE: argon2id takes tens of milliseconds of one core, and the suite makes hundreds of users: each
// password is hashed once per test worker. Sign-in itself is tested with real hashes (auth.test.ts).
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/** Creates a user directly in the database with the given role. */
export async function createUser(
  database: DatabaseHandle,
  {
    role = "customer",
    email = uniqueEmail(role),
    password = PASSWORD,
    status = true,
  }: { role?: Role; email?: string; password?: string; status?: boolean } = {},
) {
  const user = await insertUser(database.db, {
    firstName: "Test",
    lastName: role,
    email,
    passwordHash: await hashOnce(password),
    role,
    status,
  });
  return { user, email, password };
}

/** The session cookie ("name=value") set by a response, if any. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ? `${SESSION_COOKIE}=${cookie.value}` : undefined;
}

/** Signs in through the API and returns the cookie header to send with later requests. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  remoteAddress = "10.0.0.1",
) {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress,
  });
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

/**
 * A signed-in user of a role: the row and the cookie of a session started as the sign-in route
 * starts one (the route itself, with its password check and limits, is tested in auth.test.ts).
 */
export async function signedInUser(t: TestApp, role: Role = "customer") {
  const { user, email, password } = await createUser(t.database, { role });
  const session = await startSession(t.database.db, user, { ip: "10.1.0.1", userAgent: "test" });
  return { user, email, password, cookie: `${SESSION_COOKIE}=${session.token}` };
}

export function inject(app: FastifyInstance, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...(headers ?? {}), ...(cookie ? { cookie } : {}) } });
}

/** A signed-in shopper with one saved address (ADDRESS), added through the API as the web adds it. */
export async function shopperWithAddress(t: TestApp) {
  const shopper = await signedInUser(t);
  const address = await inject(t.app, {
    method: "POST",
    url: "/api/users/current-user/addresses",
    cookie: shopper.cookie,
    payload: ADDRESS,
  });
  return { ...shopper, addressId: address.json().data._id as string };
}
