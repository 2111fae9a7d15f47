/**
 * WhatsApp Business Platform (Cloud API) template sends (docs/whatsapp.md), called from the server only.
 *
 * - One call per send, with a timeout, and no retries here: the outbox sends again with backoff,
 *   as the failure's kind says (failureKindOf: Meta's error code, or the HTTP status without one).
 * - Meta has no idempotency key: a send whose answer was lost (a timeout, a 5xx, a broken
 *   connection) may have gone, and a second try may deliver it twice. `unclear` tells such a failure
 *   from one Meta cannot have acted on.
 * - The token never reaches an error's message: only Meta's code and words, or the HTTP status.
 */
import { z } from "zod";
import { neverSent, PROVIDER_TIMEOUT_MS } from "#api/payments/provider";

export interface WhatsAppOptions {
  /** The Graph API with its version, `https://graph.facebook.com/v21.0`, or a fake in tests. */
  apiBase: string;
  /** The business number's id at Meta (not the number itself). */
  phoneNumberId: string;
  /** The system user's access token. */
  token: string;
  /** Per send, reading the answer included (10 000 ms; at most PROVIDER_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface TemplateParameter {
  type: "text";
  text: string;
}

export interface TemplateButton {
  subType: "quick_reply" | "url";
  /** The button's place in the approved template ("Confirm order" 0, "Cancel order" 1). */
  index: number;
  /** quick_reply: the payload a tap returns; url: the variable end of the approved URL. */
  value: string;
}

export interface TemplateSend {
  /** Digits only, with the country code: `919876543210`. */
  to: string;
  /** An approved template's name, and its translation's language (`en`, `hi`...). */
  name: string;
  language: string;
  /** Fill `{{1}}`, `{{2}}`... of the body, in order. */
  body: readonly string[];
  buttons?: readonly TemplateButton[];
}

/** How a refused or failed send is handled, decided by Meta's error code (docs/whatsapp.md table). */
export type FailureKind = "retry" | "permanent" | "marketingStopped" | "template" | "token" | "bug";

const KIND_OF_CODE = new Map<number, FailureKind>([
  // Throughput and call-rate limits, and Meta's temporary or unknown failures: again, after a pause.
  [130429, "retry"],
  [131056, "retry"],
  [4, "retry"],
  [80007, "retry"],
  [1, "retry"],
  [2, "retry"],
  [131000, "retry"],
  // Not on WhatsApp (or an old app, or blocked), or a free-form message outside the 24-hour window.
  [131026, "permanent"],
  [131047, "permanent"],
  [131050, "marketingStopped"],
  // No approved template by that name and language, or the template paused.
  [132001, "template"],
  [132015, "template"],
  [0, "token"],
  [190, "token"],
  // Malformed request or parameters.
  [100, "bug"],
  [131008, "bug"],
  [131009, "bug"],
  [132000, "bug"],
]);

/**
 * What to do after a failed send: by Meta's error code when it gave one (rate limits come as HTTP
 * 400 with their code), else by the HTTP status (a 429 or a 5xx is tried again, another 4xx is a
 * bug); no status at all (a network error, a timeout) or a 2xx the shop could not read: again.
 */
export function failureKindOf(code: number | null, httpStatus: number | null): FailureKind {
  const known = code === null ? undefined : KIND_OF_CODE.get(code);
  if (known) return known;
  if (httpStatus === null || httpStatus === 429 || httpStatus >= 500) return "retry";
  if (httpStatus >= 400) return "bug";
  // An unknown code on a status that is no failure, or none on a 2xx: an answer the shop cannot use.
  return code === null ? "retry" : "bug";
}

/** A send Meta refused, or that failed on the way. */
export class WhatsAppError extends Error {
  readonly kind: FailureKind;
  /** Meta's error code, when it answered one. */
  readonly code: number | null;
  /** The HTTP status, when Meta answered. */
  readonly status: number | null;
  /**
   * Meta may have accepted the message though the shop read no acceptance (a timeout, a broken
   * connection, a 5xx, a 2xx without a message id): sending again may deliver it twice.
   */
  readonly unclear: boolean;

