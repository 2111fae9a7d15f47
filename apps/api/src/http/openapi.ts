/**
 * The API's OpenAPI document (GET /api/docs/json). A route declares what only it knows: its
 * operationId, tag, summary, inputs, answers, and the refusals its service may give (`refusals` of
 * http/envelope.ts).
 * Everything that follows from how a route is mounted is added here, so that no route lists it by
 * hand: its guard gives the security requirement, the roles that may call it and the 401 and 403; any
 * input the 400 (every request is checked, query strings included); path parameters the 404; a
 * state-changing method the 403 of the same-origin rule and the 413 and 415 of its body; a limiter
 * the 429; the database the 503. Every refusal is the one `ErrorEnvelope` component.
 */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ErrorEnvelope } from "@shop/shared/api";
import {
  FRESH_SECOND_STEP_MINUTES,
  SESSION_COOKIE,
  STAFF_ROLES,
  WEBHOOK_EVENTS,
  WEBHOOK_RETRY_DELAYS_MS,
} from "@shop/shared/constants";
import { webhookWords } from "@shop/shared/messages";
import { WebhookEvent, WebhookOrder, WebhookProduct } from "@shop/shared/schemas/webhook";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { type FileAnswer, isFileAnswer, type RefusalStatus } from "./envelope";
import { REQUEST_EXAMPLES } from "./openapi-examples";
import { limitAccountFromAddress, limitAttemptsFromAddress, limitEmailChange } from "./rate-limit";
import { requireAdmin, requireFreshSecondStep, requireStaff, requireUser } from "./session";

/** The schemas the document names as components rather than writing out where they are used. */
const components = z.registry<{ id: string }>();
components.add(ErrorEnvelope, { id: "ErrorEnvelope" });
// The body of every webhook delivery: a deliveries list carries it, so integrators get its type too
// (and the order and product several events carry, written once).
components.add(WebhookEvent, { id: "WebhookEvent" });
components.add(WebhookOrder, { id: "WebhookOrder" });
components.add(WebhookProduct, { id: "WebhookProduct" });

/** What each status means, as every operation that may answer it documents it. */
const REFUSALS: Record<RefusalStatus, string> = {
  400: "The input is invalid: `errors` maps each field to its message.",
  401: "Not signed in, or the session has ended.",
  402: "The payment was declined.",
  403: "Not allowed: the caller's role, an inactive account, a session that has not passed its second step (`secondStepRequired`), or a state-changing request from another origin.",
  404: "Not found, or not visible to the caller.",
  409: "Conflicts with the shop's state (stock, an address in use, an order already paid or cancelled).",
  413: "The body or file is too large.",
  415: "The body's or the file's type is not accepted.",
  422: "Well-formed but not acceptable, such as an Idempotency-Key reused for another order.",
  429: "Too many attempts from this address: try again after the Retry-After header's seconds.",
  502: "The payment provider did not answer as expected.",
  503: "The database is unavailable: try again after the Retry-After header's seconds.",
};

const GUARDS = new Map<unknown, readonly string[] | "signed-in">([
  [requireUser, "signed-in"],
  [requireStaff, STAFF_ROLES],
  [requireAdmin, ["admin"]],
]);
const LIMITERS = new Set<unknown>([limitAttemptsFromAddress, limitAccountFromAddress, limitEmailChange]);

function hooksOf(route: RouteOptions): unknown[] {
  const hooks = route.preValidation;
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Who may call a route: undefined for everyone. */
function rolesOf(route: RouteOptions): readonly string[] | "signed-in" | undefined {
  for (const hook of hooksOf(route)) {
    const roles = GUARDS.get(hook);
    if (roles) return roles;
  }
  return undefined;
}

/** The refusals that follow from how a route is mounted. */
function impliedRefusals(route: RouteOptions, hasPathParams: boolean): RefusalStatus[] {
  const statuses = new Set<RefusalStatus>([400, 503]);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => method !== "GET" && method !== "HEAD")) {
    statuses.add(403);
    statuses.add(413);
    statuses.add(415);
  }
  if (rolesOf(route)) {
    statuses.add(401);
    statuses.add(403);
  }
  if (hasPathParams) statuses.add(404);
  if (hooksOf(route).some((hook) => LIMITERS.has(hook))) statuses.add(429);
  return [...statuses];
}

