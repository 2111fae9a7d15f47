import { envelope } from "@shop/shared/api";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerApiDocument } from "#api/http/openapi";
import { takeConformanceProblems, watchConformance } from "./conformance";

describe("the API document conformance hook", () => {
  it("reports a status the document does not list and a body off its schema", async () => {
    // NOTE: no type provider, so that the handlers may answer what their schemas do not allow.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerApiDocument(app, { publicOrigin: undefined, ui: false });
    app.get(
      "/api/teapot",
      { schema: { operationId: "brewTea", response: { 200: envelope(z.object({ cups: z.number() })) } } },
      // A status no route of the shop declares, deliberately.
      async (_request, reply) => {
        reply.raw.statusCode = 418;
        return reply.serializer(JSON.stringify).send({ success: false, message: "no" });
      },
    );
    app.get(
      "/api/cups",
      { schema: { operationId: "countCups", response: { 200: envelope(z.object({ cups: z.number() })) } } },
      // Sent past the route's serializer, as a broken handler or plugin could.
      async (_request, reply) =>
        reply.serializer(JSON.stringify).send({ success: true, message: "OK", data: { cups: "three" } }),
    );
    watchConformance(app, { counted: false });
    await app.ready();
    try {
      expect((await app.inject({ method: "GET", url: "/api/teapot" })).statusCode).toBe(418);
      expect(takeConformanceProblems()).toEqual([
        "GET /api/teapot answered 418, a status its document does not list",
      ]);
      expect((await app.inject({ method: "GET", url: "/api/cups" })).statusCode).toBe(200);
      const [offSchema, ...rest] = takeConformanceProblems();
      expect(rest).toEqual([]);
      expect(offSchema).toMatch(
        /^GET \/api\/cups answered 200 off its documented schema: \/data\/cups must be number/,
      );
    } finally {
      await app.close();
    }
  });
});
