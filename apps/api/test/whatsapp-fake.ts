/**
 * A small fake of the Graph API's messages endpoint on loopback (docs/whatsapp.md), for the WhatsApp
 * tests and the journeys: `POST /v21.0/{phone number id}/messages` behind the bearer token (another
 * one: 401 with code 190), the send's shape checked (Meta's error 100 otherwise), every accepted send
 * kept with the wamid it was given. Tests make the next sends fail with a Meta error code (HTTP 400,
 * rate limits included, as Meta answers them) or an HTTP failure, or make a number undeliverable;
 * and they stand in for Meta's webhook: the payloads Meta sends (statuses, a quick-reply tap, a
 * typed text) POSTed signed as Meta signs them, and Meta's GET verification.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The Graph API version the fake answers under. */
const VERSION = "v21.0";
const DEFAULT_PHONE_NUMBER_ID = "106540352242922";
/** The business's number as Meta displays it, and its WhatsApp Business Account. */
const DISPLAY_PHONE_NUMBER = "919820012345";
const WABA_ID = "102290129340398";

/** A template send as the shop makes it, parsed (docs/whatsapp.md "Sending"). */
export interface TemplateBody {
  messaging_product: "whatsapp";
  recipient_type?: string;
  to: string;
  type: "template";
  template: {
    name: string;
    language: { code: string; policy?: string };
    components?: Array<{
      type: string;
      sub_type?: string;
      index?: string;
      parameters?: Array<{ type: string; text?: string; payload?: string }>;
    }>;
  };
}

/** A free-text send (a reply inside the 24-hour window), parsed. */
export interface TextBody {
  messaging_product: "whatsapp";
  recipient_type?: string;
  to: string;
  type: "text";
  text: { body: string; preview_url?: boolean };
}

export interface SentMessage {
  wamid: string;
  to: string;
  body: TemplateBody | TextBody;
  at: Date;
}

/** The words Meta gives its codes ("WhatsApp error codes"); the shop decides by the code alone. */
const META_ERRORS: Record<number, { message: string; type?: string; details?: string }> = {
  0: { message: "(#0) We were unable to authenticate the app user", details: "Authentication failed." },
  1: { message: "(#1) An unknown error occurred", details: "Invalid request or possible server error." },
  2: { message: "(#2) Service temporarily unavailable", details: "Temporary downtime or overload." },
  4: { message: "(#4) Application request limit reached", details: "The app hit its call-rate limit." },
  100: { message: "(#100) Invalid parameter", details: "The request has an invalid parameter." },
  190: {
    message: "Invalid OAuth access token - Cannot parse access token",
    details: "The access token is invalid or has expired.",
  },
  80007: {
    message: "(#80007) Rate limit issues",
    details: "The WhatsApp Business Account hit its rate limit.",
  },
  130429: { message: "(#130429) Rate limit hit", details: "Cloud API message throughput has been reached." },
  131000: {
    message: "(#131000) Something went wrong",
    details: "Message failed to send because of an unknown error.",
  },
  131008: { message: "(#131008) Required parameter is missing", details: "A required parameter is missing." },
  131009: { message: "(#131009) Parameter value is not valid", details: "A parameter value is not valid." },
  131026: { message: "(#131026) Message Undeliverable", details: "Message Undeliverable." },
  131047: {
    message: "(#131047) Re-engagement message",
    details: "More than 24 hours have passed since the recipient last replied to the sender number.",
  },
  131050: {
    message:
      "(#131050) Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business",
    details: "The user stopped marketing messages from this business.",
  },
  131056: {
    message: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
    details:
      "Too many messages sent from this phone number to the same phone number in a short period of time.",
  },
  132000: {
    message: "(#132000) Number of parameters does not match the expected number of params",
    details: "body: number of localizable_params does not match the expected number of params",
  },
  132001: {
    message: "(#132001) Template name does not exist in the translation",
    details: "template name does not exist in the language",
  },
  132015: { message: "(#132015) Template is Paused", details: "The template is paused for its low quality." },
};

/** Meta's error body for a code (words of its own for a code the fake does not know). */
function metaError(code: number, details?: string): { error: Record<string, unknown> } {
  const known = META_ERRORS[code] ?? { message: `(#${code}) Error ${code}` };
  return {
    error: {
      message: known.message,
      type: known.type ?? "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details: details ?? known.details ?? known.message },
      fbtrace_id: randomBytes(9).toString("base64url"),
    },
  };
}