type Transform = ReturnType<typeof createJsonSchemaTransform>;
type TransformInput = Parameters<Transform>[0];
type OperationSchema = NonNullable<TransformInput["schema"]> & {
  response?: Record<string, unknown>;
  /**
   * Another form of a success answer, as a file (`{ 200: fileAnswer("text/csv", "...") }`): an
   * operation that answers JSON or, when its query asks, a file. The document lists both media types.
   */
  "x-file-alternatives"?: Record<string, FileAnswer>;
  description?: string;
  security?: Array<Record<string, string[]>>;
};

const toJsonSchema = createJsonSchemaTransform({
  schemaRegistry: components,
  zodToJsonConfig: { target: "openapi-3.0" },
});

/** Adds to a route's declaration what follows from its mounting, then turns its zod schemas into JSON Schema. */
const transform: Transform = (input) => {
  const { "x-file-alternatives": alternatives, ...schema } = (input.schema ?? {}) as OperationSchema;
  if (!input.schema || schema.hide) return toJsonSchema(input);
  const route = input.route;
  const roles = rolesOf(route);
  const declared = schema.response ?? {};
  // A file answer (fileAnswer of http/envelope.ts) is already OpenAPI; zod's transform skips it.
  const files = Object.entries(declared).filter(([, answer]) => isFileAnswer(answer));
  const response: Record<string, unknown> = Object.fromEntries(
    Object.entries(declared).filter(([, answer]) => !isFileAnswer(answer)),
  );
  for (const status of impliedRefusals(route, input.url.includes(":"))) response[status] ??= ErrorEnvelope;
  const who =
    roles === undefined
      ? undefined
      : roles === "signed-in"
        ? "Any signed-in, active user."
        : `Roles: ${roles.join(", ")}.`;
  const fresh = hooksOf(route).includes(requireFreshSecondStep)
    ? `A user with two-step sign-in must have passed its second step in the last ${FRESH_SECOND_STEP_MINUTES} minutes, else 403 with \`secondStepRequired\` (POST /api/auth/two-factor/verify).`
    : undefined;
  const augmented: OperationSchema = {
    ...schema,
    response,
    security: roles ? [{ session: [] }] : [],
    ...(who
      ? { description: [schema.description, who, fresh].filter(Boolean).join("\n\n"), "x-roles": roles }
      : {}),
  };
  const result = toJsonSchema({ ...input, schema: augmented });
  const transformed = result.schema as Record<string, unknown> & {
    response?: Record<string, Record<string, unknown>>;
    body?: Record<string, unknown>;
  };
  if (transformed.response) {
    for (const [status, answer] of files) transformed.response[status] = answer as Record<string, unknown>;
    for (const [status, file] of Object.entries(alternatives ?? {})) {
      const json = transformed.response[status];
      if (json)
        transformed.response[status] = {
          description: file.description,
          content: { "application/json": { schema: json }, ...file.content },
        };
    }
  }
  for (const [status, answer] of Object.entries(transformed.response ?? {})) {
    const text = REFUSALS[Number(status) as RefusalStatus];
    if (text && !answer.description) answer.description = text;
  }
  const example = REQUEST_EXAMPLES[String(schema.operationId)];
  if (example !== undefined && transformed.body)
    transformed.body = { ...transformed.body, examples: [example] };
  return result;
};

const toComponents = createJsonSchemaTransformObject({
  schemaRegistry: components,
  zodToJsonConfig: { target: "openapi-3.0" },
});

type DocumentObject = ReturnType<typeof toComponents>;

/**
 * The registry's schemas come out twice, as an input and an output (`ErrorEnvelopeInput`); a copy
 * that no operation refers to, directly or through another component, is left out of the document.
 */
