import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type TemplateBody, WhatsAppFake } from "#test/whatsapp-fake";
import { type FailureKind, failureKindOf, type TemplateSend, WhatsAppClient, WhatsAppError } from "./client";

const COD_CONFIRM: TemplateSend = {
  to: "919876543210",
  name: "cod_confirm",
  language: "en",
  body: ["Asha", "#1042"],
  buttons: [
    { subType: "quick_reply", index: 0, value: "confirm-token" },
    { subType: "quick_reply", index: 1, value: "cancel-token" },
  ],
};

let fake: WhatsAppFake;
let client: WhatsAppClient;

function clientOf(options: { apiBase?: string; token?: string; timeoutMs?: number } = {}) {
  return new WhatsAppClient({
    apiBase: options.apiBase ?? fake.url,
    phoneNumberId: fake.phoneNumberId,
    token: options.token ?? fake.token,
    timeoutMs: options.timeoutMs ?? 2_000,
  });
}

/** The WhatsAppError a send throws (the test fails when it goes through). */
async function failureOf(send: Promise<unknown>): Promise<WhatsAppError> {
  const error = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WhatsAppError);
  return error as WhatsAppError;
}

/** A server on loopback that answers as `handler` says (or never), for what the fake does not do. */
async function rawServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  fake = await WhatsAppFake.start();
  client = clientOf();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe("failureKindOf", () => {
  const table: [number | null, number | null, FailureKind][] = [
    [130429, 400, "retry"],
    [131056, 400, "retry"],
    [4, 400, "retry"],
    [80007, 400, "retry"],
    [1, 500, "retry"],
    [2, 503, "retry"],
    [131000, 400, "retry"],
    [131026, 400, "permanent"],
    [131047, 400, "permanent"],
    [131050, 400, "marketingStopped"],
    [132001, 400, "template"],
    [132015, 400, "template"],
    [0, 401, "token"],
    [190, 401, "token"],
    [100, 400, "bug"],
    [131008, 400, "bug"],
    [131009, 400, "bug"],
    [132000, 400, "bug"],
    [null, 429, "retry"],
    [null, 500, "retry"],
    [null, 502, "retry"],
    [null, null, "retry"],
    [null, 200, "retry"],
    [null, 400, "bug"],
    [null, 404, "bug"],
    [999_999, 400, "bug"],
    [999_999, 503, "retry"],
  ];
  it.each(table)("code %s with HTTP %s is %s", (code, status, kind) => {
    expect(failureKindOf(code, status)).toBe(kind);
  });
});