  constructor(
    message: string,
    details: { code: number | null; status: number | null; unclear: boolean; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "WhatsAppError";
    this.code = details.code;
    this.status = details.status;
    this.kind = failureKindOf(details.code, details.status);
    this.unclear = details.unclear;
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MESSAGE_LIMIT = 300;

/** The part of Meta's acceptance the shop keeps: the message's id, which statuses and replies name. */
const Accepted = z.object({ messages: z.array(z.object({ id: z.string().min(1) })).min(1) });

/** Meta's error body: `{ error: { code, message, ... } }`. */
const Refusal = z.object({
  error: z.object({ code: z.number().int(), message: z.string().optional() }),
});

/** The send's body, in the Graph API's field names. */
function bodyOf(message: TemplateSend): object {
  const components: unknown[] = [];
  if (message.body.length > 0)
    components.push({
      type: "body",
      parameters: message.body.map((text): TemplateParameter => ({ type: "text", text })),
    });
  for (const button of message.buttons ?? [])
    components.push({
      type: "button",
      sub_type: button.subType,
      index: String(button.index),
      parameters: [
        button.subType === "quick_reply"
          ? { type: "payload", payload: button.value }
          : { type: "text", text: button.value },
      ],
    });
  return {
    messaging_product: "whatsapp",
    to: message.to,
    type: "template",
    template: { name: message.name, language: { code: message.language }, components },
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export class WhatsAppClient {
  private readonly url: string;
  private readonly token: string;
  private readonly timeoutMs: number;

  constructor(options: WhatsAppOptions) {
    this.url = `${options.apiBase.replace(/\/+$/, "")}/${encodeURIComponent(options.phoneNumberId)}/messages`;
    this.token = options.token;
    this.timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, PROVIDER_TIMEOUT_MS);
  }

  /** Sends an approved template once; answers the message's id (`wamid`) Meta accepted it under. */
  async sendTemplate(message: TemplateSend): Promise<{ wamid: string }> {
    return this.post(bodyOf(message));
  }

  /**
   * Sends free text once: only inside the 24-hour window the shopper's own message opened (a reply to
   * their tap or STOP); outside it Meta refuses with 131047.
   */
  async sendText(to: string, text: string): Promise<{ wamid: string }> {
    return this.post({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "text",
      text: { preview_url: false, body: text },
    });
  }

  private async post(payload: object): Promise<{ wamid: string }> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.url, {
        method: "POST",
        headers: {
          accept: "application/json",
          authorization: `Bearer ${this.token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new WhatsAppError(`WhatsApp could not be reached (${this.hidden(reason)})`, {
        code: null,
        status: null,
        unclear: !neverSent(error),
        cause: error,
      });
    }
    const body = parseJson(text);
    if (status >= 200 && status < 300) {
      const wamid = Accepted.safeParse(body).data?.messages[0]?.id;
      if (wamid !== undefined) return { wamid };
      throw new WhatsAppError(`WhatsApp answered HTTP ${status} without a message id`, {
        code: null,
        status,
        unclear: true,
      });
    }
    const refusal = Refusal.safeParse(body);
    const code = refusal.success ? refusal.data.error.code : null;
    throw new WhatsAppError(this.reasonOf(code, refusal.data?.error.message, status), {
      code,
      status,
      unclear: status >= 500,
    });
  }

  /** "(#131026) Message Undeliverable": Meta's words with the code in front (when they lack it), cut short. */
  private reasonOf(code: number | null, words: string | undefined, status: number): string {
    if (code === null) return `WhatsApp answered HTTP ${status}`;
    const said = this.hidden(words?.trim() || `HTTP ${status}`);
    const prefixed = said.startsWith(`(#${code})`) ? said : `(#${code}) ${said}`;
    return prefixed.length > MESSAGE_LIMIT ? `${prefixed.slice(0, MESSAGE_LIMIT - 1)}…` : prefixed;
  }

  /** NOTE: Meta's words do not quote the token, but an error's message is logged: never let it through. */
  private hidden(text: string): string {
    return this.token === "" ? text : text.replaceAll(this.token, "[token]");
  }
}
