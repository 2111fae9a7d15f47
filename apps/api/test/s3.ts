/**
 * A real S3-protocol server on a free loopback port (the `s3rver` package, objects in a temporary
 * folder), behind a small proxy of ours that can break it: `failPuts(pattern, mode)` answers every
 * PUT whose path matches with a 500 or a dropped connection, and holds the other PUTs back a
 * moment (`delayOthersMs`), as an upload whose other widths are still on their way when one fails.
 * The proxy is the endpoint the shop talks to and the origin its media are served from.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const S3_KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" } as const;

export interface Fault {
  pattern: RegExp;
  mode: "500" | "drop";
  delayOthersMs: number;
}

export interface TestS3 {
  /** The endpoint (the proxy): `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  /** The env a shop uses this bucket with. */
  env: NodeJS.ProcessEnv;
  /** From now on PUTs matching `pattern` fail as `mode` says, until `heal()`. */
  failPuts(pattern: RegExp, mode: Fault["mode"], delayOthersMs?: number): void;
  heal(): void;
  /** PUTs the proxy failed since started. */
  failed: number;
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startS3(bucket = "shop-media"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "shop-s3-"));
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port: s3Port } = await s3.run();
  let fault: Fault | undefined;
  const state = { failed: 0 };

  const proxy = createServer((incoming, outgoing) => {
    const current = fault;
    const pathname = (incoming.url ?? "").split("?")[0] ?? "";
    if (current && incoming.method === "PUT" && current.pattern.test(pathname)) {
      state.failed += 1;
      incoming.resume();
      if (current.mode === "drop") incoming.socket.destroy();
      else
        outgoing
          .writeHead(500, { "content-type": "application/xml" })
          .end("<Error><Code>InternalError</Code><Message>injected by the test</Message></Error>");
      return;
    }
    const pass = () => {
      const upstream = forward(
        {
          host: "127.0.0.1",
          port: s3Port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on("error", () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    if (current && incoming.method === "PUT") setTimeout(pass, current.delayOthersMs);
    else pass();
  });
  const port = await listen(proxy);
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", ...S3_KEYS },
    failPuts(pattern, mode, delayOthersMs = 1000) {
      fault = { pattern, mode, delayOthersMs };
    },
    heal() {
      fault = undefined;
    },
    get failed() {
      return state.failed;
    },
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
