/**
 * A webhook receiver for tests: a node:http server on 127.0.0.1 that keeps every POST it gets (its
 * headers and raw body) and answers with the status the test chooses (200 by default), or holds the
 * answer back until the test lets it go.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The three Standard Webhooks headers, as `standardwebhooks`' verify takes them. */
  signed: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };
}

export interface WebhookReceiver {
  /** The receiver's origin, `http://127.0.0.1:<port>`. */
  origin: string;
  received: ReceivedWebhook[];
  /** The status each next request is answered with (a function of the request, or one status). */
  answer(status: number | ((request: ReceivedWebhook) => number)): void;
  /** Holds the answers of the next requests until `release()`; they are recorded as they arrive. */
  hold(): { release(): void };
  /**
   * Resolves with the requests to `path` (any path when left out) once `count` of them have arrived,
   * or rejects after `timeoutMs`.
   */
  waitFor(count: number, options?: { path?: string; timeoutMs?: number }): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status: number | ((request: ReceivedWebhook) => number) = 200;
  let held: Promise<void> | undefined;
  const waiters: { check: () => boolean }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const header = (name: string) => String(request.headers[name] ?? "");
      const entry: ReceivedWebhook = {
        path: request.url ?? "/",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        signed: {
          "webhook-id": header("webhook-id"),
          "webhook-timestamp": header("webhook-timestamp"),
          "webhook-signature": header("webhook-signature"),
        },
      };
      received.push(entry);
      for (const waiter of [...waiters]) if (waiter.check()) waiters.splice(waiters.indexOf(waiter), 1);
      const code = typeof status === "function" ? status(entry) : status;
      const send = () => {
        response.writeHead(code, { "content-type": "text/plain" });
        response.end(code < 300 ? "ok" : "no");
      };
      if (held) void held.then(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer(next) {
      status = next;
    },
    hold() {
      let resolveHeld: () => void = () => undefined;
      held = new Promise<void>((resolve) => {
        resolveHeld = resolve;
      });
      return {
        release() {
          held = undefined;
          resolveHeld();
        },
      };
    },
    waitFor(count, { path, timeoutMs = 15_000 } = {}) {
      const matching = () => received.filter((request) => path === undefined || request.path === path);
      if (matching().length >= count) return Promise.resolve(matching());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `${matching().length} webhooks received at ${path ?? "any path"}, waiting for ${count}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          check: () => {
            if (matching().length < count) return false;
            clearTimeout(timer);
            resolve(matching());
            return true;
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
