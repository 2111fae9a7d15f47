/**
 * A small fake of PayPal's REST API on loopback, for the payment tests: OAuth token, create, get and
 * capture an order and refund a capture (each honouring PayPal-Request-Id), and webhook signature
 * verification. Tests can approve an order as the buyer would, make the next capture or refund answer
 * differently, refund in "PayPal's dashboard", open and resolve a buyer's dispute of a capture, send
 * webhooks signed as the verification accepts them, or make PayPal fail.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface FakeMoney {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  status: string;
  amount: FakeMoney;
  custom_id: string | undefined;
  final_capture: boolean;
  create_time: string;
  update_time: string;
}

export interface FakeOrder {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED";
  referenceId: string | undefined;
  customId: string | undefined;
  amount: FakeMoney;
  capture: FakeCapture | undefined;
}

export interface FakeRefund {
  id: string;
  status: string;
  amount: FakeMoney;
  captureId: string;
  note_to_payer: string | undefined;
  create_time: string;
}

/** A customer dispute as PayPal's CUSTOMER.DISPUTE.* webhooks carry it. */
export interface FakeDispute {
  dispute_id: string;
  create_time: string;
  update_time: string;
  disputed_transactions: { seller_transaction_id: string; seller: { merchant_id: string } }[];
  reason: string;
  status: string;
  dispute_amount: FakeMoney;
  dispute_life_cycle_stage: string;
  dispute_channel: string;
  seller_response_due_date: string;
  dispute_outcome?: { outcome_code: string; amount_refunded?: FakeMoney };
  links: { href: string; rel: string; method: string }[];
}

export interface FakeRequest {
  method: string;
  path: string;
  requestId: string | undefined;
  body: string;
}

export const FAKE_PAYER_EMAIL = "buyer@example.com";

/** How a fake provider's refund answer goes astray (the refund made or not). */
export type RefundFault = "late" | "reset" | "5xx" | "lost";

function paypalId(length = 17) {
  return randomBytes(length).toString("hex").toUpperCase().slice(0, length);
}

export class PaypalFake {
  readonly clientId = "fake-client-id";
  readonly clientSecret = "fake-client-secret";
  readonly webhookId = "WH-FAKE-1";
  /** The only transmission signature the fake accepts. */
  readonly validSignature = "fake-valid-signature";

  readonly orders = new Map<string, FakeOrder>();
  /** Every call the shop made, in order. */
  readonly requests: FakeRequest[] = [];
  tokensIssued = 0;
  /** Seconds a token lives (PayPal says about 9 hours). */
  tokenLifetimeSeconds = 32_400;
  /** The next capture answers with this status/amount instead of a completed capture of the order's amount. */
  captureOverride: { status?: string; value?: string; currency?: string; issue?: string } | undefined;
  /**
   * The next refund answers this issue instead of refunding: 422 (a refusal), or another status, such
   * as 409 PREVIOUS_REQUEST_IN_PROGRESS (a request with the same PayPal-Request-Id still running).
   */
  refundOverride: { issue: string; status?: number } | undefined;
  /**
   * What becomes of the next refund's answer, so that the shop sees an unclear failure: "late" (made,
   * answered after `lateMs`), "reset" (made, the connection dropped), "5xx" (made, answered 500), or
   * "lost" (the connection dropped before PayPal made it).
   */
  refundFault: RefundFault | undefined;
  /** How late a "late" refund's answer comes. */
  lateMs = 1_000;
  /** Every refund made, by capture id. */
  readonly refunds = new Map<string, FakeRefund[]>();
  /** The next this many calls to /v1/notifications or /v2 answer 500. */
  failNext = 0;
  /** Every answer waits this long. */
  delayMs = 0;

