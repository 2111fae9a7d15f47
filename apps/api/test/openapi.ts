/** The operations of the API's OpenAPI document (GET /api/docs/json), as the suites walk them. */
import type { FastifyInstance } from "fastify";
import type { JsonSchema } from "./schema-arbitraries";

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "METHOD /path/{param}", as the access table names it. */
  key: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Every operation of the document, in its order. */
export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: "GET", url: "/api/docs/json" });
  const doc = response.json() as { paths: Record<string, Record<string, RawOperation>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([lower, raw]) => {
      const method = lower.toUpperCase() as Operation["method"];
      return {
        key: `${method} ${path}`,
        method,
        path,
        parameters: raw.parameters ?? [],
        body: raw.requestBody?.content?.["application/json"]?.schema,
      };
    }),
  );
}
