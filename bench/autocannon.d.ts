// NOTE: autocannon ships no types; this declares the part of its programmatic API the bench uses
// (https://github.com/mcollina/autocannon#api) rather than installing @types/autocannon.
declare module "autocannon" {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    headers?: Record<string, string>;
  }

  /** Milliseconds (latency) or per-second counts (requests, throughput). */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    /** Seconds the run lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
