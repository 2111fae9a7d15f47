/**
 * Load made by hand, for requests that differ per client (a shopper's own session, cart, account),
 * which autocannon's one set of headers cannot send: each virtual client has its own kept-alive
 * loopback connection; the time of each answer is kept under a label and its status.
 */
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One client's kept-alive connection (requests on it go one after the other), or with `sockets`,
 * a pool of that many for requests sent without waiting for each other.
 */
export class Connection {
  private readonly agent: http.Agent;
  /** The session cookie (`name=value`) sent with every request once set. */
  cookie: string | undefined;

  constructor(
    private readonly baseUrl: string,
    { sockets = 1 } = {},
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  send(
    method: string,
    path: string,
    {
      json,
      headers = {},
      timeoutMs = 10_000,
    }: { json?: unknown; headers?: OutgoingHttpHeaders; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const all: OutgoingHttpHeaders = { ...headers };
    if (body) {
      all["content-type"] = "application/json";
      all["content-length"] = body.length;
    }
    if (this.cookie) all.cookie = this.cookie;
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        { method, agent: this.agent, headers: all, timeout: timeoutMs },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on("timeout", () =>
        request.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)),
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** What one request of a loop ended as: a label of the caller's choosing and the HTTP status. */
export interface Outcome {
  label: string;
  status: number;
}

export interface LoopResult {
  /** Milliseconds of each answer, by `label status` (e.g. `order 201`). */
  times: Map<string, number[]>;
  /** Requests that got no answer (connection error, timeout), with the first message. */
  errors: number;
  firstError?: string;
  /** Wall time of the loop. */
  seconds: number;
}

export function timesOf(result: LoopResult, label: string, status: number): number[] {
  return result.times.get(`${label} ${status}`) ?? [];
}

/** Keeps one answer's time under its `label status`, or counts the failure. */
class Recorder {
  readonly result: LoopResult = { times: new Map(), errors: 0, seconds: 0 };
  private readonly began = performance.now();

  async time(work: () => Promise<Outcome>): Promise<void> {
    const sent = performance.now();
    try {
      const { label, status } = await work();
      const ms = performance.now() - sent;
      const key = `${label} ${status}`;
      const list = this.result.times.get(key);
      if (list) list.push(ms);
      else this.result.times.set(key, [ms]);
    } catch (error) {
      this.result.errors++;
      this.result.firstError ??= error instanceof Error ? error.message : String(error);
    }
  }

  done(): LoopResult {
    this.result.seconds = (performance.now() - this.began) / 1000;
    return this.result;
  }
}

/**
 * A closed loop: each of `clients` sends its next request as soon as its last one is answered,
 * until `durationMs` have passed (as many requests as the server takes at that concurrency).
 */
export async function closedLoop(
  { clients, durationMs }: { clients: number; durationMs: number },
  step: (client: number, n: number) => Promise<Outcome>,
): Promise<LoopResult> {
  const recorder = new Recorder();
  const until = performance.now() + durationMs;
  const client = async (index: number) => {
    for (let n = 0; performance.now() < until; n++) await recorder.time(() => step(index, n));
  };
  await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return recorder.done();
}

/**
 * An open loop: `perSecond` requests a second, each sent on schedule whether or not the earlier
 * ones were answered (so a slow server meets the same demand, as it would from independent
 * shoppers, instead of a slower one), until `durationMs` have passed. Each time counts from the
 * moment the request was handed to the client, not from when it was due: a timer of this process
 * that fires late is the load generator's delay, not the server's.
 */
export async function openLoop(
  { perSecond, durationMs }: { perSecond: number; durationMs: number },
  step: (n: number) => Promise<Outcome>,
): Promise<LoopResult> {
  const recorder = new Recorder();
  const began = performance.now();
  const interval = 1000 / perSecond;
  const pending: Promise<void>[] = [];
  for (let n = 0; n * interval < durationMs; n++) {
    const wait = began + n * interval - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(recorder.time(() => step(n)));
  }
  await Promise.all(pending);
  return recorder.done();
}
