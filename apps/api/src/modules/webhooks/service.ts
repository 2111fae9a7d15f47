/**
 * Webhook endpoints for admins (docs/decisions/024-webhooks.md): registered with the events they
 * want, each given a secret shown once (at creation and at each rotation), their deliveries listed
 * and sent again on demand. In production an endpoint must lead to a public address (destination.ts).
 */
import { webhookWords } from "@shop/shared/messages";
import type { WebhookEndpointInputParsed } from "@shop/shared/schemas/webhook";
import { AppError } from "#api/core/errors";
import {
  type CappedTotal,
  limitOffset,
  limitOffsetAndOne,
  type PageRequest,
  withoutExtra,
} from "#api/core/paging";
import type { Database } from "#api/db/client";
import type { WebhookDelivery, WebhookEndpoint } from "#api/db/schema/webhooks";
import { type DestinationRules, destinationRefusal } from "./destination";
import {
  deleteEndpoint,
  enqueueProductDeleted,
  enqueueProductEvents,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  type ProductEvent,
  requeueDelivery,
  rotateEndpointSecret,
  updateEndpoint,
} from "./repo";
import { newSecret } from "./signing";

/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60_000;

/** The events once each, in the order given. */
function uniqueEvents(events: WebhookEndpointInputParsed["events"]) {
  return [...new Set(events)];
}

/** 400 at `url` when the URL may not be used (production: it leads to a private address, or nowhere). */
async function checkDestination(url: string, rules: DestinationRules) {
  const refusal = await destinationRefusal(url, rules);
  if (refusal) throw new AppError("BAD_REQUEST", refusal, { url: refusal });
}

/** Registers an endpoint with a new secret; answers it with the secret, which is never shown again. */
export async function createEndpoint(
  db: Database,
  input: WebhookEndpointInputParsed,
  rules: DestinationRules,
): Promise<WebhookEndpoint> {
  await checkDestination(input.url, rules);
  return insertEndpoint(db, {
    url: input.url,
    events: uniqueEvents(input.events),
    enabled: input.enabled,
    secret: newSecret(),
  });
}

export async function listEndpointPage(
  db: Database,
  keyword: string | undefined,
  page: PageRequest,
): Promise<{ rows: WebhookEndpoint[]; total: number }> {
  return listEndpoints(db, keyword, limitOffset(page));
}

async function endpointOrMissing(db: Database, id: string): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(db, id);
  if (!endpoint) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
  return endpoint;
}

/** Replaces an endpoint's URL, events and switch (its secret stays); 404 when there is none. */
export async function editEndpoint(
  db: Database,
  id: string,
  input: WebhookEndpointInputParsed,
  rules: DestinationRules,
): Promise<WebhookEndpoint> {
  await endpointOrMissing(db, id);
  await checkDestination(input.url, rules);
  const row = await updateEndpoint(db, id, {
    url: input.url,
    events: uniqueEvents(input.events),
    enabled: input.enabled,
  });
  if (!row) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
  return row;
}

/** Deletes an endpoint and its deliveries; 404 when there is none. */
export async function removeEndpoint(db: Database, id: string): Promise<void> {
  if (!(await deleteEndpoint(db, id))) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
}

/** A new secret for the endpoint, answered once; the previous one keeps signing for SECRET_OVERLAP_MS. */
export async function rotateSecret(db: Database, id: string): Promise<WebhookEndpoint> {
  const row = await rotateEndpointSecret(db, id, newSecret(), SECRET_OVERLAP_MS);
  if (!row) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
  return row;
}

/** An endpoint's deliveries, newest first; 404 for an unknown endpoint; the total counted up to COUNT_CAP (`cap` only for tests). */
export async function listDeliveryPage(
  db: Database,
  endpointId: string,
  page: PageRequest,
  cap?: number,
): Promise<{ rows: WebhookDelivery[]; more: boolean } & CappedTotal> {
  await endpointOrMissing(db, endpointId);
  const read = await listDeliveries(db, endpointId, limitOffsetAndOne(page), cap);
  const { rows, more } = withoutExtra(read.rows, page.size);
  return { rows, total: read.total, totalCapped: read.totalCapped, more };
}

/**
 * Sends a delivery again, as it was (the same webhook-id and body), its attempts counted afresh:
 * 404 for an unknown one, 409 while its endpoint is disabled or a sender holds it at this moment.
 */
export async function redeliver(db: Database, endpointId: string, id: string): Promise<WebhookDelivery> {
  const endpoint = await endpointOrMissing(db, endpointId);
  if (!(await findDelivery(db, endpointId, id)))
    throw new AppError("NOT_FOUND", webhookWords.deliveryNotFound);
  if (!endpoint.enabled) throw new AppError("CONFLICT", webhookWords.endpointDisabled);
  const row = await requeueDelivery(db, endpointId, id);
  if (!row) throw new AppError("CONFLICT", webhookWords.deliveryInFlight);
  return row;
}

/**
 * Tells the endpoints that asked of products created or changed, as they now are in the caller's
 * transaction (one statement however many, no delivery when none asked).
 */
export function queueProductEvents(db: Database, events: readonly ProductEvent[]): Promise<void> {
  return enqueueProductEvents(db, events);
}

/** Tells the endpoints that asked of a product about to be deleted in the caller's transaction. */
export function queueProductDeleted(db: Database, productId: string): Promise<void> {
  return enqueueProductDeleted(db, productId);
}
