/**
 * Rate limits for sign-in and registration. Every attempt counts against the client address.
 * A failed sign-in counts against the pair (account, address), which that address alone then
 * cannot try for a while, and against the account, whose sign-ins are then slowed down but never
 * refused: strangers guessing from elsewhere can never lock the owner (or an admin) out.
 * Changing one's email counts like a registration: both tell whether an address has an account.
 * A wrong code given to a signed-in session's second step counts against that session, as a wrong
 * sign-in code counts against the pair (account, address).
 * A back-in-stock request names an address the shop will write to unconfirmed: one client address
 * may name only a few new ones an hour, and one address may be named only so often an hour.
 * Counters live in Redis when REDIS_URL is set, so that every instance shares them.
 */
import rateLimit from "@fastify/rate-limit";
import { AUTH_RATE_LIMIT } from "@shop/shared/constants";
import { api, stockAlertWords } from "@shop/shared/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { AppError } from "#api/core/errors";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

declare module "fastify" {
  interface FastifyInstance {
    authLimits: {
      perAddress: Limiter;
      perAccountAddress: Limiter;
      perAccount: Limiter;
      codeTries: Limiter;
      secondStepFailures: Limiter;
      stockAlertPairs: Limiter;
      stockAlertNewAddresses: Limiter;
      stockAlertPerEmail: Limiter;
    };
  }
}

const QUARTER_HOUR = 15 * 60_000;
/** Failed sign-ins to one account allowed from one address in a quarter of an hour. */
const ACCOUNT_ADDRESS_FAILURES = { max: 5, timeWindow: QUARTER_HOUR };
/** Failed sign-ins to one account (from anywhere) counted in a quarter of an hour. */
const ACCOUNT_FAILURES = { max: 100_000, timeWindow: QUARTER_HOUR };
/** Past this many failures, each further one adds SLOWDOWN_STEP_MS to every sign-in of the account. */
export const SLOWDOWN_AFTER = 5;
const SLOWDOWN_STEP_MS = 250;
const SLOWDOWN_MAX_MS = 3_000;
/** Discount codes one address may try in a minute: enough for a shopper, too few to guess codes. */
export const CODE_TRIES = { max: 30, timeWindow: 60_000 };
const HOUR = 60 * 60_000;
/**
 * Back-in-stock requests: new addresses one client address may name in an hour (a shopper names
 * their own, perhaps a partner's), and requests naming one address an hour, from anywhere.
 */
export const STOCK_ALERT_LIMITS = {
  newAddresses: { max: 5, timeWindow: HOUR },
  perEmail: { max: 10, timeWindow: HOUR },
};

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
}

export async function registerRateLimits(app: FastifyInstance) {
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook("onClose", async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    max: app.config.authRateLimitMax,
    timeWindow: AUTH_RATE_LIMIT.windowMs,
    ...(redis ? { redis, nameSpace: "shop-rl-" } : {}),
    // NOTE: a Redis outage must not lock every shopper out of signing in.
    skipOnError: true,
  });
  app.decorate("authLimits", {
    perAddress: app.createRateLimit({ keyGenerator: (request) => `ip:${request.ip}` }),
    perAccountAddress: app.createRateLimit({
      ...ACCOUNT_ADDRESS_FAILURES,
      keyGenerator: (request) => `account-ip:${emailOf(request)}|${request.ip}`,
    }),
    perAccount: app.createRateLimit({
      ...ACCOUNT_FAILURES,
      keyGenerator: (request) => `account:${emailOf(request)}`,
    }),
    codeTries: app.createRateLimit({ ...CODE_TRIES, keyGenerator: (request) => `code-ip:${request.ip}` }),
    // Runs after requireUser: the session is resolved.
    secondStepFailures: app.createRateLimit({
      ...ACCOUNT_ADDRESS_FAILURES,
      keyGenerator: (request) => `second-step:${request.session?.sessionId ?? request.ip}`,
    }),
    // Whether this client address named this address within the hour: read, to tell a new one.
    stockAlertPairs: app.createRateLimit({
      max: Number.MAX_SAFE_INTEGER,
      timeWindow: HOUR,
      keyGenerator: (request) => `stock-alert-pair:${request.ip}|${emailOf(request)}`,
    }),
    stockAlertNewAddresses: app.createRateLimit({
      ...STOCK_ALERT_LIMITS.newAddresses,
      keyGenerator: (request) => `stock-alert-ip:${request.ip}`,
    }),
    stockAlertPerEmail: app.createRateLimit({
      ...STOCK_ALERT_LIMITS.perEmail,
      keyGenerator: (request) => `stock-alert-email:${emailOf(request)}`,
    }),
  });
}

