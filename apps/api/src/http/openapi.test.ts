import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#test/app";
import { REQUEST_EXAMPLES } from "./openapi-examples";

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  "x-roles"?: unknown;
  requestBody?: { content: Record<string, { schema: object; example?: unknown }> };
  responses: Record<
    string,
    { description?: string; content?: Record<string, { schema: { $ref?: string } }> }
  >;
}
interface Document {
  servers?: Array<{ url: string }>;
  security?: unknown;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, object>;
    securitySchemes: Record<string, { in?: string; name?: string }>;
  };
}

let t: TestApp;
let doc: Document;
let operations: Array<[string, Operation]>;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as Document;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
});
afterAll(async () => t.close());

describe("the API document", () => {
  it("names every operation once, in camelCase, and each path template has one spelling", () => {
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(operations.filter(([, operation]) => !operation.operationId).map(([key]) => key)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, "{}"));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("says how to sign in, and which operations need it and for whom", () => {
    expect(doc.components.securitySchemes.session).toMatchObject({ in: "cookie", name: "shop_session" });
    expect(doc.servers?.length).toBeGreaterThan(0);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
    for (const [key, operation] of operations) {
      expect(operation.security, key).toBeDefined();
      const guarded = (operation.security ?? []).length > 0;
      // A guarded operation may refuse the signed-out and the wrong role, and names who may call it.
      if (guarded)
        expect(Object.keys(operation.responses), key).toEqual(expect.arrayContaining(["401", "403"]));
      expect(Boolean(operation["x-roles"]), key).toBe(guarded);
    }
    const security = (key: string) => operations.find(([k]) => k === key)?.[1];
    expect(security("GET /api/products")?.security).toEqual([]);
    expect(security("GET /api/payments")?.["x-roles"]).toEqual(["admin"]);
    expect(security("GET /api/orders")?.["x-roles"]).toEqual(["admin", "manager"]);
    expect(security("POST /api/orders")?.["x-roles"]).toBe("signed-in");
  });

  it("documents the refusals of every operation with the one error envelope", () => {
    for (const [key, operation] of operations) {
      const refusals = Object.entries(operation.responses).filter(([status]) => status.startsWith("4"));
      expect(refusals.length, key).toBeGreaterThan(0);
      for (const [status, answer] of refusals) {
        expect(answer.content?.["application/json"]?.schema.$ref, `${key} ${status}`).toBe(
          "#/components/schemas/ErrorEnvelope",
        );
        expect(answer.description, `${key} ${status}`).toBeTruthy();
      }
    }
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({
      required: ["success", "message"],
      properties: { success: { enum: [false] }, errors: { type: "object" } },
    });
    const place = operations.find(([key]) => key === "POST /api/orders")?.[1];
    expect(Object.keys(place?.responses ?? {})).toEqual(
      expect.arrayContaining(["404", "409", "422", "429"].slice(0, 3)),
    );
  });

  it("shows an example of each main request body, valid against its schema", () => {
    const ajv = new Ajv({ strict: false });
    const byId = new Map(operations.map(([, operation]) => [operation.operationId, operation]));
    for (const [id, example] of Object.entries(REQUEST_EXAMPLES)) {
      const media = byId.get(id)?.requestBody?.content["application/json"];
      expect(media?.example, id).toEqual(example);
      const validate = ajv.compile(media?.schema ?? {});
      expect(validate(example), `${id}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });
});