  private readonly tokens = new Set<string>();
  private readonly ordersByRequestId = new Map<string, string>();
  private readonly capturesByRequestId = new Map<string, string>();
  private readonly refundsByRequestId = new Map<string, FakeRefund>();
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(error) }));
    });
  });
  url = "";

  /** Starts the fake on 127.0.0.1 on a free port. */
  static async start(): Promise<PaypalFake> {
    const fake = new PaypalFake();
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  /** The environment that makes the shop use this fake. */
  get env(): NodeJS.ProcessEnv {
    return {
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_API_BASE: this.url,
      PAYPAL_WEBHOOK_ID: this.webhookId,
    };
  }

  /** The buyer approves the order in PayPal's window. */
  approve(id: string) {
    const order = this.mustGet(id);
    if (order.status === "CREATED") order.status = "APPROVED";
  }

  /** Captures an approved order without the shop asking (as the browser SDK could); returns the capture. */
  captureDirectly(id: string): FakeCapture {
    const order = this.mustGet(id);
    order.status = "COMPLETED";
    order.capture = this.newCapture(order);
    return order.capture;
  }

  /** A refund made in PayPal's own dashboard, without the shop asking; returns it as a webhook carries it. */
  refundDirectly(captureId: string, value: string) {
    const refund = this.newRefund(captureId, { currency_code: "USD", value }, undefined);
    return this.refundRepresentation(refund);
  }

  /** The PayPal capture of an order the shop captured (its id is the payment's transaction id). */
  captureOf(paypalOrderId: string): FakeCapture {
    const capture = this.mustGet(paypalOrderId).capture;
    if (!capture) throw new Error(`PayPal order ${paypalOrderId} has no capture`);
    return capture;
  }

  /**
   * The buyer disputes a capture (all of it unless `value` says): the dispute PayPal opens, waiting
   * for the seller's response within `respondInDays`.
   */
  openDispute(
    captureId: string,
    {
      value,
      reason = "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      stage = "INQUIRY",
      respondInDays = 10,
    }: { value?: string; reason?: string; stage?: string; respondInDays?: number } = {},
  ): FakeDispute {
    const capture = this.findCapture(captureId);
    if (!capture) throw new Error(`the fake has no capture ${captureId}`);
    const now = new Date();
    const id = `PP-D-${paypalId(5)}`;
    return {
      dispute_id: id,
      create_time: now.toISOString(),
      update_time: now.toISOString(),
      disputed_transactions: [{ seller_transaction_id: captureId, seller: { merchant_id: "FAKEMERCHANT" } }],
      reason,
      status: "WAITING_FOR_SELLER_RESPONSE",
      dispute_amount: { currency_code: capture.amount.currency_code, value: value ?? capture.amount.value },
      dispute_life_cycle_stage: stage,
      dispute_channel: "INTERNAL",
      seller_response_due_date: new Date(now.getTime() + respondInDays * 86_400_000).toISOString(),
      links: [{ href: `${this.url}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }],
    };
  }

  /** PayPal decides a dispute: the buyer's favour (the money goes back) or the seller's. */
  resolveDispute(dispute: FakeDispute, outcome: "RESOLVED_BUYER_FAVOUR" | "RESOLVED_SELLER_FAVOUR") {
    dispute.status = "RESOLVED";
    dispute.update_time = new Date().toISOString();
    dispute.dispute_outcome = {
      outcome_code: outcome,
      ...(outcome === "RESOLVED_BUYER_FAVOUR" ? { amount_refunded: dispute.dispute_amount } : {}),
    };
    return dispute;
  }

  /**
   * A webhook as PayPal sends it: the event with its resource, and transmission headers whose
   * signature the fake's verification accepts (`signature` sends another).
   */
  webhook(
    eventType: string,
    resource: object,
    { signature = this.validSignature, id = `WH-${paypalId(17)}` }: { signature?: string; id?: string } = {},
  ) {
    const now = new Date().toISOString();
    return {
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42",
        "paypal-transmission-id": randomBytes(16).toString("hex"),
        "paypal-transmission-sig": signature,
        "paypal-transmission-time": now,
      },
      body: JSON.stringify({
        id,
        event_version: "1.0",
        create_time: now,
        resource_type: eventType.startsWith("CUSTOMER.DISPUTE") ? "dispute" : "capture",
        event_type: eventType,
        summary: eventType,
        resource,
      }),
    };
  }

  /** Tokens issued so far stop working (PayPal revoked them). */
  revokeTokens() {
    this.tokens.clear();
  }

  /** The refund made for this PayPal-Request-Id, if any. */
  refundOfRequest(requestId: string): FakeRefund | undefined {
    return this.refundsByRequestId.get(requestId);
  }

  callsTo(pathPattern: RegExp): FakeRequest[] {
    return this.requests.filter((r) => pathPattern.test(r.path));
  }

  private mustGet(id: string): FakeOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`the fake has no PayPal order ${id}`);
    return order;
  }

  private newCapture(order: FakeOrder): FakeCapture {
    const override = this.captureOverride;
    this.captureOverride = undefined;
    const now = new Date().toISOString();
    return {
      id: paypalId(),
      status: override?.status ?? "COMPLETED",
      amount: {
        currency_code: override?.currency ?? order.amount.currency_code,
        value: override?.value ?? order.amount.value,
      },
      custom_id: order.customId,
      final_capture: true,
      create_time: now,
      update_time: now,
    };
  }

  private findCapture(id: string): FakeCapture | undefined {
    for (const order of this.orders.values()) if (order.capture?.id === id) return order.capture;
    return undefined;
  }

  private newRefund(captureId: string, amount: FakeMoney, note: string | undefined): FakeRefund {
    const refund: FakeRefund = {
      id: paypalId(),
      status: "COMPLETED",
      amount,
      captureId,
      note_to_payer: note,
      create_time: new Date().toISOString(),
    };
    this.refunds.set(captureId, [...(this.refunds.get(captureId) ?? []), refund]);
    return refund;
  }

  private refundRepresentation(refund: FakeRefund) {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      note_to_payer: refund.note_to_payer,
      create_time: refund.create_time,
      update_time: refund.create_time,
      links: [
        { href: `${this.url}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
        { href: `${this.url}/v2/payments/captures/${refund.captureId}`, rel: "up", method: "GET" },
      ],
    };
  }

  private toCents(value: string) {
    return Math.round(Number(value) * 100);
  }

  private representation(order: FakeOrder) {
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      purchase_units: [
        {
          reference_id: order.referenceId,
          custom_id: order.customId,
          amount: order.amount,
          ...(order.capture ? { payments: { captures: [order.capture] } } : {}),
        },
      ],
      ...(order.status !== "CREATED"
        ? { payer: { email_address: FAKE_PAYER_EMAIL, payer_id: "FAKEPAYER" } }
        : {}),
      links: [{ href: `${this.url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const requestId = req.headers["paypal-request-id"] as string | undefined;
    this.requests.push({ method: req.method ?? "", path, requestId, body });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, name: string, issue: string) =>
      send(status, { name, details: [{ issue }], debug_id: "fake-debug-id" });

    if (req.method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected || body !== "grant_type=client_credentials")
        return send(401, { error: "invalid_client", error_description: "Client Authentication failed" });
      const token = `fake-token-${paypalId(8)}`;
      this.tokens.add(token);
      this.tokensIssued += 1;
      return send(200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-FAKE",
        expires_in: this.tokenLifetimeSeconds,
      });
    }

    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    if (!bearer || !this.tokens.has(bearer)) return error(401, "AUTHENTICATION_FAILURE", "INVALID_TOKEN");
    if (this.failNext > 0) {
      this.failNext -= 1;
      return error(500, "INTERNAL_SERVER_ERROR", "INTERNAL_SERVICE_ERROR");
    }

    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const input = JSON.parse(body) as { transmission_sig?: string; webhook_id?: string };
      const ok = input.transmission_sig === this.validSignature && input.webhook_id === this.webhookId;
      return send(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }

    if (req.method === "POST" && path === "/v2/checkout/orders") {
      const known = requestId ? this.ordersByRequestId.get(requestId) : undefined;
      if (known) return send(200, this.representation(this.mustGet(known)));
      const input = JSON.parse(body) as {
        intent?: string;
        purchase_units?: { reference_id?: string; custom_id?: string; amount?: FakeMoney }[];
      };
      const unit = input.purchase_units?.[0];
      if (input.intent !== "CAPTURE" || input.purchase_units?.length !== 1 || !unit?.amount)
        return error(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER");
      const order: FakeOrder = {
        id: paypalId(),
        status: "CREATED",
        referenceId: unit.reference_id,
        customId: unit.custom_id,
        amount: unit.amount,
        capture: undefined,
      };
      this.orders.set(order.id, order);
      if (requestId) this.ordersByRequestId.set(requestId, order.id);
      return send(201, this.representation(order));
    }

    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === "POST" && refundPath?.[1]) {
      const repeated = requestId ? this.refundsByRequestId.get(requestId) : undefined;
      if (repeated) return send(201, this.refundRepresentation(repeated));
      const captured = this.findCapture(refundPath[1]);
      if (!captured) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (this.refundOverride) {
        const { issue, status = 422 } = this.refundOverride;
        this.refundOverride = undefined;
        return error(status, status === 409 ? "RESOURCE_CONFLICT" : "UNPROCESSABLE_ENTITY", issue);
      }
      const fault = this.refundFault;
      this.refundFault = undefined;
      if (fault === "lost") return void req.socket.destroy();
      const input = JSON.parse(body) as { amount?: FakeMoney; note_to_payer?: string };
      const amount = input.amount ?? captured.amount;
      const given = (this.refunds.get(captured.id) ?? []).reduce(
        (sum, r) => sum + this.toCents(r.amount.value),
        0,
      );
      const left = this.toCents(captured.amount.value) - given;
      if (left <= 0) return error(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED");
      if (this.toCents(amount.value) > left)
        return error(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
      const refund = this.newRefund(captured.id, amount, input.note_to_payer);
      if (requestId) this.refundsByRequestId.set(requestId, refund);
      if (fault === "reset") return void req.socket.destroy();
      if (fault === "5xx") return error(500, "INTERNAL_SERVER_ERROR", "INTERNAL_SERVICE_ERROR");
      if (fault === "late") await new Promise((resolve) => setTimeout(resolve, this.lateMs));
      return send(201, this.refundRepresentation(refund));
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match?.[1] ? this.orders.get(match[1]) : undefined;
    if (match && !order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
    if (order && req.method === "GET" && !match?.[2]) return send(200, this.representation(order));
    if (order && req.method === "POST" && match?.[2]) {
      const repeated = requestId ? this.capturesByRequestId.get(requestId) : undefined;
      if (repeated === order.id) return send(201, this.representation(order));
      if (order.status === "CREATED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
      if (order.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
      if (this.captureOverride?.issue) {
        const { issue } = this.captureOverride;
        this.captureOverride = undefined;
        return error(422, "UNPROCESSABLE_ENTITY", issue);
      }
      order.capture = this.newCapture(order);
      order.status = "COMPLETED";
      if (requestId) this.capturesByRequestId.set(requestId, order.id);
      return send(201, this.representation(order));
    }
    return error(404, "NOT_FOUND", "UNKNOWN_PATH");
  }
}
