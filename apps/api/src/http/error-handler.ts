/** One error handler for the whole API: statuses of docs/design.md section 4, SPEC messages, no leaked details. */
import { api, validation } from "@shop/shared/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "#api/core/errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The form-level message sent with a 400 for this route (SPEC section 5). */
    invalidMessage?: string;
  }
}

type ValidationIssue = {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
};

/** "/name/firstName" → "name.firstName"; the first message for a field wins. */
export function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.instancePath.split("/").filter(Boolean).join(".");
    if (issue.keyword === "unrecognized_keys" && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) {
        const field = base ? `${base}.${String(key)}` : String(key);
        errors[field] ??= validation.unknownField;
      }
      continue;
    }
    // NOTE: a body that is not an object at all (null, an array, a number) gets the shop's word for it.
    if (!base && issue.keyword === "invalid_type") {
      errors.body ??= validation.object;
      continue;
    }
    const field = base || "body";
    errors[field] ??= issue.message ?? api.invalidInput;
  }
  return errors;
}

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08003",
  "08006",
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      // NOTE: "not queryable" is the rollback of a transaction whose connection has just dropped;
      // "Query read timeout" a query on a connection that stopped answering (db/client.ts).
      /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|not queryable|Query read timeout/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const FASTIFY_STATUS_MESSAGES: Record<number, string> = {
  400: api.invalidInput,
  401: api.notSignedIn,
  403: api.forbidden,
  404: api.notFound,
  406: api.unsupportedMediaType,
  413: api.payloadTooLarge,
  415: api.unsupportedMediaType,
  429: api.tooManyRequests,
};

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation as unknown as ValidationIssue[]);
      const message = request.routeOptions.config?.invalidMessage ?? api.invalidInput;
      return reply.status(400).send({ success: false, message, errors });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.data ? { data: error.data } : {}),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, "response does not match its schema");
      return reply.status(500).send({ success: false, message: api.internal });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.status(503).header("retry-after", "5").send({ success: false, message: api.unavailable });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send({ success: false, message: api.internal });
    }
    return reply
      .status(status)
      .send({ success: false, message: FASTIFY_STATUS_MESSAGES[status] ?? api.invalidInput });
  });
}
