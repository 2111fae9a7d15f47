/**
 * Shiprocket over its REST API (docs/shiprocket.md), called from the server only.
 *
 * - Every call but the login carries the API user's token (token.ts: shared by every instance,
 *   renewed a day before it ends). A 401 renews it once and the call is sent once more.
 * - A 429, a 5xx, a broken connection or a timeout is tried again after a growing pause, a bounded
 *   number of times; any other 4xx is not. Every call has a timeout.
 * - Shiprocket has no idempotency key: a create whose answer was lost (a 5xx, a broken connection, a
 *   timeout) looks for the order by our `order_id` before creating it again, so one order never
 *   becomes two. An AWB asked for again is refused by Shiprocket ("Cannot reassign"), not doubled.
 * - Some 200s carry a failure (serviceability's `status`, `label_created: 0`, `awb_assign_status`
 *   other than 1, `pickup_status` other than 1): they throw as a refusal does.
 * - The token and the password never reach the log: only the call, the status and Shiprocket's message.
 */
import { shipping } from "@shop/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { neverSent, PROVIDER_TIMEOUT_MS } from "#api/payments/provider";
import {
  type AdhocOrder,
  type AssignedAwb,
  AwbAnswer,
  CreatedOrder,
  ErrorAnswer,
  type FoundOrder,
  FoundOrders,
  type Label,
  LabelAnswer,
  LoginAnswer,
  ManifestAnswer,
  type NdrAction,
  type Pickup,
  PickupAnswer,
  type PickupLocation,
  PickupLocationsAnswer,
  type Serviceability,
  ServiceabilityAnswer,
  type ServiceabilityQuery,
  type Tracking,
  TrackingAnswer,
} from "./answers";
import { SharedToken } from "./token";

export interface ShiprocketOptions {
  email: string;
  password: string;
  /** https://apiv2.shiprocket.in, or a fake in tests. */
  apiBase: string;
  /** Where the token is kept for every instance. */
  db: Database;
  log: FastifyBaseLogger;
  /** Per attempt, reading the answer included (at most PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** How many times a call is sent at most when it meets a 429, a 5xx or a broken connection (3). */
  attempts?: number;
  /** The first pause before trying again, doubled each time, with up to as much again at random (500 ms). */
  backoffMs?: number;
  /** Milliseconds since the epoch, for the token's age; tests move it. */
  now?: () => number;
}

type Kind = "unavailable" | "unexpected" | "refused";

/**
 * A call Shiprocket did not carry out, or may not have: `unavailable` (503: unreachable, or a 429 or
 * 5xx after every attempt), `unexpected` (502: an answer the shop cannot use, a refused sign-in) or
 * `refused` (422: Shiprocket said no, in `reason`). `unclear`: Shiprocket may have acted on it.
 */
export class ShiprocketError extends AppError {
  constructor(
    readonly kind: Kind,
    /** What was asked ("create order", "assign AWB", ...). */
    readonly call: string,
    readonly details: {
      /** Shiprocket's HTTP status, when it answered. */
      answerStatus?: number;
      /** Shiprocket's own words (its `message`), or why the call failed. */
      reason?: string;
      unclear?: boolean;
      /** How many times the call was sent. */
      attempts?: number;
      /** Shiprocket's field errors (422), or what else its refusal carried. */
      fields?: Record<string, unknown>;
    } = {},
  ) {
    super(
      kind === "refused" ? "UNPROCESSABLE" : kind === "unavailable" ? "UNAVAILABLE" : "BAD_GATEWAY",
      kind === "refused"
        ? shipping.shiprocketRefused(details.reason ?? "no reason given")
        : kind === "unavailable"
          ? shipping.shiprocketUnavailable
          : shipping.shiprocketUnexpected,
    );
    this.name = "ShiprocketError";
  }

  get unclear(): boolean {
    return this.details.unclear === true;
  }
}

interface Answer {
  status: number;
  body: unknown;
}

interface CallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** The login alone goes without the token. */
  signedIn?: boolean;
  /** false: a failure after which Shiprocket may have acted is thrown at once (the create's own loop). */
  retryUnclear?: boolean;
}

