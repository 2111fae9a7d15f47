import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/app";
import { helmetHeaders, securityHeaders } from "./security-headers";

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  hsts: false,
};

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("are the headers @fastify/helmet itself sends with the same options", async () => {
    const plain = Fastify({ logger: false });
    await plain.register(helmet, OPTIONS);
    plain.get("/", async () => ({ ok: true }));
    const expected = (await plain.inject({ method: "GET", url: "/" })).headers;
    await plain.close();

    const table = Fastify({ logger: false });
    await table.register(securityHeaders, OPTIONS);
    table.get("/", async () => ({ ok: true }));
    const actual = (await table.inject({ method: "GET", url: "/" })).headers;
    await table.close();

    const headers = await helmetHeaders(OPTIONS);
    expect(Object.keys(headers).length).toBeGreaterThan(8);
    for (const name of Object.keys(headers)) expect(actual[name]).toBe(expected[name]);
    expect(String(actual["content-security-policy"])).toContain("frame-ancestors 'none'");
  });

  it("go with every answer of the app: cached reads, 304s, errors and unknown routes", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/categories" });
    const answers = [
      first,
      await t.app.inject({ method: "GET", url: "/api/categories" }),
      await t.app.inject({
        method: "GET",
        url: "/api/categories",
        headers: { "if-none-match": String(first.headers.etag) },
      }),
      await t.app.inject({ method: "GET", url: "/api/products/not-an-id" }),
      await t.app.inject({ method: "GET", url: "/api/nothing-here" }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 304, 400, 404]);
    for (const answer of answers) {
      expect(String(answer.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("refuses CSP nonces, which a table worked out once cannot carry", async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(securityHeaders, { enableCSPNonces: true }).ready()).rejects.toThrow(/nonces/);
    await app.close();
  });
});
