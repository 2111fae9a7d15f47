/**
 * The webhook endpoints through the API (admin): registered with a secret shown once, edited,
 * rotated, deleted; each event reaching a receiver on 127.0.0.1 signed as the Standard Webhooks
 * reference implementation verifies it; a delivery sent again with its webhook-id; each of these
 * writes in the activity log, without the secret; and, unless WEBHOOKS_ALLOW_PRIVATE=1 (which the
 * test app sets), no endpoint on a loopback, private or link-local address (server-side request
 * forgery), whatever NODE_ENV says.
 */
import { validation, webhookWords } from "@shop/shared/messages";
import type { ActivityEntryDto, ActivityKind } from "@shop/shared/schemas/activity";
import { WebhookEvent } from "@shop/shared/schemas/webhook";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { list } from "#api/http/envelope";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "#test/webhook-receiver";
import { insertEndpoint } from "./repo";
import { listDeliveryPage } from "./service";
import { newSecret } from "./signing";

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
async function newProduct(app: TestApp = t) {
  const category = await makeCategory(app.database);
  const media = await makeMedia(app.database);
  return makeProduct(app.database, { category: category.id, thumbnail: media.id });
}

/** The activity log's newest entry of a kind about an endpoint. */
async function entryOf(kind: ActivityKind, endpointId: string): Promise<ActivityEntryDto | undefined> {
  const response = await call("GET", `/api/activity?kind=${kind}&size=100`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as ActivityEntryDto[]).find((entry) => entry.subject.id === endpointId);
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

  it("writes each change, rotation and redelivery in the activity log, never a secret", async () => {
    const url = `${receiver.origin}/logged`;
    const created = await call("POST", "/api/webhooks", {
      url: `http://hook:pa55word@127.0.0.1:${new URL(receiver.origin).port}/logged`,
      events: ["product.created"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json().data;
    const secrets = [endpoint.secret];
    const subject = { type: "webhook", id: endpoint._id, label: url };
    const by = { _id: admin.user.id, name: "Test admin", email: admin.user.email };
    expect(await entryOf("webhook.created", endpoint._id)).toMatchObject({
      actor: by,
      subject,
      before: {},
      after: { url, events: ["product.created"], enabled: true },
    });

    const edited = await call("PUT", `/api/webhooks/${endpoint._id}`, {
      url,
      events: ["product.created", "product.updated"],
      enabled: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The user name and password were never kept in the log, so only the events changed in it.
    expect(await entryOf("webhook.updated", endpoint._id)).toMatchObject({
      subject,
      before: { events: ["product.created"] },
      after: { events: ["product.created", "product.updated"] },
    });

    const rotated = await call("POST", `/api/webhooks/${endpoint._id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    secrets.push(rotated.json().data.secret);
    const rotation = await entryOf("webhook.secret_rotated", endpoint._id);
    expect(rotation).toMatchObject({
      subject,
      before: {},
      after: { previousSecretUntil: expect.any(String) },
    });
    const until = Date.parse(String(rotation?.after.previousSecretUntil));
    expect(until - Date.now()).toBeGreaterThan(23 * 60 * 60_000);

    await newProduct();
    await receiver.waitFor(1, { path: "/logged" });
    const deliveries = async () =>
      (await call("GET", `/api/webhooks/${endpoint._id}/deliveries`)).json().data;
    await expect.poll(async () => (await deliveries())[0]?.status).toBe("succeeded");
    const [delivery] = await deliveries();
    const again = await call("POST", `/api/webhooks/${endpoint._id}/deliveries/${delivery._id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(await entryOf("webhook.redelivered", endpoint._id)).toMatchObject({
      subject,
      before: { status: "succeeded", attempts: 1 },
      after: { delivery: delivery._id, event: "product.created", status: "pending", attempts: 0 },
    });
    await receiver.waitFor(2, { path: "/logged" });

    const removed = await call("DELETE", `/api/webhooks/${endpoint._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await entryOf("webhook.deleted", endpoint._id)).toMatchObject({
      subject,
      before: { url, events: ["product.created", "product.updated"], enabled: true },
      after: {},
    });

    const log = await call("GET", `/api/activity?keyword=${encodeURIComponent("/logged")}&size=100`);
    expect(log.json().data).toHaveLength(5);
    for (const secret of [...secrets, "pa55word"]) expect(log.body).not.toContain(secret);
    expect(log.body).not.toContain("whsec_");
  });

  it("writes no entry for a refused change", async () => {
    const count = async () => (await call("GET", "/api/activity?size=1")).json().meta.total as number;
    const before = await count();
    const missing = "0123456789abcdef01234567";
    for (const [method, url, payload, status] of [
      ["POST", "/api/webhooks", { url: "ftp://files.example/hook", events: ["order.paid"] }, 400],
      ["PUT", `/api/webhooks/${missing}`, { url: `${receiver.origin}/x`, events: ["order.paid"] }, 404],
      ["DELETE", `/api/webhooks/${missing}`, undefined, 404],
      ["POST", `/api/webhooks/${missing}/rotate-secret`, undefined, 404],
      ["POST", `/api/webhooks/${missing}/deliveries/${missing}/redeliver`, undefined, 404],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json().success, `${method} ${url}`).toBe(false);
    }
    expect(await count()).toBe(before);
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

describe.each([
  ["under NODE_ENV=test", { NODE_ENV: "test", WEBHOOKS_ALLOW_PRIVATE: "" }],
  ["in production", { NODE_ENV: "production" }],
])("webhook endpoints without WEBHOOKS_ALLOW_PRIVATE, %s", (_name, env) => {
  let guarded: TestApp;
  let owner: Caller;
  beforeAll(async () => {
    guarded = await createTestApp(env);
    owner = await quickUser(guarded, "admin");
  });
  afterAll(async () => guarded?.close());

  it("refuses an endpoint on a loopback, private or link-local address, written or resolved, at creation and at editing", async () => {
    expect(guarded.config.webhooksAllowPrivate).toBe(false);
    const save = (method: "POST" | "PUT", url: string, id = "") =>
      inject(guarded.app, {
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
      await inject(guarded.app, { method: "GET", url: "/api/webhooks", cookie: owner.cookie })
    ).json().data;
    expect(endpoint).toMatchObject({ _id: id, url: "http://93.184.216.34/hooks" });
  });

  it("does not send to a loopback address an endpoint came to lead to after it was saved", async () => {
    // Written past the API, as a name whose DNS answer changed would be.
    const endpoint = await insertEndpoint(guarded.database.db, {
      url: `${receiver.origin}/after-saving`,
      events: ["product.created"],
      enabled: true,
      secret: newSecret(),
    });
    await newProduct(guarded);
    guarded.app.webhookSender.wake();
    const deliveries = async () =>
      (await listDeliveryPage(guarded.database.db, endpoint.id, { page: 1, size: 10 })).rows;
    await expect
      .poll(async () => (await deliveries())[0]?.lastError)
      .toMatch(/^refused: 127\.0\.0\.1 is a private, loopback or link-local address$/);
    expect(receiver.received.filter((request) => request.path === "/after-saving")).toEqual([]);
  });
});

describe("webhook endpoints with WEBHOOKS_ALLOW_PRIVATE=1", () => {
  // Production refuses the variable at start: config.test.ts.
  it("takes an endpoint on 127.0.0.1 under NODE_ENV=test (the suite's app sets it)", async () => {
    expect(t.config.webhooksAllowPrivate).toBe(true);
    const created = await call("POST", "/api/webhooks", {
      url: `${receiver.origin}/allowed`,
      events: ["order.paid"],
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});
