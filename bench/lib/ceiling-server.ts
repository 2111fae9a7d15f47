/**
 * The ceiling of the read benchmark: a bare `node:http` server in a process of its own that answers
 * each path with the exact status, headers and body the API gave for it, from memory. What it
 * reaches is what this machine, this load generator and Node's HTTP stack allow at best.
 *
 * Run by `startCeilingServer` (fork); it gets its routes as the first IPC message and answers with
 * the port it listens on.
 */
import { fork } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { stop, track } from "./children";
import { REPO_ROOT } from "./paths";

export interface RecordedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  /** Base64, so that the bytes cross the IPC channel unchanged. */
  body: string;
}

export interface CeilingServer {
  url: string;
  stop(): Promise<void>;
}

/** Headers that belong to one connection or one moment, not to the response. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

/** The headers of an API response worth replaying. */
export function replayableHeaders(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) kept[name] = value;
  }
  return kept;
}

export async function startCeilingServer(routes: Record<string, RecordedResponse>): Promise<CeilingServer> {
  const child = track(
    fork(fileURLToPath(import.meta.url), [], {
      cwd: REPO_ROOT,
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
    }),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the ceiling server did not start in 20 s")), 20_000);
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve((message as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`the ceiling server exited with code ${code}`)));
    child.send(routes);
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

function serve(routes: Record<string, RecordedResponse>) {
  const table = new Map(
    Object.entries(routes).map(([path, route]) => {
      const body = Buffer.from(route.body, "base64");
      return [
        path,
        { status: route.status, headers: { ...route.headers, "content-length": body.length }, body },
      ];
    }),
  );
  const server = http.createServer((request, response) => {
    const route = table.get(request.url ?? "");
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(route.status, route.headers).end(route.body);
  });
  // The same idle keep-alive as Fastify's default, so that neither side reconnects more often.
  server.keepAliveTimeout = 72_000;
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once("message", (routes) => serve(routes as Record<string, RecordedResponse>));
  // The bench went away: so does its ceiling.
  process.once("disconnect", () => process.exit(0));
}
