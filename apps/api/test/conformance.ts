/**
 * The API document's promise, held by every test: each reply the suite receives, of every status, is
 * checked against the document (GET /api/docs/json). The operation must list the status, and a JSON
 * body must match the schema listed for it. A reply that breaks either is a problem of the test that
 * caused it (test/conformance-setup.ts fails it); the operations answered are written down for the
 * run's end, which fails when one was never exercised (test/conformance-global.ts).
 */
import { randomUUID } from "node:crypto";
import { appendFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import type { FastifyInstance } from "fastify";

interface Documented {
  /** Status → the body's validator, or null when the status has no JSON body. */
  statuses: Map<string, Validator | null>;
  /** Status → the media types its answer may come as ("application/json", "text/csv"). */
  mediaTypes: Map<string, string[]>;
}

/** A body's schema, compiled at its first use: an app answers a few of the document's statuses. */
interface Validator {
  schema: object;
  compiled?: ValidateFunction;
}

interface Document {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components?: { schemas?: Record<string, object> };
}

const problems: string[] = [];
const exercised = new Set<string>();
const everyOperation = new Set<string>();

/** "/api/products/:productId" → "/api/products/{productId}". */
function templateOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\/$/, "") || "/";
}

/**
 * The document's operations, with one Ajv for their schemas, by the document's text: the apps of a
 * test worker share one document, and compiling all of it for each app took seconds.
 */
const documents = new Map<string, { ajv: Ajv; operations: Map<string, Documented> }>();

function operationsOf(doc: Document): { ajv: Ajv; operations: Map<string, Documented> } {
  const text = JSON.stringify(doc);
  const known = documents.get(text);
  if (known) return known;
  // NOTE: strict off: OpenAPI 3.0 schemas carry `nullable` and `example`, which are not JSON Schema.
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ components: doc.components ?? {} }, "doc");
  const operations = new Map<string, Documented>();
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const statuses = new Map<string, Validator | null>();
      const mediaTypes = new Map<string, string[]>();
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        mediaTypes.set(status, Object.keys(answer.content ?? {}));
        const schema = answer.content?.["application/json"]?.schema;
        const rooted =
          schema && JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
        statuses.set(status, rooted ? { schema: rooted } : null);
      }
      operations.set(`${method.toUpperCase()} ${template}`, { statuses, mediaTypes });
    }
  }
  const compiled = { ajv, operations };
  documents.set(text, compiled);
  return compiled;
}

/**
 * Checks every reply of this app against its own document from now on. `counted: false` leaves the
 * app's operations out of the run's tally (an app built only to test this hook).
 */
export function watchConformance(app: FastifyInstance, { counted = true }: { counted?: boolean } = {}) {
  let document: { ajv: Ajv; operations: Map<string, Documented> } | undefined;
  app.addHook("onSend", async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith("/api/") || url.startsWith("/api/docs")) return payload;
    if (!document) {
      document = operationsOf(app.swagger() as unknown as Document);
      if (counted) for (const key of document.operations.keys()) everyOperation.add(key);
    }
    const { ajv: compiler, operations } = document;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const key = `${method} ${templateOf(url)}`;
    const documented = operations.get(key);
    if (!documented) {
      remember(`${key} is not in the document`);
      return payload;
    }
    if (counted) exercised.add(key);
    const status = String(reply.statusCode);
    const validator = documented.statuses.get(status);
    if (validator === undefined) {
      remember(`${key} answered ${status}, a status its document does not list`);
    } else if (validator && typeof payload === "string" && !isDocumentedFile(documented, status, reply)) {
      validator.compiled ??= compiler.compile(validator.schema);
      const validate = validator.compiled;
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        remember(`${key} answered ${status} with a body that is not JSON`);
        return payload;
      }
      if (!validate(body))
        remember(
          `${key} answered ${status} off its documented schema: ${ajv(validate)} in ${payload.slice(0, 300)}`,
        );
    }
    return payload;
  });
}

/** Whether the reply is a file of a media type other than JSON that the document lists for its status. */
function isDocumentedFile(
  documented: Documented,
  status: string,
  reply: { getHeader(name: string): unknown },
) {
  const type =
    String(reply.getHeader("content-type") ?? "")
      .split(";")[0]
      ?.trim() ?? "";
  return type !== "application/json" && (documented.mediaTypes.get(status) ?? []).includes(type);
}

function ajv(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message}`).join("; ");
}

/** Set CONFORMANCE_LOG to a file to collect every problem of a run in one place. */
function remember(problem: string) {
  problems.push(problem);
  if (process.env.CONFORMANCE_LOG) appendFileSync(process.env.CONFORMANCE_LOG, `${problem}\n`);
}

/** The problems found since the last call, which it forgets. */
export function takeConformanceProblems(): string[] {
  return problems.splice(0, problems.length);
}

/** What one test file's replies came from, and every operation there is, as the run's end reads it. */
export interface ExercisedRecord {
  all: string[];
  exercised: string[];
}

/** Writes this test file's record into the run's folder (test/conformance-global.ts). */
export function recordExercised(folder: string) {
  if (everyOperation.size === 0) return;
  const record: ExercisedRecord = { all: [...everyOperation], exercised: [...exercised] };
  writeFileSync(path.join(folder, `${randomUUID()}.json`), JSON.stringify(record));
}
