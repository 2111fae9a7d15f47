/**
 * Delivery to a PIN code at 20,000 PIN codes on three methods (PostgreSQL, the 1k catalogue, the
 * built API): the bench admin sets three shipping methods serving PIN code lists beside Standard,
 * then uploads each one's list of 20,000 rows as the dashboard does (PUT
 * /api/settings/shipping/{methodId}/pincodes, text/csv), each upload timed from the client (target
 * <= 2 s); then GET /api/delivery/{pincode}, sequential on one kept-alive connection, for 2,000
 * distinct PIN codes after 200 others unmeasured (so the read cache answers none): codes on one,
 * two, three lists and on none; p50 and p95 (target p95 <= 5 ms). The shop's shipping settings are
 * put back afterwards, which deletes the three lists.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { signInAdmin } from "./lib/admin-session";
import type { BenchContext } from "./lib/context";
import { getJson, timeSequential } from "./lib/http-client";
import { Connection } from "./lib/load-loop";
import { ms, percentile } from "./lib/stats";

const SIZE = 1_000;
const ROWS = 20_000;
const UPLOAD_TARGET_MS = 2_000;
const P95_TARGET_MS = 5;
const WARMUP = 200;
const MEASURED = 2_000;

/** Three methods, their lists overlapping: 110001–130000, 120001–140000, 125001–145000. */
const METHODS = [
  { _id: "b0b0b0b0b0b0b0b0b0b0b0b1", name: "Bench local", price: 30, first: 110_001 },
  { _id: "b0b0b0b0b0b0b0b0b0b0b0b2", name: "Bench express", price: 120, first: 120_001 },
  { _id: "b0b0b0b0b0b0b0b0b0b0b0b3", name: "Bench same day", price: 250, first: 125_001 },
];

/** A list as a shop would upload it: a header, then a row per PIN code with its days and COD. */
function listCsv(first: number): string {
  const rows = Array.from(
    { length: ROWS },
    (_, i) => `${first + i},${1 + (i % 7)},${i % 4 === 0 ? "no" : "yes"}`,
  );
  return ["pincode,days,cod", ...rows].join("\n");
}

/** PUT of a CSV body on the admin's connection cookie; the status and the milliseconds to the last byte. */
function putCsv(
  url: string,
  cookie: string,
  csv: string,
): Promise<{ status: number; ms: number; body: string }> {
  const body = Buffer.from(csv);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "PUT",
        headers: { "content-type": "text/csv", "content-length": body.length, cookie },
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error(`PUT ${url}: no answer in 30 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** Distinct PIN codes in a mixed order over 110001–149999: on one list, two, three, or none. */
function pincodes(count: number, offset: number): string[] {
  // A stride prime to the range visits every code once before repeating.
  const span = 40_000;
  return Array.from({ length: count }, (_, n) => String(110_001 + (((n + offset) * 7_919) % span)));
}

export async function delivery(ctx: BenchContext): Promise<void> {
  await ctx.catalog(SIZE);
  const server = await ctx.api(SIZE);
  const admin = new Connection(server.url);
  await signInAdmin(admin, server.url);
  const cookie = admin.cookie ?? "";
  const before = await admin.send("GET", "/api/settings");
  if (before.status !== 200) throw new Error(`GET /api/settings: status ${before.status}`);
  const shipping = (
    JSON.parse(before.body.toString("utf8")) as { data: { shipping: { methods: unknown[] } } }
  ).data.shipping;

  try {
    const methods = METHODS.map(({ first: _, ...method }) => ({
      ...method,
      freeAbove: null,
      estimatedDays: null,
      states: null,
      enabled: true,
      serves: "pincodes",
      days: null,
    }));
    const saved = await admin.send("PUT", "/api/settings/shipping", {
      json: { ...shipping, methods: [...shipping.methods, ...methods] },
    });
    if (saved.status !== 200) throw new Error(`PUT /api/settings/shipping: ${saved.status} ${saved.body}`);

    const uploads: number[] = [];
    for (const method of METHODS) {
      const answer = await putCsv(
        `${server.url}/api/settings/shipping/${method._id}/pincodes`,
        cookie,
        listCsv(method.first),
      );
      if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${answer.body.slice(0, 300)}`);
      uploads.push(answer.ms);
    }
    const slowest = Math.max(...uploads);
    ctx.report.figure({
      name: `PIN code list upload, ${ROWS.toLocaleString("en-US")} rows`,
      value: `${ms(slowest)} the slowest of ${uploads.length} (${uploads.map(ms).join(", ")})`,
      target: `target <= ${UPLOAD_TARGET_MS} ms`,
      met: slowest <= UPLOAD_TARGET_MS,
    });

    // The answer must be what it measures: a code on all three lists is served by all three.
    const check = await getJson<{ data: { methods: { name: string }[] } }>(
      `${server.url}/api/delivery/128000`,
    );
    const names = check.data.methods.map((method) => method.name);
    if (!METHODS.every((method) => names.includes(method.name)))
      throw new Error(`GET /api/delivery/128000 answered ${names.join(", ")}`);

    const warm = pincodes(WARMUP, MEASURED).map((code) => `${server.url}/api/delivery/${code}`);
    await timeSequential(warm, { warmup: warm.length, count: 0, maxMs: ctx.budget(20_000) });
    const paths = pincodes(MEASURED, 0).map((code) => `${server.url}/api/delivery/${code}`);
    const { times, failures } = await timeSequential(paths, {
      warmup: 0,
      count: paths.length,
      maxMs: ctx.budget(60_000),
    });
    if (failures > 0) ctx.report.note(`${failures} delivery answers were not 200`);
    ctx.report.note(
      `${times.length} sequential GET /api/delivery/{pincode}, each a distinct PIN code (no read cache hit), one connection, ${(ROWS * METHODS.length).toLocaleString("en-US")} rows on ${METHODS.length} lists`,
    );
    ctx.report.figure({
      name: "delivery answer p50",
      value: ms(percentile(times, 50)),
      target: "no target of its own; p95 is the target",
    });
    const p95 = percentile(times, 95);
    ctx.report.figure({
      name: "delivery answer p95",
      value: ms(p95),
      target: `target <= ${P95_TARGET_MS} ms`,
      met: p95 <= P95_TARGET_MS,
    });
  } finally {
    // The shop's methods as they were: the three lists go with their methods.
    const restored = await admin.send("PUT", "/api/settings/shipping", { json: shipping });
    if (restored.status !== 200)
      ctx.report.note(`the shipping settings were not put back: ${restored.status}`);
    admin.close();
  }
}
