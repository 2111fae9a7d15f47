/** Sequential HTTP requests over one kept-alive loopback connection, timed from the client. */
import http, { type IncomingHttpHeaders } from "node:http";
import { performance } from "node:perf_hooks";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** From sending the request to the last byte of the body. */
  ms: number;
}

/** One GET, failing after `timeoutMs`. */
export function get(url: string, timeoutMs = 10_000): Promise<Response> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${url}: no answer in ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** GET returning the parsed JSON body; anything but 200 is an error. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await get(url);
  if (response.status !== 200) throw new Error(`GET ${url}: status ${response.status}`);
  return JSON.parse(response.body.toString("utf8")) as T;
}

export interface SequentialTimes {
  /** Milliseconds of each measured request, in order. */
  times: number[];
  /** Measured requests that did not answer 200. */
  failures: number;
}

/**
 * Requests the paths in turn, one at a time: `warmup` unmeasured requests, then up to `count`
 * measured ones, stopping early once `maxMs` have passed.
 */
export async function timeSequential(
  paths: readonly string[],
  { warmup, count, maxMs }: { warmup: number; count: number; maxMs: number },
): Promise<SequentialTimes> {
  const until = performance.now() + maxMs;
  for (let n = 0; n < warmup && performance.now() < until; n++) await get(paths[n % paths.length] as string);
  const times: number[] = [];
  let failures = 0;
  for (let n = 0; n < count && performance.now() < until; n++) {
    const response = await get(paths[n % paths.length] as string);
    if (response.status !== 200) failures++;
    times.push(response.ms);
  }
  return { times, failures };
}
