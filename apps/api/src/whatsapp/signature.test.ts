import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WhatsAppFake } from "#test/whatsapp-fake";
import { signatureMatches } from "./signature";

const SECRET = "fake-app-secret";
const sign = (raw: Buffer, secret = SECRET) =>
  `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;

describe("signatureMatches", () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

  it("accepts the body's HMAC-SHA256 with the app secret", () => {
    expect(signatureMatches(body, sign(body), SECRET)).toBe(true);
    expect(signatureMatches(body, sign(body).toUpperCase().replace("SHA256=", "sha256="), SECRET)).toBe(true);
  });

  it("refuses another secret's signature, or another body's", () => {
    expect(signatureMatches(body, sign(body, "another-secret"), SECRET)).toBe(false);
    expect(signatureMatches(Buffer.from(`${body} `), sign(body), SECRET)).toBe(false);
  });

  it("refuses a missing, empty or malformed header without throwing", () => {
    const hex = sign(body).slice("sha256=".length);
    for (const header of [
      undefined,
      "",
      "sha256=",
      hex,
      `sha1=${hex}`,
      `sha256=${hex.slice(2)}`,
      `sha256=${hex}00`,
      `sha256=${"z".repeat(64)}`,
    ])
      expect(signatureMatches(body, header, SECRET), String(header)).toBe(false);
  });

  it("refuses everything when the app secret is empty", () => {
    expect(signatureMatches(body, sign(body, ""), "")).toBe(false);
  });

  it("signs the raw bytes: a non-ASCII body read back and written again does not match", () => {
    const escaped = Buffer.from('{"profile":{"name":"J\\u00fcrgen \\u0906\\u0936\\u093e"}}');
    expect(signatureMatches(escaped, sign(escaped), SECRET)).toBe(true);
    const rewritten = Buffer.from(JSON.stringify(JSON.parse(escaped.toString("utf8"))));
    expect(rewritten.toString("utf8")).toContain("Jürgen");
    expect(signatureMatches(rewritten, sign(escaped), SECRET)).toBe(false);
    const utf8 = Buffer.from('{"text":{"body":"रद्द करें"}}');
    expect(signatureMatches(utf8, sign(utf8), SECRET)).toBe(true);
  });
});

describe("the fake's webhook calls", () => {
  /** A webhook as the shop would answer Meta: the signature checked on the raw body, the challenge echoed. */
  const received: { raw: Buffer; header: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://shop");
      if (req.method === "GET") {
        const ok =
          url.searchParams.get("hub.mode") === "subscribe" &&
          url.searchParams.get("hub.verify_token") === "our-verify-token";
        res.writeHead(ok ? 200 : 403, { "content-type": "text/plain" });
        res.end(ok ? (url.searchParams.get("hub.challenge") ?? "") : "");
        return;
      }
      const raw = Buffer.concat(chunks);
      const header = req.headers["x-hub-signature-256"];
      received.push({ raw, header: typeof header === "string" ? header : undefined });
      const ok = signatureMatches(raw, typeof header === "string" ? header : undefined, SECRET);
      res.writeHead(ok ? 200 : 401);
      res.end(ok ? "EVENT_RECEIVED" : "");
    });
  });
  let fake: WhatsAppFake;
  let hook: string;

  beforeAll(async () => {
    fake = await WhatsAppFake.start();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`;
  });
  afterAll(async () => {
    await fake.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("posts a payload as Meta does: non-ASCII escaped, signed with the app secret", async () => {
    const payload = WhatsAppFake.textPayload({ from: "919876543210", body: "रोकें STOP" });
    expect(await fake.postWebhook(hook, payload)).toEqual({ status: 200, body: "EVENT_RECEIVED" });
    const raw = received.at(-1)?.raw.toString("utf8") ?? "";
    expect(raw).toMatch(/^[\x20-\x7e]+$/);
    expect(raw).toContain("\\u0930\\u094b\\u0915\\u0947\\u0902 STOP");
    expect(JSON.parse(raw)).toEqual(payload);
  });

  it("signs with another secret when told to, which the webhook refuses", async () => {
    const payload = WhatsAppFake.statusPayload("wamid.ours", "read");
    expect((await fake.postWebhook(hook, payload, { signWith: "not-the-secret" })).status).toBe(401);
    expect((await fake.postWebhook(hook, payload, { rawBody: '{"object":"x"}' })).status).toBe(200);
    expect(received.at(-1)?.raw.toString("utf8")).toBe('{"object":"x"}');
  });

  it("builds Meta's envelope around statuses, taps and texts", () => {
    const failed = WhatsAppFake.statusPayload("wamid.ours", "failed", {
      to: "919812345678",
      timestamp: 1767225900,
    });
    expect(failed).toMatchObject({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: fake.phoneNumberId },
                statuses: [
                  {
                    id: "wamid.ours",
                    status: "failed",
                    timestamp: "1767225900",
                    recipient_id: "919812345678",
                    errors: [{ code: 131026 }],
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const tap = WhatsAppFake.buttonTapPayload({
      from: "919876543210",
      payload: "confirm-token",
      text: "Confirm order",
      contextWamid: "wamid.ours",
    });
    expect(tap).toMatchObject({
      entry: [
        {
          changes: [
            {
              value: {
                contacts: [{ wa_id: "919876543210" }],
                messages: [
                  {
                    context: { id: "wamid.ours" },
                    from: "919876543210",
                    id: expect.stringMatching(/^wamid\./),
                    type: "button",
                    button: { payload: "confirm-token", text: "Confirm order" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it("sends Meta's verification and answers the webhook's reply", async () => {
    expect(await fake.verify(hook, "our-verify-token", "1158201444")).toEqual({
      status: 200,
      body: "1158201444",
    });
    expect((await fake.verify(hook, "another-token")).status).toBe(403);
  });
});