describe("sendTemplate", () => {
  it("posts the template in the Graph API's shape and answers the wamid Meta gave", async () => {
    const { wamid } = await client.sendTemplate(COD_CONFIRM);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.wamid).toBe(wamid);
    expect(wamid).toMatch(/^wamid\./);
    expect(fake.sent[0]?.to).toBe("919876543210");
    expect(fake.sent[0]?.body).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: {
        name: "cod_confirm",
        language: { code: "en" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "#1042" },
            ],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "0",
            parameters: [{ type: "payload", payload: "confirm-token" }],
          },
          {
            type: "button",
            sub_type: "quick_reply",
            index: "1",
            parameters: [{ type: "payload", payload: "cancel-token" }],
          },
        ],
      },
    });
  });

  it("leaves out an empty body and gives a URL button its text", async () => {
    await client.sendTemplate({
      to: "919876543210",
      name: "order_shipped",
      language: "hi",
      body: [],
      buttons: [{ subType: "url", index: 0, value: "AWB123456" }],
    });
    expect((fake.sent[0]?.body as TemplateBody | undefined)?.template).toEqual({
      name: "order_shipped",
      language: { code: "hi" },
      components: [
        { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "AWB123456" }] },
      ],
    });
  });

  it("sends each template once, in order, each under its own wamid", async () => {
    const first = await client.sendTemplate(COD_CONFIRM);
    const second = await client.sendTemplate({ ...COD_CONFIRM, to: "919812345678" });
    expect(fake.sent.map((sent) => [sent.wamid, sent.to])).toEqual([
      [first.wamid, "919876543210"],
      [second.wamid, "919812345678"],
    ]);
    expect(first.wamid).not.toBe(second.wamid);
  });

  it("reads a rate limit answered as HTTP 400 with its code as one to try again, and sends it once", async () => {
    fake.failNext({ code: 130429 });
    const error = await failureOf(client.sendTemplate(COD_CONFIRM));
    expect(error).toMatchObject({ kind: "retry", code: 130429, status: 400, unclear: false });
    expect(error.message).toBe("(#130429) Rate limit hit");
    expect(fake.sent).toEqual([]);
    // No retry inside: the next send goes through at once.
    await client.sendTemplate(COD_CONFIRM);
    expect(fake.sent).toHaveLength(1);
  });

  it("reads an HTTP 429 and a 5xx as ones to try again, the 5xx as maybe sent", async () => {
    fake.failNext({ code: 4, status: 429 });
    fake.failNext({ code: 2, status: 503 });
    expect(await failureOf(client.sendTemplate(COD_CONFIRM))).toMatchObject({
      kind: "retry",
      code: 4,
      status: 429,
      unclear: false,
    });
    expect(await failureOf(client.sendTemplate(COD_CONFIRM))).toMatchObject({
      kind: "retry",
      code: 2,
      status: 503,
      unclear: true,
    });
  });

  it("fails the next `times` sends, then sends again", async () => {
    fake.failNext({ code: 131000 }, 2);
    await failureOf(client.sendTemplate(COD_CONFIRM));
    await failureOf(client.sendTemplate(COD_CONFIRM));
    await client.sendTemplate(COD_CONFIRM);
    expect(fake.sent).toHaveLength(1);
  });

  it("reads a number not on WhatsApp as permanent, until the fake is reset", async () => {
    fake.undeliverable("919876543210");
    const error = await failureOf(client.sendTemplate(COD_CONFIRM));
    expect(error).toMatchObject({ kind: "permanent", code: 131026, status: 400 });
    expect(error.message).toBe("(#131026) Message Undeliverable");
    await client.sendTemplate({ ...COD_CONFIRM, to: "919812345678" });
    fake.reset();
    await client.sendTemplate(COD_CONFIRM);
    expect(fake.sent.map((sent) => sent.to)).toEqual(["919876543210"]);
  });

  it.each([
    [131047, "permanent"],
    [131050, "marketingStopped"],
    [132001, "template"],
    [132015, "template"],
    [132000, "bug"],
  ] as const)("reads Meta's %s as %s", async (code, kind) => {
    fake.failNext({ code });
    const error = await failureOf(client.sendTemplate(COD_CONFIRM));
    expect(error).toMatchObject({ kind, code, status: 400 });
    expect(error.message).toMatch(new RegExp(`^\\(#${code}\\) `));
  });

  it("reads another bearer's 401 as the token's failure, with the code but never the token", async () => {
    const wrong = "EAAG-not-the-token-9f8e7d";
    const error = await failureOf(clientOf({ token: wrong }).sendTemplate(COD_CONFIRM));
    expect(error).toMatchObject({ kind: "token", code: 190, status: 401 });
    expect(error.message).toBe("(#190) Invalid OAuth access token - Cannot parse access token");
    expect(inspect(error)).not.toContain(wrong);
    expect(fake.sent).toEqual([]);
  });

  it("reads a send the fake refuses for its shape as a bug (Meta's 100)", async () => {
    const error = await failureOf(client.sendTemplate({ ...COD_CONFIRM, to: "+91 98765 43210" }));
    expect(error).toMatchObject({ kind: "bug", code: 100, status: 400 });
    expect(error.message).toBe("(#100) Invalid parameter");
    const nameless = await failureOf(client.sendTemplate({ ...COD_CONFIRM, name: "" }));
    expect(nameless).toMatchObject({ kind: "bug", code: 100 });
    expect(fake.sent).toEqual([]);
  });

  it("gives up on a server that never answers after its timeout, as maybe sent, to try again", async () => {
    const silent = await rawServer(() => {});
    try {
      const started = Date.now();
      const error = await failureOf(
        clientOf({ apiBase: silent.base, timeoutMs: 300 }).sendTemplate(COD_CONFIRM),
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(error).toMatchObject({ kind: "retry", code: null, status: null, unclear: true });
      expect(error.message).toMatch(/^WhatsApp could not be reached \(TimeoutError/);
      expect(inspect(error)).not.toContain(fake.token);
    } finally {
      await silent.close();
    }
  });

  it("reads a refused connection as one to try again that Meta never got", async () => {
    const gone = await rawServer(() => {});
    await gone.close();
    const error = await failureOf(clientOf({ apiBase: gone.base }).sendTemplate(COD_CONFIRM));
    expect(error).toMatchObject({ kind: "retry", code: null, status: null, unclear: false });
  });

  it("reads a 200 without a message id as one to try again, maybe sent", async () => {
    const odd = await rawServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ messaging_product: "whatsapp", messages: [] }));
    });
    try {
      const error = await failureOf(clientOf({ apiBase: odd.base }).sendTemplate(COD_CONFIRM));
      expect(error).toMatchObject({ kind: "retry", code: null, status: 200, unclear: true });
    } finally {
      await odd.close();
    }
  });

  it("reads an error page without Meta's body by its status", async () => {
    let status = 502;
    const proxy = await rawServer((_req, res) => {
      res.writeHead(status, { "content-type": "text/html" });
      res.end("<html><body>Bad Gateway</body></html>");
    });
    try {
      const gateway = await failureOf(clientOf({ apiBase: proxy.base }).sendTemplate(COD_CONFIRM));
      expect(gateway).toMatchObject({ kind: "retry", code: null, status: 502, unclear: true });
      expect(gateway.message).toBe("WhatsApp answered HTTP 502");
      status = 404;
      const missing = await failureOf(clientOf({ apiBase: proxy.base }).sendTemplate(COD_CONFIRM));
      expect(missing).toMatchObject({ kind: "bug", code: null, status: 404 });
    } finally {
      await proxy.close();
    }
  });

  it("cuts Meta's long words to 300 characters and hides the token should they quote it", async () => {
    const token = "EAAG-quoted-token";
    const chatty = await rawServer((_req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: 131009, message: `Bad token ${token} ${"x".repeat(400)}` } }));
    });
    try {
      const error = await failureOf(clientOf({ apiBase: chatty.base, token }).sendTemplate(COD_CONFIRM));
      expect(error).toMatchObject({ kind: "bug", code: 131009 });
      expect(error.message.length).toBe(300);
      expect(error.message).toMatch(/^\(#131009\) Bad token \[token\] x+…$/);
      expect(inspect(error)).not.toContain(token);
    } finally {
      await chatty.close();
    }
  });
});
