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
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { fileURLToPath } from "node:url";
import { RazorpayFake } from "../../apps/api/test/razorpay-fake";
import { test as shopTest } from "./fixtures";
import { close, HOST, listen, startShop, stop } from "./own-shop";

export { expect } from "./fixtures";

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
        shop = await startShop(
          { ...fake.env, RAZORPAY_CHECKOUT_URL: checkoutUrl },
          "the Razorpay shop server",
        );
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
