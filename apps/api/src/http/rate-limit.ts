/**
 * Rate limits for sign-in and registration: every attempt counts against the client
 * address, and failed sign-ins also count against the account they named.
 * Counters live in Redis when REDIS_URL is set, so that every instance shares them.
 */
import rateLimit from "@fastify/rate-limit";
import { AUTH_RATE_LIMIT } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import { AppError } from "./errors";

type Limiter = ReturnType<FastifyInstance["createRateLimit"]>;

declare module "fastify" {
  interface FastifyInstance {
    authLimits: { perAddress: Limiter; perAccount: Limiter };
  }
}

/** Failed sign-ins allowed per account in a quarter of an hour. */
const ACCOUNT_FAILURES = { max: 10, timeWindow: 15 * 60_000 };

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
    perAccount: app.createRateLimit({
      ...ACCOUNT_FAILURES,
      keyGenerator: (request) => `account:${emailOf(request)}`,
    }),
  });
}

function refuse(reply: FastifyReply, ttlMs: number): never {
  reply.header("retry-after", Math.max(1, Math.ceil(ttlMs / 1000)));
  throw new AppError("TOO_MANY_REQUESTS", api.tooManyRequests);
}

/** Counts one attempt from this address and refuses the request past the limit. */
export async function limitAttemptsFromAddress(request: FastifyRequest, reply: FastifyReply) {
  const limit = await request.server.authLimits.perAddress(request);
  if (!limit.isAllowed && limit.isExceeded) refuse(reply, limit.ttl);
}

/** Refuses a sign-in to an account that has had too many failures lately. */
export async function checkAccountNotLocked(request: FastifyRequest, reply: FastifyReply) {
  const limit = await request.server.authLimits.perAccount(request, { increment: false });
  // A peek does not count this attempt, so the account is locked once no failure is left.
  if (!limit.isAllowed && (limit.isExceeded || limit.remaining <= 0)) refuse(reply, limit.ttl);
}

export async function countAccountFailure(request: FastifyRequest) {
  await request.server.authLimits.perAccount(request);
}