/** An AWB as it may appear in a path. */
const AWB = /^[A-Za-z0-9-]{1,40}$/;

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Shiprocket's `message` of an error body, or of a 200 that carries a failure. */
function reasonOf(body: unknown): string | undefined {
  const parsed = ErrorAnswer.safeParse(body);
  return parsed.success ? parsed.data.message : undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ShiprocketClient {
  private readonly apiBase: string;
  private readonly log: FastifyBaseLogger;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  readonly token: SharedToken;

  constructor(private readonly options: ShiprocketOptions) {
    this.apiBase = options.apiBase.replace(/\/+$/, "");
    this.log = options.log;
    this.timeoutMs = Math.min(options.timeoutMs ?? PROVIDER_TIMEOUT_MS, PROVIDER_TIMEOUT_MS);
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.backoffMs = options.backoffMs ?? 500;
    this.token = new SharedToken({
      db: options.db,
      provider: "shiprocket",
      account: options.email.toLowerCase(),
      login: () => this.login(),
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /**
   * A client of the same account that gives up sooner: every call sent once, with its own timeout
   * (a shopper's page waits on it; the caller falls back when it fails). Its token is the same one.
   */
  withTimeout(timeoutMs: number): ShiprocketClient {
    return new ShiprocketClient({ ...this.options, timeoutMs, attempts: 1 });
  }

  /** The account's pickup locations: each nickname (what an order names) with its PIN code. */
  async pickupLocations(): Promise<PickupLocation[]> {
    const what = "pickup locations";
    const answer = await this.call(what, "GET", "/settings/company/pickup");
    return this.read(what, answer, PickupLocationsAnswer).data.shipping_address;
  }

  /** Couriers that serve a parcel (or a Shiprocket order) between two PIN codes, with Shiprocket's pick. */
  async serviceability(query: ServiceabilityQuery): Promise<Serviceability> {
    const what = "serviceability";
    const params =
      "order_id" in query
        ? { ...query }
        : {
            pickup_postcode: query.pickup_postcode,
            delivery_postcode: query.delivery_postcode,
            weight: query.weight,
            cod: query.cod ? 1 : 0,
            length: query.length,
            breadth: query.breadth,
            height: query.height,
            declared_value: query.declared_value,
          };
    const answer = await this.call(what, "GET", "/courier/serviceability", { query: params });
    const read = this.read(what, answer, ServiceabilityAnswer);
    // NOTE: a 200 whose body says 404 ("Order does not exist!") or another failure.
    if (read.status !== undefined && read.status !== 200)
      throw this.refused(what, answer, read.message ?? `status ${read.status}`);
    if (!read.data) throw this.unexpected(what, answer);
    return {
      couriers: read.data.available_courier_companies,
      recommendedCourierId: read.data.recommended_courier_company_id ?? null,
    };
  }

  /**
   * Creates the Shiprocket order of a parcel (`order.order_id` is ours). An answer lost on the way
   * (a 5xx, a broken connection, a timeout) is followed by a search for our order_id: the order
   * found is answered rather than created twice.
   */
  async createOrder(order: AdhocOrder): Promise<CreatedOrder> {
    const what = "create order";
    for (let attempt = 1; ; attempt++) {
      let answer: Answer;
      try {
        answer = await this.call(what, "POST", "/orders/create/adhoc", {
          body: order,
          retryUnclear: false,
        });
      } catch (error) {
        // A clear failure (a 429, a connection refused) was tried again by call() already.
        if (!(error instanceof ShiprocketError) || !error.unclear) throw error;
        const found = (await this.findOrders(order.order_id)).find((o) => o.shipments.length > 0);
        const shipment = found?.shipments[0];
        if (found && shipment) {
          this.log.info({ call: what, order: order.order_id }, "Shiprocket had made the order already");
          return { order_id: found.id, shipment_id: shipment.id, status: found.status ?? undefined };
        }
        if (attempt >= this.attempts) throw error;
        await this.backoff(attempt);
        continue;
      }
      return this.read(what, answer, CreatedOrder);
    }
  }

  /** Shiprocket's orders whose channel order id is exactly ours (its search also matches parts). */
  async findOrders(ourOrderId: string): Promise<FoundOrder[]> {
    const what = "find orders";
    const answer = await this.call(what, "GET", "/orders", { query: { search: ourOrderId } });
    // NOTE: a search that finds nothing may answer 404 or an empty list.
    if (answer.status === 404) return [];
    return this.read(what, answer, FoundOrders).data.filter((o) => o.channel_order_id === ourOrderId);
  }

  /** Assigns an AWB to a shipment, with this courier or (none) Shiprocket's choice. */
  async assignAwb(shipmentId: number, courierId?: number): Promise<AssignedAwb> {
    const what = "assign AWB";
    const answer = await this.call(what, "POST", "/courier/assign/awb", {
      body: { shipment_id: shipmentId, ...(courierId === undefined ? {} : { courier_id: courierId }) },
    });
    const read = this.read(what, answer, AwbAnswer);
    const data = read.response?.data;
    if (read.awb_assign_status !== 1)
      throw this.refused(what, answer, data?.awb_assign_error ?? read.message ?? "no AWB was assigned");
    if (!data?.awb_code || !data.courier_name || data.courier_company_id == null)
      throw this.unexpected(what, answer);
    return {
      awb_code: data.awb_code,
      courier_name: data.courier_name,
      courier_company_id: data.courier_company_id,
      pickup_scheduled_date: data.pickup_scheduled_date ?? null,
    };
  }

  /** One PDF of the labels of these shipments (each with its AWB already). */
  async generateLabel(shipmentIds: number[]): Promise<Label> {
    const what = "generate label";
    const answer = await this.call(what, "POST", "/courier/generate/label", {
      body: { shipment_id: shipmentIds },
    });
    const read = this.read(what, answer, LabelAnswer);
    if (read.label_created !== 1 || !read.label_url)
      throw this.refused(what, answer, read.message ?? "no label was created", {
        not_created: read.not_created ?? [],
      });
    return { label_url: read.label_url, not_created: read.not_created ?? [] };
  }

  /** Schedules the pickup of one shipment. */
  async generatePickup(shipmentId: number): Promise<Pickup> {
    const what = "generate pickup";
    const answer = await this.call(what, "POST", "/courier/generate/pickup", {
      body: { shipment_id: [shipmentId] },
    });
    const read = this.read(what, answer, PickupAnswer);
    if (read.pickup_status !== 1) throw this.refused(what, answer, read.message ?? "no pickup was scheduled");
    return {
      pickup_scheduled_date: read.response?.pickup_scheduled_date ?? null,
      pickup_token_number: read.response?.pickup_token_number ?? null,
    };
  }

  /** The manifest of shipments whose pickup is scheduled; one already manifested is refused. */
  async generateManifest(shipmentIds: number[]): Promise<{ manifest_url: string }> {
    const what = "generate manifest";
    const answer = await this.call(what, "POST", "/manifests/generate", {
      body: { shipment_id: shipmentIds },
    });
    return { manifest_url: this.read(what, answer, ManifestAnswer).manifest_url };
  }

  /** Cancels shipments by AWB (before "Out for Pickup"); any 2xx is done. */
  async cancelShipments(awbs: string[]): Promise<void> {
    const what = "cancel shipments";
    const answer = await this.call(what, "POST", "/orders/cancel/shipment/awbs", { body: { awbs } });
    this.read(what, answer);
  }

  /** Asks the courier to try a parcel again, or to return it (RTO, no undo). */
  async ndrAction(awb: string, action: NdrAction, comments: string): Promise<void> {
    const what = "NDR action";
    if (!AWB.test(awb)) throw new ShiprocketError("refused", what, { reason: "not an AWB" });
    const answer = await this.call(what, "POST", `/ndr/${encodeURIComponent(awb)}/action`, {
      body: { action, comments },
    });
    this.read(what, answer);
  }

  /** A shipment's tracking by AWB; undefined when Shiprocket knows no such AWB. */
  async track(awb: string): Promise<Tracking | undefined> {
    const what = "track";
    if (!AWB.test(awb)) return undefined;
    const answer = await this.call(what, "GET", `/courier/track/awb/${encodeURIComponent(awb)}`);
    if (answer.status === 404) return undefined;
    return this.read(what, answer, TrackingAnswer).tracking_data;
  }

  /** Signs in as the API user: a new token (SharedToken calls it, one at a time). */
  private async login(): Promise<string> {
    const what = "login";
    const answer = await this.call(what, "POST", "/auth/login", {
      body: { email: this.options.email, password: this.options.password },
      signedIn: false,
    });
    if (answer.status >= 400) {
      this.log.error(
        { call: what, status: answer.status, reason: reasonOf(answer.body) },
        "Shiprocket refused the sign-in (SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD)",
      );
      throw new ShiprocketError("unexpected", what, {
        answerStatus: answer.status,
        reason: reasonOf(answer.body),
      });
    }
    const read = LoginAnswer.safeParse(answer.body);
    if (!read.success) throw this.unexpected(what, answer);
    return read.data.token;
  }

  /**
   * Sends a call, trying again after a 429, a 5xx, a broken connection or a timeout (but with
   * `retryUnclear: false`, only when Shiprocket cannot have acted on it), and once with a renewed
   * token after a 401. Answers any other status.
   */
  private async call(
    what: string,
    method: "GET" | "POST",
    path: string,
    { query, body, signedIn = true, retryUnclear = true }: CallOptions = {},
  ): Promise<Answer> {
    let renewed = false;
    let token = signedIn ? await this.token.get() : undefined;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer;
      try {
        answer = await this.send(method, path, query, body, token);
      } catch (error) {
        const unclear = !neverSent(error);
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        if (attempt < this.attempts && (retryUnclear || !unclear)) {
          this.log.warn({ call: what, attempt, reason }, "Shiprocket could not be reached; trying again");
          await this.backoff(attempt);
          continue;
        }
        this.log.warn({ call: what, attempts: attempt, reason, unclear }, "Shiprocket could not be reached");
        throw new ShiprocketError("unavailable", what, { reason, unclear, attempts: attempt });
      }
      if (answer.status === 401 && token !== undefined && !renewed) {
        renewed = true;
        token = await this.token.renew(token);
        attempt -= 1;
        continue;
      }
      const transient = answer.status === 429 || answer.status >= 500;
      if (!transient) {
        if (answer.status === 401) throw this.unexpected(what, answer);
        return answer;
      }
      // NOTE: a 5xx may come after Shiprocket did the work; a 429 never does.
      const unclear = answer.status >= 500;
      if (attempt < this.attempts && (retryUnclear || !unclear)) {
        this.log.warn({ call: what, attempt, status: answer.status }, "Shiprocket answered; trying again");
        await this.backoff(attempt);
        continue;
      }
      const reason = reasonOf(answer.body) ?? `HTTP ${answer.status}`;
      this.log.warn(
        { call: what, attempts: attempt, status: answer.status, reason, unclear },
        "Shiprocket gave up answering",
      );
      throw new ShiprocketError("unavailable", what, {
        answerStatus: answer.status,
        reason,
        unclear,
        attempts: attempt,
      });
    }
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    query: CallOptions["query"],
    body: unknown,
    token: string | undefined,
  ): Promise<Answer> {
    const url = new URL(`${this.apiBase}/v1/external${path}`);
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: "application/json" };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return { status: response.status, body: parseJson(await response.text()) };
  }

  private backoff(attempt: number): Promise<unknown> {
    const base = this.backoffMs * 2 ** (attempt - 1);
    return pause(base + Math.random() * base);
  }

  /**
   * A 2xx's body read by `schema` (an answer it does not fit is unexpected); any other status is a
   * refusal in Shiprocket's words.
   */
  private read<T extends z.ZodType>(what: string, answer: Answer, schema: T): z.infer<T>;
  private read(what: string, answer: Answer): undefined;
  private read<T extends z.ZodType>(what: string, answer: Answer, schema?: T): z.infer<T> | undefined {
    if (answer.status >= 300) {
      const parsed = ErrorAnswer.safeParse(answer.body);
      const { message, ...fields } = parsed.success ? parsed.data : {};
      throw this.refused(what, answer, message ?? `HTTP ${answer.status}`, fields);
    }
    if (!schema) return undefined;
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw this.unexpected(what, answer);
    return parsed.data;
  }

  private refused(
    what: string,
    answer: Answer,
    reason: string,
    fields?: Record<string, unknown>,
  ): ShiprocketError {
    this.log.info({ call: what, status: answer.status, reason }, "Shiprocket refused a call");
    return new ShiprocketError("refused", what, {
      answerStatus: answer.status,
      reason,
      ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
    });
  }

  private unexpected(what: string, answer: Answer): ShiprocketError {
    const reason = reasonOf(answer.body);
    this.log.error({ call: what, status: answer.status, reason }, "unexpected answer from Shiprocket");
    return new ShiprocketError("unexpected", what, { answerStatus: answer.status, reason });
  }
}