function withoutUnusedComponents(document: DocumentObject): DocumentObject {
  const schemas = "openapi" in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  // A component is used when an operation, or a used component, refers to it.
  const used = new Set<string>();
  let text = JSON.stringify(document.paths ?? {});
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of Object.keys(schemas)) {
      if (used.has(name) || !text.includes(`"#/components/schemas/${name}"`)) continue;
      used.add(name);
      text += JSON.stringify(schemas[name]);
      grew = true;
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}

const TAGS = {
  system: "Health and the public settings the web app starts with.",
  auth: "Registration, signing in and out. Signing in sets the session cookie.",
  users: "The signed-in user's own account, and the administration of users.",
  addresses: "The signed-in user's delivery addresses.",
  categories: "The catalogue's categories and their products.",
  products: "The catalogue: lists, search, product pages, and its administration.",
  reviews: "Shoppers' reviews of products.",
  media: "Uploaded images and their renditions.",
  orders: "Placing, paying for, cancelling and fulfilling orders.",
  cart: "The cart a signed-in shopper's account keeps on every device, and its abandoned-checkout reminders.",
  delivery:
    "Whether the shop delivers to a PIN code, with which shipping methods, by when, and whether cash on delivery is possible there.",
  payments: "Paying for orders (test gateway or PayPal) and the payments ledger.",
  stats: "The dashboard's figures.",
  reports: "Sales reports: what was sold, given back and kept in a period, as JSON or CSV.",
  disputes:
    "Disputes (chargebacks) of payments, as Razorpay's and PayPal's webhooks report them: their deadline, the evidence staff sent, how they ended (staff).",
  returns: "Returns of delivered items: asked for by shoppers, decided, received and refunded by staff.",
  emails: "Outbound email: the outbox and built-in mailbox, for admins.",
  whatsapp:
    "WhatsApp messages (Cloud API): Meta's webhook (verification, statuses, the shoppers' taps and STOP), and the log of every message an order or a customer was sent, by email and on WhatsApp (staff).",
  inventory: "Variants' stock, adjustments and the stock-movement log (staff).",
  activity:
    "The staff activity log: every staff write with who, when, and the fields before and after (admins).",
  webhooks:
    "Endpoints that receive the shop's events, and their deliveries (admin). Each event is an HTTP POST of " +
    "the JSON `WebhookEvent` `{ type, timestamp, data }` with the Standard Webhooks headers `webhook-id` " +
    "(the same at every attempt), `webhook-timestamp` and `webhook-signature`: `v1,` and the base64 " +
    "HMAC-SHA256 of the id, the timestamp and the body joined by dots, keyed with the endpoint's `whsec_` " +
    "secret (the SDK's `verifyWebhook` checks it). A delivery without a 2xx answer is tried again " +
    `${WEBHOOK_RETRY_DELAYS_MS.length} times over about 24 hours. The events: ` +
    WEBHOOK_EVENTS.map((event) => `\`${event}\` ${webhookWords.events[event]}`).join(" "),
} as const;

export interface DocumentOptions {
  /** The shop's public origin, the document's server; "/" (the origin serving it) when unset. */
  publicOrigin: string | undefined;
  /** Serves the browsable document at /api/docs besides its JSON. */
  ui: boolean;
}

/** Registers the document; routes registered after this are described in it. */
export async function registerApiDocument(app: FastifyInstance, options: DocumentOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Shop API",
        version: "1.0.0",
        description:
          "The storefront, account and dashboard API. Every answer is an envelope: `{ success, message, data, meta? }` on success, the `ErrorEnvelope` otherwise.",
      },
      servers: [{ url: options.publicOrigin ?? "/" }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description:
              "The session cookie that POST /api/auth/login and /api/auth/register set (HttpOnly, SameSite=Lax). " +
              "A state-changing request (POST, PUT, PATCH, DELETE) must come from the shop's own origin: an " +
              "`Origin` header (or `Sec-Fetch-Site`) naming another site is refused with 403, so a page on " +
              "another site cannot act with a shopper's cookie. Clients outside a browser send no such header.",
          },
        },
      },
      security: [{ session: [] }],
    },
    transform,
    transformObject: (input) => withoutUnusedComponents(toComponents(input)),
  });
  if (options.ui) await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
