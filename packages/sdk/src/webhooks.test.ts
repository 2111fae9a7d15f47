import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook, type WebhookEventOf, WebhookVerificationError } from "./webhooks";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const OTHER = "whsec_dGhlIHByZXZpb3VzIHNlY3JldCBrZXkgYnl0ZXM=";
const BODY = JSON.stringify({
  type: "inventory.low",
  timestamp: "2026-11-26T10:00:00.000Z",
  data: {
    product: { _id: "0123456789abcdef01234567", name: "Tote" },
    variant: { _id: "0123456789abcdef01234568", sku: "TOTE", options: {}, stock: 9 },
    threshold: 10,
  },
});
const AT = new Date("2026-11-26T10:00:00Z");

/** The headers the reference implementation makes for BODY, signed with `secrets`. */
function signed(secrets: string[], id = "msg_1", at = AT) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(id, at, BODY)).join(" "),
  };
}

describe("verifyWebhook", () => {
  it("answers the event of a delivery the Standard Webhooks reference implementation signed", async () => {
    const event = await verifyWebhook(SECRET, signed([SECRET]), BODY, { now: AT.getTime() });
    expect(event.type).toBe("inventory.low");
    expect((event as WebhookEventOf<"inventory.low">).data.threshold).toBe(10);
    // A Fetch Headers and a raw body in bytes do as well.
    const headers = new Headers(signed([SECRET]));
    expect(
      await verifyWebhook(SECRET, headers, new TextEncoder().encode(BODY), { now: AT.getTime() }),
    ).toEqual(event);
  });

  it("takes any of the signatures of a rotated secret", async () => {
    const headers = signed([OTHER, SECRET]);
    await expect(verifyWebhook(SECRET, headers, BODY, { now: AT.getTime() })).resolves.toBeTruthy();
    await expect(verifyWebhook(OTHER, headers, BODY, { now: AT.getTime() })).resolves.toBeTruthy();
  });

  it("refuses another secret, a changed body or id, missing headers and a time too far off", async () => {
    const now = AT.getTime();
    const refusals: [Record<string, string>, string, number][] = [
      [signed([OTHER]), BODY, now],
      [signed([SECRET]), BODY.replace("9", "8"), now],
      [{ ...signed([SECRET]), "webhook-id": "msg_2" }, BODY, now],
      [{ ...signed([SECRET]), "webhook-signature": "" }, BODY, now],
      [signed([SECRET]), BODY, now + 301_000],
      [signed([SECRET]), BODY, now - 301_000],
    ];
    for (const [headers, body, at] of refusals)
      await expect(verifyWebhook(SECRET, headers, body, { now: at })).rejects.toBeInstanceOf(
        WebhookVerificationError,
      );
    await expect(
      verifyWebhook(SECRET, signed([SECRET]), BODY, { now: now + 301_000, toleranceSeconds: 600 }),
    ).resolves.toBeTruthy();
  });
});
