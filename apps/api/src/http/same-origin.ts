/**
 * Refuses cross-origin mutations (docs/design.md section 5). Browsers send Origin and
 * Sec-Fetch-Site on every cross-site POST/PUT/PATCH/DELETE; a request without them
 * does not come from a page in a browser and carries no ambient cookie risk.
 */
import { api } from "@shop/shared/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "#api/core/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const WEBHOOKS = ["/api/payments/paypal/webhook", "/api/payments/razorpay/webhook"];

function requestOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return new URL(publicOrigin).origin;
  return `${request.protocol}://${request.host}`;
}

export function registerSameOriginCheck(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // NOTE: the providers' webhooks are called server to server and prove themselves by signature instead.
    if (WEBHOOKS.some((path) => request.url.startsWith(path))) return;
    const fetchSite = request.headers["sec-fetch-site"];
    if (fetchSite === "cross-site") throw new AppError("FORBIDDEN", api.crossOrigin);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== requestOrigin(request, app.config.publicOrigin))
      throw new AppError("FORBIDDEN", api.crossOrigin);
  });
}
