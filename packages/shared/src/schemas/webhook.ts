/**
 * Webhooks (docs/decisions/024-webhooks.md): an endpoint as an admin registers it, its deliveries,
 * and the events a delivery carries. A delivery's body is one `WebhookEvent`, `{ type, timestamp,
 * data }`, signed as the Standard Webhooks specification says; the database writes the `data` of
 * each event (apps/api migration 0030), and every delivery the API answers is held to these schemas.
 */
import { z } from "zod";
import {
  ORDER_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
} from "../constants";
import { validation, webhookWords } from "../messages";
import { boolean, Id, IdParams, ListQuery } from "./common";

/** An absolute http or https URL, as the WHATWG URL parser reads it. */
const HttpUrl = z.url({ protocol: /^https?$/ });

/** An endpoint's URL: absolute http or https. Where it leads (no private address) the API checks. */
export const WebhookUrl = z
  .string({ error: webhookWords.url })
  .trim()
  .min(1, validation.required)
  .max(WEBHOOK_URL_MAX, validation.maxLength(WEBHOOK_URL_MAX))
  .refine((value) => HttpUrl.safeParse(value).success, webhookWords.url);

/** POST /webhooks and PUT /webhooks/{id}: where to send, which events (at least one), and whether it is on. */
export const WebhookEndpointInput = z
  .object({
    url: WebhookUrl,
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: validation.oneOf(WEBHOOK_EVENTS) }), {
        error: webhookWords.eventsRequired,
      })
      .min(1, webhookWords.eventsRequired)
      .max(WEBHOOK_EVENTS.length, validation.oneOf(WEBHOOK_EVENTS)),
    enabled: boolean().default(true),
  })
  .strict();
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;
export type WebhookEndpointInputParsed = z.output<typeof WebhookEndpointInput>;

export const WebhookEndpointDto = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** When the sender disabled it after 24 hours of failed deliveries; null when on, or turned off by hand. */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointDto>;

/** An endpoint as creating it or rotating its secret answers: the only times its secret is shown. */
export const WebhookEndpointWithSecretDto = WebhookEndpointDto.extend({
  /** `whsec_` and the key in base64, as the Standard Webhooks specification writes it. */
  secret: z.string(),
});
export type WebhookEndpointWithSecretDto = z.infer<typeof WebhookEndpointWithSecretDto>;

/** POST /webhooks/{id}/deliveries/{deliveryId}/redeliver. */
export const WebhookDeliveryParams = IdParams.extend({ deliveryId: Id });

/** GET /webhooks/{id}/deliveries: newest first, paged. */
export const WebhookDeliveryListQuery = ListQuery.omit({ keyword: true });

// ---- The events ----

/** The address an order ships to, as it was when the order was placed. */
const WebhookAddress = z.object({
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  countryCode: z.string(),
  phoneNumber: z.string(),
  building: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  country: z.string(),
});

/** An order as every order event carries it, as it is when the change that raised the event commits. */
export const WebhookOrder = z.object({
  _id: z.string(),
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subTotal: z.number(),
  discountAmount: z.number(),
  shippingAmount: z.number(),
  taxAmount: z.number(),
  codFee: z.number(),
  totalAmount: z.number(),
  /** The GST invoice's number, given when it is paid; null before. */
  invoiceNumber: z.string().nullable(),
  customer: z.object({ _id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }),
  shippingAddress: WebhookAddress,
  /** The payment linked to the order (a cash on delivery one is pending until collected); null while unpaid. */
  payment: z
    .object({
      _id: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      gateway: z.enum(PAYMENT_GATEWAYS),
      amount: z.number(),
      refundedAmount: z.number(),
      transactionId: z.string(),
    })
    .nullable(),
  lines: z.array(
    z.object({
      _id: z.string(),
      product: z.string(),
      variant: z.string(),
      sku: z.string(),
      name: z.string(),
      options: z.record(z.string(), z.string()),
      quantity: z.number().int(),
      /** The unit price charged. */
      price: z.number(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookOrder = z.infer<typeof WebhookOrder>;

/** A product as its events carry it, with every current variant. */
export const WebhookProduct = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  price: z.number(),
  onSale: z.boolean(),
  salePrice: z.number(),
  stock: z.number().int(),
  category: z.object({ _id: z.string(), name: z.string(), slug: z.string() }),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.object({
      _id: z.string(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      price: z.number(),
      onSale: z.boolean(),
      salePrice: z.number(),
      stock: z.number().int(),
      isActive: z.boolean(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookProduct = z.infer<typeof WebhookProduct>;

function event<const T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) {
  return z.object({
    type: z.literal(type),
    /** When the event happened (ISO 8601, UTC); the webhook-timestamp header is the attempt's time. */
    timestamp: z.string(),
    data,
  });
}

/** What a delivery's body is: one event of WEBHOOK_EVENTS, told apart by `type`. */
export const WebhookEvent = z.discriminatedUnion("type", [
  event("order.created", z.object({ order: WebhookOrder })),
  event("order.paid", z.object({ order: WebhookOrder })),
  event("order.status_changed", z.object({ order: WebhookOrder, previousStatus: z.enum(ORDER_STATUSES) })),
  event(
    "order.refunded",
    z.object({
      order: WebhookOrder,
      refund: z.object({
        _id: z.string(),
        amount: z.number(),
        reason: z.string(),
        creditNoteNumber: z.string().nullable(),
      }),
    }),
  ),
  event(
    "shipment.created",
    z.object({
      order: WebhookOrder,
      shipment: z.object({
        _id: z.string(),
        carrier: z.string(),
        trackingNumber: z.string().nullable(),
        trackingUrl: z.string().nullable(),
        shippedAt: z.string(),
        lines: z.array(z.object({ line: z.string(), quantity: z.number().int() })),
      }),
    }),
  ),
  event("product.created", z.object({ product: WebhookProduct })),
  event("product.updated", z.object({ product: WebhookProduct })),
  event("product.deleted", z.object({ product: z.object({ _id: z.string(), name: z.string() }) })),
  event(
    "inventory.low",
    z.object({
      product: z.object({ _id: z.string(), name: z.string() }),
      variant: z.object({
        _id: z.string(),
        sku: z.string(),
        options: z.record(z.string(), z.string()),
        stock: z.number().int(),
      }),
      /** The shop's low-stock threshold (Settings, Inventory) the stock fell to or below. */
      threshold: z.number().int(),
    }),
  ),
  event(
    "customer.created",
    z.object({
      customer: z.object({
        _id: z.string(),
        email: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        createdAt: z.string(),
      }),
    }),
  ),
]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
/** The event of one type: `WebhookEventOf<"order.paid">`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/** One attempt's worth of a delivery, as the dashboard lists them. */
export const WebhookDeliveryDto = z.object({
  _id: z.string(),
  endpoint: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The last attempt's HTTP status; null before any, or when none came (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due; null once it succeeded or failed. */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** The body sent (the same for every attempt; only the headers' timestamp and signature change). */
  payload: WebhookEvent,
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;
