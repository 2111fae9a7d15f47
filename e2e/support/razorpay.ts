/**
 * The journeys that pay with Razorpay run on a shop server of their own, configured with Razorpay
 * against the fake of its API (apps/api/test/razorpay-fake.ts) and with Checkout's stand-in
 * (razorpay-checkout.js) at RAZORPAY_CHECKOUT_URL. The worker that runs such a spec starts all three
 * the first time one of its tests asks, and stops them when it ends.
 *
 * NOTE: the other journeys' servers stay as they are, on the test gateway. A shop with Razorpay
 * never offers test cards (decision 030: the test gateway never beside a real provider, so that a
 * live shop cannot take one), and every journey that pays with the test card would fail on it; nor
 * should the journeys run on a configuration no shop can have. So Razorpay gets its own server, as
 * production would have it (Razorpay and cash on delivery), and only the specs that use this `test`
 * pay for its start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { RazorpayFake } from "../../apps/api/test/razorpay-fake";
import { test as shopTest } from "./fixtures";

export { expect } from "./fixtures";

const HOST = "127.0.0.1";
const START_SERVERS = fileURLToPath(new URL("./start-servers.mjs", import.meta.url));
const CHECKOUT_SCRIPT = fileURLToPath(new URL("./razorpay-checkout.js", import.meta.url));
/** Where the stand-in lives on its host, as Checkout's script does on Razorpay's. */
const CHECKOUT_PATH = "/v1/checkout.js";

export interface RazorpayShop {
  /** The shop server configured with Razorpay. */
  url: string;
  /** The fake of Razorpay's API: the orders, payments and calls the shop made. */
  fake: RazorpayFake;
  /** RAZORPAY_CHECKOUT_URL: the stand-in for Checkout's script. */
  checkoutUrl: string;
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Checkout's host: its script, and `POST /pay` { order_id, method }, where the stand-in's pick makes
 * the fake's payment of that Razorpay order (authorised, as Checkout leaves it for the shop to
 * capture) and answers Checkout's three signed values. The page calls it from the shop's origin.
 */
async function startCheckoutHost(fake: RazorpayFake): Promise<{ server: Server; url: string }> {
  const script = await readFile(CHECKOUT_SCRIPT);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://host").pathname;
    const cors = { "access-control-allow-origin": request.headers.origin ?? "*" };
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { ...cors, "content-type": "application/json" });
      response.end(JSON.stringify(payload));
    };
    if (request.method === "GET" && path === CHECKOUT_PATH) {
      response.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "no-store",
      });
      response.end(script);
      return;
    }
    if (request.method === "POST" && path === "/pay") {
      bodyOf(request)
        .then((text) => {
          const { order_id: orderId, method } = JSON.parse(text) as { order_id?: unknown; method?: unknown };
          if (typeof orderId !== "string" || !fake.orders.has(orderId) || typeof method !== "string") {
            send(400, { error: { code: "BAD_REQUEST_ERROR", description: "No such Razorpay order" } });
            return;
          }
          const { result } = fake.pay(orderId, { method });
          send(200, {
            razorpay_order_id: result.razorpayOrderId,
            razorpay_payment_id: result.razorpayPaymentId,
            razorpay_signature: result.razorpaySignature,
          });
        })
        .catch((error: unknown) =>
          send(500, { error: { code: "SERVER_ERROR", description: String(error) } }),
        );
      return;
    }
    response.writeHead(404);
    response.end();
  });
  return { server, url: `http://${HOST}:${await listen(server)}` };
}

/** A port nothing listens on now, for the shop server to take. */
async function freePort(): Promise<number> {
  const probe = createServer();
  const port = await listen(probe);
  await close(probe);
  return port;
}

/**
 * One shop server with Razorpay, started as the config starts the others (start-servers.mjs: a fresh
 * embedded database with the demo catalogue and accounts), answered once it is ready.
 */
async function startShop(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [START_SERVERS, String(port)], {
    env: {
      ...process.env,
      // As playwright.config.ts gives the others.
      SHOP_DEMO: "1",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let said = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes("shop servers ready")) resolve();
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`the Razorpay shop server stopped before it was ready (${signal ?? `exit ${code}`})`)),
    );
  });
  return { child, url: `http://${HOST}:${port}` };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // start-servers.mjs stops the server and removes its data folder on SIGTERM.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}

/** The journeys' `test`, on the shop server configured with Razorpay: every fixture of support/fixtures.ts, and `razorpay`. */
export const test = shopTest.extend<Record<never, never>, { razorpay: RazorpayShop }>({
  razorpay: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const fake = await RazorpayFake.start();
      const host = await startCheckoutHost(fake);
      const checkoutUrl = `${host.url}${CHECKOUT_PATH}`;
      let shop: Awaited<ReturnType<typeof startShop>> | undefined;
      try {
        shop = await startShop({ ...fake.env, RAZORPAY_CHECKOUT_URL: checkoutUrl });
        await use({ url: shop.url, fake, checkoutUrl });
      } finally {
        if (shop) await stop(shop.child);
        await close(host.server);
        await fake.close();
      }
    },
    // Seeding the demo catalogue is most of a server's start.
    { scope: "worker", timeout: 180_000 },
  ],
  shopURL: [async ({ razorpay }, use) => use(razorpay.url), { scope: "worker" }],
});
