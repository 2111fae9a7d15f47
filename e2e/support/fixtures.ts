/**
 * The journeys' `test`: each worker talks to its own server (support/servers.ts), signs each demo
 * role in once through the login page and reuses that browser state, and hands out API clients that
 * are disposed after the test. Specs import `test` and `expect` from here, never from @playwright/test.
 */
import { type APIRequestContext, type BrowserContext, test as base } from "@playwright/test";
import { ADMIN, type NewShopper, registerShopper, SHOPPER, type Shopper } from "./accounts";
import { dataOf } from "./api";
import { signInThroughForm } from "./auth-forms";
import { SHOP_PORTS, shopURL } from "./servers";

export { expect } from "@playwright/test";

/** The demo admin, the demo shopper, and a manager each worker makes for itself. */
export type Role = "admin" | "manager" | "shopper";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * No cookies, no local storage.
 * NOTE: a context or API client made inside a test takes the test's options, its storage state
 * included, for whatever it is not given: a client meant to be signed out must say so.
 */
const SIGNED_OUT: StorageState = { cookies: [], origins: [] };

interface WorkerFixtures {
  /** The base URL of this worker's own server. */
  shopURL: string;
  /** Each role's browser state, signed in once per worker, the first time a test asks for it. */
  roles: { storageState(role: Role): Promise<StorageState> };
}

interface TestFixtures {
  /** The role the test's browser is signed in as (`test.use({ signedInAs: "admin" })`); none by default. */
  signedInAs: Role | undefined;
  /** API clients on this worker's server, disposed when the test ends. */
  api: {
    /** A client signed in as this role, sharing the role's session with the browser. */
    as(role: Role): Promise<APIRequestContext>;
    signedOut(): Promise<APIRequestContext>;
  };
  /** Registers a new shopper from a client of their own, which stays signed in as them. */
  newShopper(details?: NewShopper): Promise<Shopper & { api: APIRequestContext }>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  shopURL: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const port = SHOP_PORTS[workerInfo.parallelIndex];
      if (port === undefined) {
        throw new Error(
          `worker ${workerInfo.parallelIndex} has no server: the config starts ${SHOP_PORTS.length}, one per worker`,
        );
      }
      await use(shopURL(port));
    },
    { scope: "worker" },
  ],

  roles: [
    async ({ browser, playwright, shopURL }, use) => {
      const states = new Map<Role, Promise<StorageState>>();

      async function client(storageState: StorageState) {
        return playwright.request.newContext({ baseURL: shopURL, storageState });
      }

      /** A shopper the admin promotes to manager, as the customers page does. */
      async function newManager() {
        const anonymous = await client(SIGNED_OUT);
        const manager = await registerShopper(anonymous, { firstName: "Mona", lastName: "Manager" });
        await anonymous.dispose();
        const admin = await client(await storageState("admin"));
        await dataOf(
          await admin.patch(`/api/users/${manager.id}`, { data: { userId: manager.id, role: "manager" } }),
          200,
        );
        await admin.dispose();
        return manager;
      }

      async function signIn(role: Role) {
        const credentials = role === "admin" ? ADMIN : role === "shopper" ? SHOPPER : await newManager();
        const context = await browser.newContext({ baseURL: shopURL, storageState: SIGNED_OUT });
        try {
          await signInThroughForm(await context.newPage(), credentials);
          // The session cookie, and the user's snapshot the web app keeps in local storage.
          return await context.storageState();
        } finally {
          await context.close();
        }
      }

      function storageState(role: Role) {
        let state = states.get(role);
        if (!state) {
          state = signIn(role);
          // A failed sign-in is tried again by the next test that asks, not remembered.
          state.catch(() => states.delete(role));
          states.set(role, state);
        }
        return state;
      }

      await use({ storageState });
    },
    { scope: "worker" },
  ],

  baseURL: async ({ shopURL }, use) => {
    await use(shopURL);
  },

  signedInAs: [undefined, { option: true }],

  storageState: async ({ signedInAs, roles, storageState }, use) => {
    await use(signedInAs ? await roles.storageState(signedInAs) : storageState);
  },

  api: async ({ playwright, shopURL, roles }, use) => {
    const clients: APIRequestContext[] = [];
    async function open(storageState: StorageState) {
      const client = await playwright.request.newContext({ baseURL: shopURL, storageState });
      clients.push(client);
      return client;
    }
    await use({
      as: async (role) => open(await roles.storageState(role)),
      signedOut: () => open(SIGNED_OUT),
    });
    await Promise.all(clients.map((client) => client.dispose()));
  },

  newShopper: async ({ api }, use) => {
    await use(async (details) => {
      const client = await api.signedOut();
      return { ...(await registerShopper(client, details)), api: client };
    });
  },
});
