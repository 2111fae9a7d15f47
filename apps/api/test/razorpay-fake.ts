/**
 * A small fake of Razorpay's REST API on loopback, for the payment tests and the journeys: create an
 * order, read a payment and an order's payments, capture, refund (honouring X-Refund-Idempotency),
 * read refunds, each behind HTTP Basic with the key id and secret. Tests stand in for Checkout (a
 * shopper paying an order with a method, authorised or captured, and the signed result Checkout
 * hands the browser), for Razorpay's dashboard (a refund made there), for a buyer's bank (a dispute
 * opened on a payment and moved through its phases) and for its webhooks (bodies signed with the
 * webhook secret), and can make refunds wait (pending) or Razorpay fail.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RefundFault } from "./paypal-fake";

export interface FakeRazorpayOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface FakeRazorpayPayment {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  method: string;
  amount_refunded: number;
  captured: boolean;
  email: string;
  contact: string;
  notes: [];
  error_code: string | null;
  created_at: number;
}

export interface FakeRazorpayRefund {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  status: "pending" | "processed" | "failed";
  speed_processed: string;
  created_at: number;
}

/** A dispute as Razorpay's Disputes API and its payment.dispute.* webhooks carry it. */
export interface FakeRazorpayDispute {
  id: string;
  entity: "dispute";
  payment_id: string;
  amount: number;
  currency: string;
  amount_deducted: number;
  reason_code: string;
  reason_description: string;
  respond_by: number;
  status: "open" | "under_review" | "won" | "lost" | "closed";
  phase: "inquiry" | "chargeback" | "pre_arbitration" | "arbitration" | "fraud";
  comments: string | null;
  created_at: number;
}

/** Razorpay's dispute events, by the status each reports. */
const DISPUTE_EVENTS = {
  open: "payment.dispute.created",
  under_review: "payment.dispute.under_review",
  won: "payment.dispute.won",
  lost: "payment.dispute.lost",
  closed: "payment.dispute.closed",
} as const;

export interface FakeRazorpayRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: string;
}

export const FAKE_RAZORPAY_EMAIL = "payer@example.in";