/** A Meta message id: "wamid." and base64 (the real ones encode the number and an id). */
function newWamid(): string {
  return `wamid.${randomBytes(24).toString("base64url")}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The envelope every webhook payload comes in: one entry, one change of the messages field. */
function envelope(value: Record<string, unknown>, phoneNumberId: string): object {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: DISPLAY_PHONE_NUMBER, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** JSON as Meta writes it: every character past ASCII escaped as `\u00e4` (UTF-16 units). */
function metaJson(payload: object): string {
  return JSON.stringify(payload).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** Why a body is not a send (a template, or a reply's text) the fake takes, or null when it is. */
function shapeProblem(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return "The request body is not a JSON object.";
  const send = body as Record<string, unknown>;
  if (send.messaging_product !== "whatsapp") return "The parameter messaging_product is required.";
  if (send.type !== "template" && send.type !== "text")
    return "The fake takes template and text messages only.";
  if (typeof send.to !== "string" || !/^\d{8,15}$/.test(send.to))
    return "The parameter to must be the number with its country code, digits only.";
  if (send.type === "text") {
    const text = send.text as Record<string, unknown> | undefined;
    return typeof text?.body === "string" && text.body !== ""
      ? null
      : "The parameter text['body'] is required.";
  }
  const template = send.template as Record<string, unknown> | undefined;
  if (typeof template !== "object" || template === null) return "The parameter template is required.";
  if (typeof template.name !== "string" || template.name === "")
    return "The parameter template['name'] is required.";
  const language = template.language as Record<string, unknown> | undefined;
  if (typeof language?.code !== "string" || language.code === "")
    return "The parameter template['language']['code'] is required.";
  if (template.components !== undefined && !Array.isArray(template.components))
    return "The parameter template['components'] must be an array.";
  return null;
}

export class WhatsAppFake {
  /** Every accepted send, in order: the parsed body, the wamid given, and when. */
  readonly sent: SentMessage[] = [];
  /** How long each accepted send waits before its answer (a slow Meta, so that two senders overlap). */
  delayMs = 0;

  private readonly failures: { code: number; status: number }[] = [];
  private readonly unreachable = new Set<string>();
  private port = 0;
  private readonly server = createServer((req, res) => {
    this.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) this.json(res, 500, metaError(1, String(error)));
    });
  });

  private constructor(
    readonly phoneNumberId: string,
    readonly token: string,
    readonly appSecret: string,
  ) {}

  /** Starts the fake on 127.0.0.1 on a free port; `url` (with the version) is WHATSAPP_API_BASE. */
  static async start(
    options: { phoneNumberId?: string; token?: string; appSecret?: string } = {},
  ): Promise<WhatsAppFake> {
    const fake = new WhatsAppFake(
      options.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID,
      options.token ?? "fake-whatsapp-token",
      options.appSecret ?? "fake-app-secret",
    );
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  /** The Graph API's base with its version, `http://127.0.0.1:<port>/v21.0`: WHATSAPP_API_BASE. */
  get url(): string {
    return `http://127.0.0.1:${this.port}/${VERSION}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  /**
   * Makes the next `times` sends fail with Meta's error for `code`: HTTP 400 (rate limits too, as
   * Meta answers them), or `status` (429, 500, 503) for an HTTP failure.
   */
  failNext(failure: { code: number; status?: number }, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push({ code: failure.code, status: failure.status ?? 400 });
  }

  /** Makes every send to this number fail with 131026 (not on WhatsApp) until `reset()`. */
  undeliverable(to: string): void {
    this.unreachable.add(to);
  }

  /** Forgets the sends, the failures to come and the undeliverable numbers. */
  reset(): void {
    this.sent.length = 0;
    this.failures.length = 0;
    this.unreachable.clear();
  }

  /** A status of one of our messages: `failed` carries `errorCode` (131026 unless told). */
  static statusPayload(
    wamid: string,
    status: "sent" | "delivered" | "read" | "failed",
    options: { to?: string; timestamp?: number; errorCode?: number; phoneNumberId?: string } = {},
  ): object {
    const code = options.errorCode ?? 131026;
    const known = META_ERRORS[code];
    return envelope(
      {
        statuses: [
          {
            id: wamid,
            status,
            timestamp: String(options.timestamp ?? nowSeconds()),
            recipient_id: options.to ?? "919876543210",
            ...(status === "failed"
              ? {
                  errors: [
                    {
                      code,
                      title: known?.message.replace(/^\(#\d+\) /, "") ?? `Error ${code}`,
                      message: known?.message.replace(/^\(#\d+\) /, "") ?? `Error ${code}`,
                      error_data: { details: known?.details ?? `Error ${code}` },
                    },
                  ],
                }
              : { pricing: { billable: true, pricing_model: "PMP", category: "utility" } }),
          },
        ],
      },
      options.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID,
    );
  }

  /** A tap on a template's quick-reply button; `id` is a fresh wamid unless given. */
  static buttonTapPayload(options: {
    from: string;
    payload: string;
    text: "Confirm order" | "Cancel order" | string;
    contextWamid?: string;
    id?: string;
    timestamp?: number;
    phoneNumberId?: string;
  }): object {
    return envelope(
      {
        contacts: [{ profile: { name: "Asha" }, wa_id: options.from }],
        messages: [
          {
            ...(options.contextWamid === undefined
              ? {}
              : { context: { from: DISPLAY_PHONE_NUMBER, id: options.contextWamid } }),
            from: options.from,
            id: options.id ?? newWamid(),
            timestamp: String(options.timestamp ?? nowSeconds()),
            type: "button",
            button: { payload: options.payload, text: options.text },
          },
        ],
      },
      options.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID,
    );
  }

  /** A typed message ("STOP"); `id` is a fresh wamid unless given. */
  static textPayload(options: {
    from: string;
    body: string;
    id?: string;
    timestamp?: number;
    phoneNumberId?: string;
  }): object {
    return envelope(
      {
        contacts: [{ profile: { name: "Asha" }, wa_id: options.from }],
        messages: [
          {
            from: options.from,
            id: options.id ?? newWamid(),
            timestamp: String(options.timestamp ?? nowSeconds()),
            type: "text",
            text: { body: options.body },
          },
        ],
      },
      options.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID,
    );
  }

  /**
   * POSTs a payload to a webhook URL as Meta does: the JSON's bytes (non-ASCII escaped as `\uXXXX`),
   * or `rawBody` as given, signed in X-Hub-Signature-256 with the app secret (`signWith` another
   * one, to test a bad signature). Answers the shop's status and body.
   */
  async postWebhook(
    url: string,
    payload: object,
    options: { signWith?: string; rawBody?: string } = {},
  ): Promise<{ status: number; body: string }> {
    const raw = Buffer.from(options.rawBody ?? metaJson(payload), "utf8");
    const secret = options.signWith ?? this.appSecret;
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature": `sha1=${createHmac("sha1", secret).update(raw).digest("hex")}`,
        "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`,
      },
      body: raw,
    });
    return { status: response.status, body: await response.text() };
  }

  /** Sends Meta's GET verification (a random number as the challenge unless given); answers status and body. */
  async verify(
    url: string,
    verifyToken: string,
    challenge: string = String(randomBytes(4).readUInt32BE()),
  ): Promise<{ status: number; body: string }> {
    const target = new URL(url);
    target.searchParams.set("hub.mode", "subscribe");
    target.searchParams.set("hub.verify_token", verifyToken);
    target.searchParams.set("hub.challenge", challenge);
    const response = await fetch(target);
    return { status: response.status, body: await response.text() };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
    if (token !== this.token) return this.json(res, 401, metaError(190));
    if (req.method !== "POST" || path !== `/${VERSION}/${this.phoneNumberId}/messages`)
      return this.json(
        res,
        400,
        metaError(100, `Unsupported ${req.method?.toLowerCase()} request to ${path}.`),
      );
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return this.json(res, 400, metaError(100, "The request body is not valid JSON."));
    }
    const problem = shapeProblem(body);
    if (problem !== null) return this.json(res, 400, metaError(100, problem));
    const send = body as TemplateBody | TextBody;
    const failure = this.failures.shift();
    if (failure) return this.json(res, failure.status, metaError(failure.code));
    if (this.unreachable.has(send.to)) return this.json(res, 400, metaError(131026));
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const wamid = newWamid();
    this.sent.push({ wamid, to: send.to, body: send, at: new Date() });
    this.json(res, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: send.to, wa_id: send.to }],
      messages: [{ id: wamid, message_status: "accepted" }],
    });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
}
