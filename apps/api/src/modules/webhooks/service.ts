/**
 * Webhook endpoints for admins (docs/decisions/024-webhooks.md): registered with the events they
 * want, each given a secret shown once (at creation and at each rotation), their deliveries listed
 * and sent again on demand. An endpoint must lead to a public address (destination.ts). Each write
 * records its activity entry, without the secret.
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
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
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

/**
 * Every endpoint's secrets as stored (sealed), locked in the caller's transaction, and their write
 * sealed anew: re-sealing them under a new key (the secrets module, npm run secrets:reseal).
 */
export { endpointSecretBinding, lockEndpointSecrets, storeEndpointSecrets } from "./repo";

/** The events once each, in the order given. */
function uniqueEvents(events: WebhookEndpointInputParsed["events"]) {
  return [...new Set(events)];
}

/** The URL as the activity log keeps it: without a user name or password it may carry. */
function loggedUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = "";
  parsed.password = "";
  return parsed.href;
}

/** An endpoint as the activity log keeps it: where it sends and what; never its secrets. */
function fieldsOf(row: WebhookEndpoint) {
  return { url: loggedUrl(row.url), events: row.events, enabled: row.enabled };
}
const subjectOf = (row: WebhookEndpoint) => ({
  type: "webhook" as const,
  id: row.id,
  label: loggedUrl(row.url),
});

/** 400 at `url` when the URL may not be used: it leads to a private address, or nowhere. */
async function checkDestination(url: string, rules: DestinationRules) {
  const refusal = await destinationRefusal(url, rules);
  if (refusal) throw new AppError("BAD_REQUEST", refusal, { url: refusal });
}

/**
 * Registers an endpoint with a new secret; answers it with the secret, plain, which is never shown
 * again (the row keeps it sealed).
 */
export async function createEndpoint(
  db: Database,
  actor: ActivityActor,
  input: WebhookEndpointInputParsed,
  rules: DestinationRules,
): Promise<WebhookEndpoint> {
  await checkDestination(input.url, rules);
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      url: input.url,
      events: uniqueEvents(input.events),
      enabled: input.enabled,
      secret,
    });
    await recordActivity(tx, actor, "webhook.created", subjectOf(row), null, fieldsOf(row));
    return { ...row, secret };
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
  actor: ActivityActor,
  id: string,
  input: WebhookEndpointInputParsed,
  rules: DestinationRules,
): Promise<WebhookEndpoint> {
  await endpointOrMissing(db, id);
  // NOTE: the address is looked up before the transaction: a slow DNS answer holds no row.
  await checkDestination(input.url, rules);
  return db.transaction(async (tx) => {
    const before = await endpointOrMissing(tx, id);
    const row = await updateEndpoint(tx, id, {
      url: input.url,
      events: uniqueEvents(input.events),
      enabled: input.enabled,
    });
    if (!row) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
    await recordActivity(tx, actor, "webhook.updated", subjectOf(row), fieldsOf(before), fieldsOf(row));
    return row;
  });
}

/** Deletes an endpoint and its deliveries; 404 when there is none. */
export async function removeEndpoint(db: Database, actor: ActivityActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await endpointOrMissing(tx, id);
    if (!(await deleteEndpoint(tx, id))) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
    await recordActivity(tx, actor, "webhook.deleted", subjectOf(row), fieldsOf(row), null);
  });
}

/**
 * A new secret for the endpoint, answered once, plain; the previous one keeps signing for SECRET_OVERLAP_MS.
 * The entry says until when, and holds neither secret.
 */
export async function rotateSecret(db: Database, actor: ActivityActor, id: string): Promise<WebhookEndpoint> {
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const row = await rotateEndpointSecret(tx, id, secret, SECRET_OVERLAP_MS);
    if (!row) throw new AppError("NOT_FOUND", webhookWords.endpointNotFound);
    await recordActivity(tx, actor, "webhook.secret_rotated", subjectOf(row), null, {
      previousSecretUntil: row.previousSecretUntil,
    });
    return { ...row, secret };
  });
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
export async function redeliver(
  db: Database,
  actor: ActivityActor,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const endpoint = await endpointOrMissing(tx, endpointId);
    const before = await findDelivery(tx, endpointId, id);
    if (!before) throw new AppError("NOT_FOUND", webhookWords.deliveryNotFound);
    if (!endpoint.enabled) throw new AppError("CONFLICT", webhookWords.endpointDisabled);
    const row = await requeueDelivery(tx, endpointId, id);
    if (!row) throw new AppError("CONFLICT", webhookWords.deliveryInFlight);
    // The delivery's id and event only after: on both sides they would not count as changed.
    await recordActivity(
      tx,
      actor,
      "webhook.redelivered",
      subjectOf(endpoint),
      { status: before.status, attempts: before.attempts },
      { delivery: row.id, event: row.eventType, status: row.status, attempts: row.attempts },
    );
    return row;
  });
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
