/**
 * The webhook endpoints through the API (admin): registered with a secret shown once, edited,
 * rotated, deleted; each event reaching a receiver on 127.0.0.1 signed as the Standard Webhooks
 * reference implementation verifies it; a delivery sent again with its webhook-id; and, in
 * production, no endpoint on a loopback, private or link-local address (server-side request forgery).
 */
import { validation, webhookWords } from "@shop/shared/messages";
import { WebhookEvent } from "@shop/shared/schemas/webhook";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { list } from "#api/http/envelope";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "#test/webhook-receiver";
import { listDeliveryPage } from "./service";

let t: TestApp;
let receiver: WebhookReceiver;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  receiver = await startWebhookReceiver();
  admin = await quickUser(t, "admin");
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  inject(t.app, { method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) });

/** A product made through the products service: raises product.created. */
async function newProduct() {
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  return makeProduct(t.database, { category: category.id, thumbnail: media.id });
}

describe("webhook endpoints", () => {
  it("shows the secret once, sends each event signed with it, and lists the delivery", async () => {
    const url = `${receiver.origin}/orders-hook`;
    const created = await call("POST", "/api/webhooks", { url, events: ["product.created"] });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json().data;
    expect(endpoint).toMatchObject({ url, events: ["product.created"], enabled: true, disabledAt: null });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(created.json().message).toBe(webhookWords.created);

    const listed = await call("GET", "/api/webhooks");
    expect(listed.json().data).toContainEqual(expect.objectContaining({ _id: endpoint._id, url }));
    expect(listed.body).not.toContain(endpoint.secret);
    expect(listed.body).not.toContain("secret");

    const product = await newProduct();
    const [request] = await receiver.waitFor(1, { path: "/orders-hook" });
    if (!request) throw new Error("nothing received");
    const event = WebhookEvent.parse(new Webhook(endpoint.secret).verify(request.body, request.signed));
    expect(event).toMatchObject({ type: "product.created", data: { product: { _id: product._id } } });

    const deliveries = await call("GET", `/api/webhooks/${endpoint._id}/deliveries`);
    expect(deliveries.statusCode).toBe(200);
    const [delivery] = deliveries.json().data;
    expect(delivery).toMatchObject({
      _id: request.signed["webhook-id"],
      endpoint: endpoint._id,
      type: "product.created",
      payload: JSON.parse(request.body),
    });
    // The sender records the answer just after it came.
    await expect
      .poll(async () => (await call("GET", `/api/webhooks/${endpoint._id}/deliveries`)).json().data[0])
      .toMatchObject({ status: "succeeded", responseStatus: 200, attempts: 1, nextAttemptAt: null });
  });

  it("counts an endpoint's deliveries at most to the cap and says so", async () => {
    const created = await call("POST", "/api/webhooks", {
      url: `${receiver.origin}/counted`,
      events: ["product.created"],
    });
    const endpoint = created.json().data as { _id: string };
    for (let i = 0; i < 3; i++) await newProduct();
    const read = await listDeliveryPage(t.database.db, endpoint._id, { page: 2, size: 1 }, 2);
    expect(read).toMatchObject({ total: 2, totalCapped: true, more: true });
    expect(list(read.rows, { page: 2, size: 1, ...read }).meta).toMatchObject({
      pageCount: 3,
      totalCapped: true,
    });
    const listed = await call("GET", `/api/webhooks/${endpoint._id}/deliveries?size=2`);
    expect(listed.json().meta).toEqual({ page: 1, size: 2, total: 3, pageCount: 2 });
  });

  it("edits the URL, events and switch without showing or changing the secret; rotates it, the old one signing beside it", async () => {
    const created = (
      await call("POST", "/api/webhooks", { url: `${receiver.origin}/a`, events: ["product.created"] })
    ).json().data;
    const edited = await call("PUT", `/api/webhooks/${created._id}`, {
      url: `${receiver.origin}/b`,
      events: ["product.created", "product.updated", "product.created"],
      enabled: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      url: `${receiver.origin}/b`,
      events: ["product.created", "product.updated"],
      enabled: false,
    });
    expect(edited.body).not.toContain("secret");

    const rotated = await call("POST", `/api/webhooks/${created._id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().data.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(created.secret);

    await call("PUT", `/api/webhooks/${created._id}`, {
      url: `${receiver.origin}/b`,
      events: ["product.created"],
      enabled: true,
    });
    await newProduct();
    const [request] = await receiver.waitFor(1, { path: "/b" });
    if (!request) throw new Error("nothing received at /b");
    for (const key of [secret, created.secret])
      expect(new Webhook(key).verify(request.body, request.signed)).toBeTruthy();
  });

  it("sends a delivery again with the same webhook-id, counting its attempts afresh", async () => {
    const endpoint = (
      await call("POST", "/api/webhooks", { url: `${receiver.origin}/again`, events: ["product.created"] })
    ).json().data;
    await newProduct();
    await receiver.waitFor(1, { path: "/again" });
    const deliveries = async () =>
      (await call("GET", `/api/webhooks/${endpoint._id}/deliveries`)).json().data;
    // Sent and recorded (a delivery a sender holds is not sent again until it lets it go).
    await expect.poll(async () => (await deliveries())[0]?.status).toBe("succeeded");
    const [delivery] = await deliveries();
    const again = await call("POST", `/api/webhooks/${endpoint._id}/deliveries/${delivery._id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      message: webhookWords.redeliveryQueued,
      data: { _id: delivery._id, status: "pending", attempts: 0 },
    });
    const both = await receiver.waitFor(2, { path: "/again" });
    expect(both.map((r) => r.signed["webhook-id"])).toEqual([delivery._id, delivery._id]);
    expect(both[1]?.body).toBe(both[0]?.body);

    const unknown = await call(
      "POST",
      `/api/webhooks/${endpoint._id}/deliveries/0123456789abcdef01234567/redeliver`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(webhookWords.deliveryNotFound);
    await call("PUT", `/api/webhooks/${endpoint._id}`, {
      url: endpoint.url,
      events: endpoint.events,
      enabled: false,
    });
    const disabled = await call("POST", `/api/webhooks/${endpoint._id}/deliveries/${delivery._id}/redeliver`);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().message).toBe(webhookWords.endpointDisabled);
  });

  it("deletes an endpoint with its deliveries; then it is not found", async () => {
    const endpoint = (
      await call("POST", "/api/webhooks", { url: `${receiver.origin}/gone`, events: ["inventory.low"] })
    ).json().data;
    const removed = await call("DELETE", `/api/webhooks/${endpoint._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    for (const [method, url] of [
      ["DELETE", `/api/webhooks/${endpoint._id}`],
      ["GET", `/api/webhooks/${endpoint._id}/deliveries`],
      ["POST", `/api/webhooks/${endpoint._id}/rotate-secret`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(webhookWords.endpointNotFound);
    }
  });

  it("refuses a URL that is not http or https, no events, an unknown event and fields it does not take", async () => {
    for (const [payload, field, message] of [
      [{ url: "ftp://files.example/hook", events: ["order.paid"] }, "url", webhookWords.url],
      [{ url: "not a url", events: ["order.paid"] }, "url", webhookWords.url],
      [{ url: "https://hooks.example/x", events: [] }, "events", webhookWords.eventsRequired],
      [
        { url: "https://hooks.example/x", events: ["order.lost"] },
        "events.0",
        validation.oneOf(["order.created"]).slice(0, 30),
      ],
      [
        { url: "https://hooks.example/x", events: ["order.paid"], secret: "whsec_mine" },
        "secret",
        validation.unknownField,
      ],
    ] as const) {
      const response = await call("POST", "/api/webhooks", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors?.[field]).toContain(message);
    }
  });
});

describe("webhook endpoints in production", () => {
  let production: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    production = await createTestApp({ NODE_ENV: "production" });
    owner = await quickUser(production, "admin");
  });
  afterAll(async () => production?.close());

  it("refuses an endpoint on a loopback, private or link-local address, written or resolved, at creation and at editing", async () => {
    const save = (method: "POST" | "PUT", url: string, id = "") =>
      inject(production.app, {
        method,
        url: `/api/webhooks${id ? `/${id}` : ""}`,
        cookie: owner.cookie,
        payload: { url, events: ["order.paid"], enabled: true },
      });
    // A public address written in the URL needs no lookup.
    const kept = await save("POST", "http://93.184.216.34/hooks");
    expect(kept.statusCode, kept.body).toBe(201);
    const id = kept.json().data._id;
    for (const url of [
      "http://127.0.0.1:3000/hook",
      "http://localhost/hook",
      "http://10.1.2.3/hook",
      "http://172.16.0.9/hook",
      "http://192.168.1.1/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/hook",
      "http://0.0.0.0/hook",
      "http://[::1]/hook",
      "http://[fe80::1]/hook",
      "http://[fd00::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://[::ffff:a9fe:a9fe]/hook",
    ]) {
      for (const response of [await save("POST", url), await save("PUT", url, id)]) {
        expect(response.statusCode, url).toBe(400);
        expect(response.json().errors, url).toEqual({ url: webhookWords.urlPrivate });
      }
    }
    const nowhere = await save("POST", "https://no-such-host.invalid/hook");
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual({ url: webhookWords.urlUnresolvable });
    // The refused edits left the endpoint as it was.
    const [endpoint] = (
      await inject(production.app, { method: "GET", url: "/api/webhooks", cookie: owner.cookie })
    ).json().data;
    expect(endpoint).toMatchObject({ _id: id, url: "http://93.184.216.34/hooks" });
  });
});
