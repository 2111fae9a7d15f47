import type {
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from "@shop/shared/schemas/webhook";
import type { WebhookDelivery, WebhookEndpoint } from "#api/db/schema/webhooks";

export function toEndpointDto(row: WebhookEndpoint): WebhookEndpointDto {
  return {
    _id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The endpoint with its secret: only the answers to creating it and to rotating its secret. */
export function toEndpointWithSecretDto(row: WebhookEndpoint): WebhookEndpointWithSecretDto {
  return { ...toEndpointDto(row), secret: row.secret };
}

export function toDeliveryDto(row: WebhookDelivery): WebhookDeliveryDto {
  return {
    _id: row.id,
    endpoint: row.endpointId,
    type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    // NOTE: written by the database (migration 0030) to the shape of WebhookEvent; the API document
    // holds every answer to it (test/conformance.ts).
    payload: row.payload,
  };
}