/** Razorpay's ids: a prefix and 14 letters and digits. */
function razorpayId(prefix: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(14);
  return `${prefix}_${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

const seconds = () => Math.floor(Date.now() / 1000);

export class RazorpayFake {
  readonly keyId = "rzp_test_FakeKey0000001";
  readonly keySecret = "fake-razorpay-key-secret";
  readonly webhookSecret = "fake-razorpay-webhook-secret";

  readonly orders = new Map<string, FakeRazorpayOrder>();
  readonly payments = new Map<string, FakeRazorpayPayment>();
  readonly refunds = new Map<string, FakeRazorpayRefund>();
  readonly disputes = new Map<string, FakeRazorpayDispute>();
  /** Every call the shop made, in order. */
  readonly requests: FakeRazorpayRequest[] = [];
  /** The status the next refunds are given: "processed" at once, or "pending" until a test processes them. */
  refundStatus: "processed" | "pending" = "processed";
  /**
   * What becomes of the next refund's answer, so that the shop sees an unclear failure: "late" (made,
   * answered after `lateMs`), "reset" (made, the connection dropped), "5xx" (made, answered 500), or
   * "lost" (the connection dropped before Razorpay made it).
   */
  refundFault: RefundFault | undefined;
  /** How late a "late" refund's answer comes. */
  lateMs = 1_000;
  /** The next this many calls answer 500. */
  failNext = 0;
  /** Every answer waits this long. */
  delayMs = 0;

  private readonly refundsByKey = new Map<string, { refund: FakeRazorpayRefund; body: string }>();
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "SERVER_ERROR", description: String(error) } }));
    });
  });
  url = "";

  /** Starts the fake on 127.0.0.1 on a free port. */
  static async start(): Promise<RazorpayFake> {
    const fake = new RazorpayFake();
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
      RAZORPAY_KEY_ID: this.keyId,
      RAZORPAY_KEY_SECRET: this.keySecret,
      RAZORPAY_WEBHOOK_SECRET: this.webhookSecret,
      RAZORPAY_API_BASE: this.url,
    };
  }

  /**
   * The shopper pays the Razorpay order in Checkout with a method: the payment Razorpay makes
   * (authorised, as an order without automatic capture leaves it, or captured, or failed), and the
   * three values Checkout hands the browser. `amount` pays another amount than the order's.
   */
  pay(
    orderId: string,
    {
      method = "upi",
      status = "authorized",
      amount,
    }: { method?: string; status?: "authorized" | "captured" | "failed"; amount?: number } = {},
  ) {
    const order = this.mustGetOrder(orderId);
    const payment: FakeRazorpayPayment = {
      id: razorpayId("pay"),
      entity: "payment",
      amount: amount ?? order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      method,
      amount_refunded: 0,
      captured: status === "captured",
      email: FAKE_RAZORPAY_EMAIL,
      contact: "+919876543210",
      notes: [],
      error_code: status === "failed" ? "BAD_REQUEST_ERROR" : null,
      created_at: seconds(),
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    order.status = status === "captured" ? "paid" : "attempted";
    if (status === "captured") order.amount_paid = payment.amount;
    return { payment, result: this.checkoutResult(payment) };
  }

  /** What Checkout's handler receives: the order, the payment, and Razorpay's signature of the two. */
  checkoutResult(payment: Pick<FakeRazorpayPayment, "id" | "order_id">) {
    return {
      razorpayOrderId: payment.order_id,
      razorpayPaymentId: payment.id,
      razorpaySignature: this.sign(`${payment.order_id}|${payment.id}`, this.keySecret),
    };
  }

  /** A pending refund is paid out (or fails): the refund as refund.processed / refund.failed carries it. */
  settleRefund(id: string, status: "processed" | "failed") {
    const refund = this.refunds.get(id);
    if (!refund) throw new Error(`the fake has no refund ${id}`);
    refund.status = status;
    if (status === "failed") {
      const payment = this.payments.get(refund.payment_id);
      if (payment) payment.amount_refunded -= refund.amount;
    }
    return refund;
  }

  /** A refund made in Razorpay's dashboard, without the shop asking. */
  refundDirectly(paymentId: string, amount: number) {
    const payment = this.mustGetPayment(paymentId);
    return this.newRefund(payment, amount, [], "processed");
  }

  /**
   * The buyer's bank disputes a payment: the dispute Razorpay opens (all of the payment unless
   * `amount` says, in paise; the shop to answer within `respondInDays`).
   */
  openDispute(
    paymentId: string,
    {
      amount,
      reasonCode = "chargeback_fraudulent",
      reasonDescription = "The cardholder says they did not make this payment.",
      phase = "chargeback",
      respondInDays = 7,
    }: {
      amount?: number;
      reasonCode?: string;
      reasonDescription?: string;
      phase?: FakeRazorpayDispute["phase"];
      respondInDays?: number;
    } = {},
  ): FakeRazorpayDispute {
    const payment = this.mustGetPayment(paymentId);
    const dispute: FakeRazorpayDispute = {
      id: razorpayId("disp"),
      entity: "dispute",
      payment_id: payment.id,
      amount: amount ?? payment.amount,
      currency: payment.currency,
      amount_deducted: 0,
      reason_code: reasonCode,
      reason_description: reasonDescription,
      respond_by: seconds() + respondInDays * 24 * 60 * 60,
      status: "open",
      phase,
      comments: null,
      created_at: seconds(),
    };
    this.disputes.set(dispute.id, dispute);
    return dispute;
  }

  /** The dispute moves on (the shop answered, the bank decided): lost deducts its amount. */
  moveDispute(id: string, status: FakeRazorpayDispute["status"], phase?: FakeRazorpayDispute["phase"]) {
    const dispute = this.disputes.get(id);
    if (!dispute) throw new Error(`the fake has no dispute ${id}`);
    dispute.status = status;
    if (phase) dispute.phase = phase;
    dispute.amount_deducted = status === "lost" ? dispute.amount : 0;
    return dispute;
  }

  /**
   * The webhook of a dispute as it is now, as Razorpay sends it: its payment and the dispute under
   * `payload`; the event named by its status unless `event` says (payment.dispute.action_required).
   */
  disputeWebhook(
    dispute: FakeRazorpayDispute,
    options: { event?: string; eventId?: string; secret?: string } = {},
  ) {
    const { event = DISPUTE_EVENTS[dispute.status], ...delivery } = options;
    const payment = this.mustGetPayment(dispute.payment_id);
    return this.webhook(event, { payment, dispute: { ...dispute } }, delivery);
  }

  /**
   * A webhook as Razorpay sends it: the body (its entities under `payload`), signed with the webhook
   * secret, with its event id. `secret` signs it with something else.
   */
  webhook(
    event: string,
    entities: { payment?: object; refund?: object; order?: object; dispute?: object },
    { eventId = razorpayId("evt"), secret = this.webhookSecret }: { eventId?: string; secret?: string } = {},
  ) {
    const payload = Object.fromEntries(Object.entries(entities).map(([name, entity]) => [name, { entity }]));
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_FakeAccount0001",
      event,
      contains: Object.keys(entities),
      payload,
      created_at: seconds(),
    });
    return {
      body,
      eventId,
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": this.sign(body, secret),
        "x-razorpay-event-id": eventId,
      },
    };
  }

  callsTo(pathPattern: RegExp): FakeRazorpayRequest[] {
    return this.requests.filter((r) => pathPattern.test(r.path));
  }

  sign(text: string, secret: string) {
    return createHmac("sha256", secret).update(text).digest("hex");
  }

  private mustGetOrder(id: string): FakeRazorpayOrder {
    const order = this.orders.get(id);
    if (!order) throw new Error(`the fake has no Razorpay order ${id}`);
    return order;
  }

  private mustGetPayment(id: string): FakeRazorpayPayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`the fake has no Razorpay payment ${id}`);
    return payment;
  }

  private newRefund(
    payment: FakeRazorpayPayment,
    amount: number,
    notes: FakeRazorpayRefund["notes"],
    status: FakeRazorpayRefund["status"],
  ): FakeRazorpayRefund {
    const refund: FakeRazorpayRefund = {
      id: razorpayId("rfnd"),
      entity: "refund",
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes,
      receipt: null,
      status,
      speed_processed: "normal",
      created_at: seconds(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    return refund;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const idempotencyKey = req.headers["x-refund-idempotency"] as string | undefined;
    this.requests.push({ method: req.method ?? "", path, idempotencyKey, body });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));

    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, description: string, field?: string) =>
      send(status, {
        error: {
          code: status === 401 ? "BAD_REQUEST_ERROR" : status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR",
          description,
          source: "business",
          step: "payment_initiation",
          reason: "input_validation_failed",
          metadata: {},
          ...(field ? { field } : {}),
        },
      });

    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return error(401, "Authentication failed");
    if (this.failNext > 0) {
      this.failNext -= 1;
      return error(500, "The server encountered an error. The incident has been reported to admins.");
    }
    const input = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    const unknownId = () => error(400, "The id provided does not exist");

    if (req.method === "POST" && path === "/v1/orders") {
      const amount = input.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100)
        return error(400, "The amount must be atleast INR 1.00", "amount");
      if (typeof input.receipt === "string" && input.receipt.length > 40)
        return error(400, "receipt: the length must be no more than 40.", "receipt");
      const order: FakeRazorpayOrder = {
        id: razorpayId("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: typeof input.currency === "string" ? input.currency : "INR",
        receipt: typeof input.receipt === "string" ? input.receipt : null,
        status: "created",
        attempts: 0,
        notes: (input.notes as Record<string, string> | undefined) ?? [],
        created_at: seconds(),
      };
      this.orders.set(order.id, order);
      return send(200, order);
    }

    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (req.method === "GET" && orderPayments?.[1]) {
      if (!this.orders.has(orderPayments[1])) return unknownId();
      const items = [...this.payments.values()].filter((p) => p.order_id === orderPayments[1]);
      return send(200, { entity: "collection", count: items.length, items });
    }

    const refundById = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (req.method === "GET" && refundById?.[1]) {
      const refund = this.refunds.get(refundById[1]);
      return refund ? send(200, refund) : unknownId();
    }

    const paymentPath = /^\/v1\/payments\/([^/]+)(\/capture|\/refund|\/refunds)?$/.exec(path);
    const payment = paymentPath?.[1] ? this.payments.get(paymentPath[1]) : undefined;
    if (paymentPath && !payment) return unknownId();
    if (payment && req.method === "GET" && !paymentPath?.[2]) return send(200, payment);
    if (payment && req.method === "GET" && paymentPath?.[2] === "/refunds") {
      const items = [...this.refunds.values()].filter((r) => r.payment_id === payment.id);
      return send(200, { entity: "collection", count: items.length, items });
    }
    if (payment && req.method === "POST" && paymentPath?.[2] === "/capture") {
      if (payment.status === "captured") return error(400, "This payment has already been captured");
      if (payment.status !== "authorized")
        return error(400, "Only payments which have been authorized and not yet captured can be captured");
      if (input.amount !== payment.amount || input.currency !== payment.currency)
        return error(400, "Capture amount must be equal to the amount authorized", "amount");
      payment.status = "captured";
      payment.captured = true;
      const order = this.orders.get(payment.order_id);
      if (order) {
        order.status = "paid";
        order.amount_paid = payment.amount;
        order.amount_due = 0;
      }
      return send(200, payment);
    }
    if (payment && req.method === "POST" && paymentPath?.[2] === "/refund") {
      if (idempotencyKey) {
        const earlier = this.refundsByKey.get(idempotencyKey);
        if (earlier && earlier.body !== body)
          return error(400, "Different request with the same idempotency key has already been processed.");
        if (earlier) return send(200, earlier.refund);
      }
      const fault = this.refundFault;
      this.refundFault = undefined;
      if (fault === "lost") return void req.socket.destroy();
      if (payment.status !== "captured" && payment.status !== "refunded")
        return error(400, "The payment has not been captured");
      const amount =
        typeof input.amount === "number" ? input.amount : payment.amount - payment.amount_refunded;
      if (amount > payment.amount - payment.amount_refunded)
        return error(400, "The refund amount provided is greater than amount captured", "amount");
      const refund = this.newRefund(
        payment,
        amount,
        (input.notes as Record<string, string> | undefined) ?? [],
        this.refundStatus,
      );
      if (idempotencyKey) this.refundsByKey.set(idempotencyKey, { refund, body });
      if (fault === "reset") return void req.socket.destroy();
      if (fault === "5xx") return error(500, "The server encountered an error.");
      if (fault === "late") await new Promise((resolve) => setTimeout(resolve, this.lateMs));
      return send(200, refund);
    }
    return error(404, "The requested URL was not found on the server.");
  }
}