function refuse(reply: FastifyReply, ttlMs: number, message: string = api.tooManyRequests): never {
  reply.header("retry-after", Math.max(1, Math.ceil(ttlMs / 1000)));
  throw new AppError("TOO_MANY_REQUESTS", message);
}

/** Counts one attempt from this address and refuses the request past the limit. */
export async function limitAttemptsFromAddress(request: FastifyRequest, reply: FastifyReply) {
  const limit = await request.server.authLimits.perAddress(request);
  if (!limit.isAllowed && limit.isExceeded) refuse(reply, limit.ttl);
}

/** A cart price check that names a discount code counts against the address's code tries. */
export async function limitDiscountCodeTries(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body as { discountCode?: unknown } | undefined;
  if (typeof body?.discountCode !== "string" || body.discountCode.trim() === "") return;
  const limit = await request.server.authLimits.codeTries(request);
  if (!limit.isAllowed && limit.isExceeded) refuse(reply, limit.ttl);
}

/**
 * A profile change that moves the email counts as an attempt from this address, as a registration
 * does (both would tell whether an address has an account); a name change alone does not count.
 * Runs after requireUser.
 */
export async function limitEmailChange(request: FastifyRequest, reply: FastifyReply) {
  const email = emailOf(request);
  if (email === "" || email === request.session?.user.email) return;
  await limitAttemptsFromAddress(request, reply);
}

/** Refuses a sign-in from an address that failed too often for this account lately (others are not affected). */
export async function limitAccountFromAddress(request: FastifyRequest, reply: FastifyReply) {
  const limit = await request.server.authLimits.perAccountAddress(request, { increment: false });
  // A peek does not count this attempt, so the pair is refused once no failure is left.
  if (!limit.isAllowed && (limit.isExceeded || limit.remaining <= 0)) refuse(reply, limit.ttl);
}

/**
 * How long a sign-in to this account waits first: nothing until SLOWDOWN_AFTER failures, then a
 * step more per failure up to a few seconds. Every sign-in of the account waits alike, right or
 * wrong, so the wait tells nothing; the password decides only after it.
 */
export async function accountSlowdownMs(request: FastifyRequest): Promise<number> {
  const limit = await request.server.authLimits.perAccount(request, { increment: false });
  if (limit.isAllowed) return 0;
  const failures = limit.max - limit.remaining;
  return Math.min(SLOWDOWN_MAX_MS, Math.max(0, failures - SLOWDOWN_AFTER) * SLOWDOWN_STEP_MS);
}

/** Counts a failed sign-in against the account and against the pair (account, address). */
export async function countAccountFailure(request: FastifyRequest) {
  await Promise.all([
    request.server.authLimits.perAccount(request),
    request.server.authLimits.perAccountAddress(request),
  ]);
}

/** Refuses a second step of a session that gave wrong codes too often lately (after requireUser). */
export async function limitSecondStepTries(request: FastifyRequest, reply: FastifyReply) {
  const limit = await request.server.authLimits.secondStepFailures(request, { increment: false });
  if (!limit.isAllowed && (limit.isExceeded || limit.remaining <= 0)) refuse(reply, limit.ttl);
}

/** Counts a wrong code given to the session's second step. */
export async function countSecondStepFailure(request: FastifyRequest) {
  await request.server.authLimits.secondStepFailures(request);
}

/**
 * preHandler of a back-in-stock request (its body checked): an address this client address has not
 * named within the hour counts against its new addresses (STOCK_ALERT_LIMITS), and every request
 * against the address it names; past either, 429.
 */
export async function limitStockAlertAddresses(request: FastifyRequest, reply: FastifyReply) {
  const limits = request.server.authLimits;
  const pair = await limits.stockAlertPairs(request, { increment: false });
  // An allow-listed client (none is configured) counts as one that named it before.
  if (!pair.isAllowed && pair.remaining === pair.max) {
    const fromAddress = await limits.stockAlertNewAddresses(request);
    if (!fromAddress.isAllowed && fromAddress.isExceeded)
      refuse(reply, fromAddress.ttl, stockAlertWords.tooManyAddresses);
  }
  const perEmail = await limits.stockAlertPerEmail(request);
  if (!perEmail.isAllowed && perEmail.isExceeded)
    refuse(reply, perEmail.ttl, stockAlertWords.tooManyForAddress);
  await limits.stockAlertPairs(request);
}
