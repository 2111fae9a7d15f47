import { setImmediate as nextTurn } from "node:timers/promises";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";

/** A line of the log as pino writes it (JSON), with the fields the request line carries. */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  statusCode?: number;
  responseTime?: number;
  userId?: string;
}

const INFO = 30;

/** Everything the log was given, as written. */
const written: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    { logger: { level: "info", stream: { write: (line) => void written.push(line) } } },
  );
});
afterAll(async () => t.close());

/** Sends a request and returns its answer and the lines logged under its request id. */
async function answered(options: InjectOptions & { cookie?: string }) {
  written.length = 0;
  const response = await inject(t.app, options);
  // NOTE: the onResponse hooks run once the answer is sent, which may be after inject resolves.
  await nextTurn();
  const text = written.join("");
  const lines = written.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId);
  return { response, lines, text };
}

describe("the request log", () => {
  it("writes one line for a signed-out read: method, route pattern, status, time, request id", async () => {
    const { response, lines } = await answered({ method: "GET", url: "/api/products?page=1&size=8" });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: INFO,
      msg: "request",
      method: "GET",
      route: "/api/products",
      statusCode: 200,
    });
    expect(line?.reqId).toEqual(expect.any(String));
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(Math.round((line?.responseTime ?? -1) * 10) / 10).toBe(line?.responseTime);
    expect(line).not.toHaveProperty("userId");
  });

  it("names the signed-in user a guard looked up, never the session cookie", async () => {
    const { user, cookie } = await signedInUser(t);
    const token = cookie.split("=")[1] ?? "";
    const { response, lines, text } = await answered({
      method: "GET",
      url: "/api/users/current-user",
      cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "request",
      method: "GET",
      route: "/api/users/current-user",
      statusCode: 200,
      userId: user.id,
    });
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);

    // A public read by the same shopper looks no session up, and the log does not look it up either.
    const read = await answered({ method: "GET", url: "/api/categories", cookie });
    expect(read.lines).toHaveLength(1);
    expect(read.lines[0]).not.toHaveProperty("userId");
    expect(read.text).not.toContain(token);
  });

  it("logs an unknown URL by its path, without the query, once", async () => {
    const { cookie } = await signedInUser(t);
    const { response, lines, text } = await answered({
      method: "GET",
      url: "/api/no-such-thing?token=reset-secret",
      cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: INFO,
      msg: "request",
      method: "GET",
      route: "/api/no-such-thing",
      statusCode: 404,
    });
    expect(lines[0]).not.toHaveProperty("userId");
    expect(text).not.toContain("reset-secret");
    expect(text).not.toContain(cookie.split("=")[1] ?? "");
  });

  it("hides a cookie in an object logged with its headers", async () => {
    written.length = 0;
    t.app.log.info({ headers: { cookie: "shop_session=secret-token", accept: "*/*" } }, "headers");
    const text = written.join("");
    expect(text).toContain("*/*");
    expect(text).not.toContain("secret-token");
  });
});
