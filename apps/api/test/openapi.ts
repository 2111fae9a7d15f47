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
  /** The media types of the files a success answers with, by status (`fileAnswer`: a PDF), when any. */
  files: Record<string, string[]>;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
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
        files: Object.fromEntries(
          Object.entries(raw.responses ?? {}).flatMap(([status, answer]) => {
            const types = Object.keys(answer.content ?? {}).filter((type) => type !== "application/json");
            return types.length > 0 ? [[status, types] as const] : [];
          }),
        ),
      };
    }),
  );
}
