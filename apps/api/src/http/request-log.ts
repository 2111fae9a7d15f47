/**
 * The API's log: where its lines go, and the one line written for each answer the shop sends.
 * Fastify's own request logging (a line when a request comes in and another when it is answered)
 * is switched off in app.ts.
 */
import type { FastifyInstance } from "fastify";
import pino, { type DestinationStream } from "pino";

type LogOutput = ReturnType<typeof pino.destination>;

let stdout: LogOutput | undefined;

/** Lines are written out once this much has gathered, or after FLUSH_MS, whichever comes first. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 1000;
/** What may wait to be written when the reader of standard output falls behind; past it lines are dropped. */
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

/**
 * Standard output, written asynchronously: lines gather in memory and are written some 25 at a
 * time off the main thread, so no request waits for the pipe or the terminal to take its line.
 * NOTE: a write per line (no batch) cost more CPU than the synchronous writes it replaces: each one
 * is a round trip through libuv's thread pool. A quiet shop's line is written within FLUSH_MS.
 * NOTE: one per process, however many apps are built: two writers on the same descriptor could
 * cut each other's lines.
 * NOTE: a reader that stops reading (a stuck log collector) costs dropped lines past
 * MAX_QUEUED_BYTES, not the server's memory; a synchronous writer would have stopped the shop.
 */
export function logOutput(): LogOutput {
  stdout ??= pino.destination({
    dest: 1,
    sync: false,
    minLength: BATCH_BYTES,
    periodicFlush: FLUSH_MS,
    maxLength: MAX_QUEUED_BYTES,
  });
  return stdout;
}

/**
 * Writes out, synchronously, what the log still holds. Call it before `process.exit`, which stops
 * the event loop that would have written it. (A crash is covered by pino itself: an asynchronous
 * destination flushes on the process's 'exit' event.)
 */
export function flushLog() {
  stdout?.flushSync();
}

/** The path of a URL without its query, which may carry a token (a password reset link). */
function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One line for each answer, once it is sent: the method, the route's pattern (so that every
 * product's reads group together; the path when no route matched), the status, how long it took in
 * milliseconds, the request's id, and who asked when the request already knew (a guard looked the
 * session up). Nothing when the app logs nothing (`output` undefined).
 * NOTE: the line is written by a logger of its own on the app's output and level, without the app
 * logger's redaction (app.ts LOG_REDACT): its fields are named here one by one and none can hold a
 * header or a secret, and the redaction was a quarter of each line's cost, paid on every answer.
 * NOTE: a 5xx gets its line here too, at info like any other; the error itself, with its stack, is
 * logged once at error level by the error handler (http/error-handler.ts), under the same reqId.
 */
export function registerRequestLog(
  app: FastifyInstance,
  output: { level: string; stream: DestinationStream } | undefined,
) {
  if (!output) return;
  const lines = pino({ level: output.level }, output.stream);
  app.addHook("onResponse", (request, reply, done) => {
    lines.info(
      {
        reqId: request.id,
        method: request.method,
        route: request.routeOptions.url ?? pathOf(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        // NOTE: never a session lookup just for the log; a public read signed in is logged without it.
        userId: request.session?.user.id,
      },
      "request",
    );
    done();
  });
}
