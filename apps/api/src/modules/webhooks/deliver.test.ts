/**
 * The webhook sender on a database of its own, with no shop server and so no other sender, against
 * an HTTP receiver on 127.0.0.1: signatures the Standard Webhooks reference implementation
 * (`standardwebhooks`) verifies, retries on the schedule and the endpoint disabled with the admins
 * told, two senders at once, a sender that died, hanging receivers, and where a delivery may go.
 */
import { WEBHOOK_RETRY_DELAYS_MS } from "@shop/shared/constants";
import { WebhookEvent } from "@shop/shared/schemas/webhook";
import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sealSecret } from "#api/core/sealed";
import type { DatabaseHandle } from "#api/db/client";
import { emails } from "#api/db/schema/emails";
import { users } from "#api/db/schema/users";
import { webhookDeliveries, webhookEndpoints } from "#api/db/schema/webhooks";
import type { MailContext } from "#api/modules/email/service";
import { createTestDatabase, type LoggedStatement, loggingDatabase } from "#test/db";
import { startWebhookReceiver, type WebhookReceiver } from "#test/webhook-receiver";
import { type DeliverOptions, drainWebhooks, WEBHOOK_LIMITS } from "./deliver";
import { guardedLookup, type Resolver, systemResolver } from "./destination";
import { claimDueDeliveries, endpointSecretBinding, insertEndpoint } from "./repo";
import { newSecret, sign } from "./signing";

const CONTEXT: MailContext = {
  shop: { address: "1 Test Street", email: "help@shop.example", phone: "+91 1" },
  origin: "https://shop.example",
  locale: "en-US",
};

let handle: DatabaseHandle;
let receiver: WebhookReceiver;
beforeAll(async () => {
  handle = await createTestDatabase();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(webhookEndpoints);
  await handle.db.delete(emails);
  await handle.db.delete(users);
  receiver.received.length = 0;
  receiver.answer(200);
});

const options = (more: Partial<DeliverOptions> = {}): DeliverOptions => ({
  allowPrivate: true,
  resolve: systemResolver,
  mail: async () => CONTEXT,
  ...more,
});

/** An endpoint, with its secret plain (its row keeps it sealed). */
async function endpoint(url = `${receiver.origin}/hook`) {
  const secret = newSecret();
  const row = await insertEndpoint(handle.db, { url, events: ["customer.created"], enabled: true, secret });
  expect(row.secret).not.toBe(secret);
  return { ...row, secret };
}

/** `count` shoppers registered in one statement: each one's row raises customer.created (migration 0030). */
async function register(count: number, prefix = "shopper") {
  await handle.db.execute(sql`
    insert into users (id, first_name, last_name, email, password_hash, role)
    select substr(md5(e), 1, 24), 'Priya', 'Sharma', e, 'x', 'customer'
    from generate_series(1, ${count}) as g, lateral (select ${prefix} || '-' || g || '@example.com' as e) as x`);
}

const deliveries = () => handle.db.select().from(webhookDeliveries);
const rowOf = async (id: string) =>
  (await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

describe("signing", () => {
  it("signs as the reference implementation does, and makes secrets it takes", () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const at = new Date(1_767_225_600_000);
    const body = '{"type":"customer.created"}';
    expect(sign(secret, "msg_1", at.getTime() / 1000, body)).toBe(
      new Webhook(secret).sign("msg_1", at, body),
    );
  });
});

describe("the webhook sender", () => {
  it("sends each delivery once, signed as the Standard Webhooks reference verifies it, the body its schema says", async () => {
    const { secret } = await endpoint();
    await register(1);
    const [queued] = await deliveries();
    expect(await drainWebhooks(handle.db, options())).toEqual({ succeeded: 1, failed: 0, disabled: 0 });
    const [request] = receiver.received;
    if (!request || !queued) throw new Error("nothing delivered");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.signed["webhook-id"]).toBe(queued.id);
    const verified = new Webhook(secret).verify(request.body, request.signed);
    const event = WebhookEvent.parse(verified);
    // Nothing beyond the schema (parsing drops unknown keys).
    expect(event).toEqual(JSON.parse(request.body));
    expect(event).toMatchObject({
      type: "customer.created",
      data: { customer: { email: "shopper-1@example.com", firstName: "Priya", lastName: "Sharma" } },
    });
    expect(() => new Webhook(newSecret()).verify(request.body, request.signed)).toThrow();
    expect(await rowOf(queued.id)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      lastError: null,
      leaseUntil: null,
    });
    expect(await drainWebhooks(handle.db, options())).toEqual({ succeeded: 0, failed: 0, disabled: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it("signs with the previous secret too while it overlaps the new one", async () => {
    const { id, secret: old } = await endpoint();
    const fresh = newSecret();
    await handle.db.execute(sql`update webhook_endpoints set previous_secret = secret,
      previous_secret_until = now() + interval '1 day', secret = ${sealSecret(fresh, endpointSecretBinding(id))} where id = ${id}`);
    await register(1);
    await drainWebhooks(handle.db, options());
    const [request] = receiver.received;
    if (!request) throw new Error("nothing delivered");
    expect(request.signed["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [fresh, old])
      expect(new Webhook(secret).verify(request.body, request.signed)).toBeTruthy();
  });

  it("retries on the schedule for about 24 hours, then fails it, disables the endpoint and emails the active admins", async () => {
    const { id: endpointId, url } = await endpoint();
    await handle.db.insert(users).values([
      { firstName: "Asha", lastName: "A", email: "admin-1@example.com", passwordHash: "x", role: "admin" },
      { firstName: "Ravi", lastName: "B", email: "admin-2@example.com", passwordHash: "x", role: "admin" },
      {
        firstName: "Gone",
        lastName: "C",
        email: "admin-3@example.com",
        passwordHash: "x",
        role: "admin",
        status: false,
      },
      { firstName: "Mina", lastName: "D", email: "manager@example.com", passwordHash: "x", role: "manager" },
    ]);
    await register(1);
    receiver.answer(503);
    const [delivery] = await deliveries();
    if (!delivery) throw new Error("no delivery");
    const attempts = WEBHOOK_RETRY_DELAYS_MS.length + 1;
    const waits = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(waits / 3_600_000).toBeGreaterThan(23);
    expect(waits / 3_600_000).toBeLessThanOrEqual(24);
    for (let n = 1; n <= attempts; n += 1) {
      const before = Date.now();
      const result = await drainWebhooks(handle.db, options());
      const row = await rowOf(delivery.id);
      expect(row, `attempt ${n}`).toMatchObject({ attempts: n, responseStatus: 503, lastError: "HTTP 503" });
      if (n < attempts) {
        expect(result).toEqual({ succeeded: 0, failed: 1, disabled: 0 });
        expect(row?.status).toBe("pending");
        const wait = (row?.nextAttemptAt.getTime() ?? 0) - before;
        const expected = WEBHOOK_RETRY_DELAYS_MS[n - 1] ?? 0;
        expect(wait, `the wait after attempt ${n}`).toBeGreaterThan(expected - 5_000);
        expect(wait).toBeLessThan(expected + 5_000);
        // The wait passes.
        await handle.db.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` });
      } else {
        expect(result).toEqual({ succeeded: 0, failed: 1, disabled: 1 });
        expect(row?.status).toBe("failed");
      }
    }
    expect(receiver.received).toHaveLength(attempts);
    expect(new Set(receiver.received.map((r) => r.signed["webhook-id"]))).toEqual(new Set([delivery.id]));
    const [disabled] = await handle.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId));
    expect(disabled?.enabled).toBe(false);
    expect(disabled?.disabledAt).not.toBeNull();
    const told = await handle.db.select().from(emails);
    expect(told.map((email) => email.recipient).sort()).toEqual([
      "admin-1@example.com",
      "admin-2@example.com",
    ]);
    for (const email of told) {
      expect(email.kind).toBe("webhookDisabled");
      expect(email.parts?.lines.join(" ")).toContain(url);
      expect(email.parts?.lines.join(" ")).toContain("HTTP 503");
      expect(email.parts?.action?.url).toBe("https://shop.example/dashboard/webhooks");
    }
    // A disabled endpoint is sent nothing new.
    await register(1, "later");
    expect(await deliveries()).toHaveLength(1);
  });

  it("keeps an endpoint on when another delivery to it succeeded after the failing one was made", async () => {
    const { id: endpointId } = await endpoint();
    await register(2);
    const [first, second] = await handle.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);
    if (!first || !second) throw new Error("no deliveries");
    // The first is on its last attempt, made a day ago, and not due until the second went through.
    await handle.db
      .update(webhookDeliveries)
      .set({
        attempts: WEBHOOK_RETRY_DELAYS_MS.length,
        createdAt: sql`now() - interval '1 day'`,
        nextAttemptAt: sql`now() + interval '1 hour'`,
      })
      .where(eq(webhookDeliveries.id, first.id));
    expect(await drainWebhooks(handle.db, options())).toMatchObject({ succeeded: 1 });
    receiver.answer(500);
    await handle.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(webhookDeliveries.id, first.id));
    expect(await drainWebhooks(handle.db, options())).toEqual({ succeeded: 0, failed: 1, disabled: 0 });
    expect(await rowOf(first.id)).toMatchObject({ status: "failed" });
    const [kept] = await handle.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(kept).toMatchObject({ enabled: true, disabledAt: null });
    expect(await handle.db.select().from(emails)).toEqual([]);
  });

  it("never sends one delivery twice when two senders drain at once", async () => {
    await endpoint();
    await register(120);
    const [a, b] = await Promise.all([
      drainWebhooks(handle.db, options()),
      drainWebhooks(handle.db, options()),
    ]);
    const ids = receiver.received.map((request) => request.signed["webhook-id"]);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    expect(a.succeeded + b.succeeded).toBe(120);
    expect(a.succeeded, "both senders took a share").toBeGreaterThan(0);
    expect(b.succeeded, "both senders took a share").toBeGreaterThan(0);
    for (const row of await deliveries()) expect(row).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("sends again, with the same webhook-ids, a batch taken by a sender that died, once its lease ends", async () => {
    await endpoint();
    await register(3);
    const taken = await claimDueDeliveries(handle.db, WEBHOOK_LIMITS.batch, WEBHOOK_LIMITS.leaseMs);
    expect(taken).toHaveLength(3);
    expect(await drainWebhooks(handle.db, options())).toEqual({ succeeded: 0, failed: 0, disabled: 0 });
    await handle.db.update(webhookDeliveries).set({ leaseUntil: sql`now()` });
    expect(await drainWebhooks(handle.db, options())).toMatchObject({ succeeded: 3 });
    expect(receiver.received.map((r) => r.signed["webhook-id"]).sort()).toEqual(
      taken.map((d) => d.id).sort(),
    );
    for (const row of await deliveries()) expect(row).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("records each result before the next attempt starts, one at a time, so that a killed sender leaves one in doubt", async () => {
    await endpoint();
    await register(3);
    const { db, statements } = loggingDatabase(handle);
    const kindOf = (statement: LoggedStatement) =>
      /^\s*with due as/i.test(statement.sql)
        ? "take"
        : /^\s*with r\(id/i.test(statement.sql)
          ? "record"
          : "other";
    const timeline: string[] = [];
    receiver.answer(() => {
      timeline.push(statements.map(kindOf).join(","));
      return 200;
    });
    await drainWebhooks(db, options({ limits: { ...WEBHOOK_LIMITS, concurrency: 1 } }));
    expect(timeline).toEqual(["take", "take,record", "take,record,record"]);
    expect(statements.map(kindOf)).toEqual(["take", "record", "record", "record", "take"]);
  });

  it("cuts an attempt that gets no answer, and hands back what it could not start within the lease", async () => {
    await endpoint();
    await register(6);
    const held = receiver.hold();
    try {
      const limits = { batch: 6, leaseMs: 1_000, attemptMs: 200, recordMs: 200, concurrency: 2 };
      const result = await drainWebhooks(handle.db, options({ limits }));
      expect(result).toEqual({ succeeded: 0, failed: 6, disabled: 0 });
    } finally {
      held.release();
    }
    for (const row of await deliveries()) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null, responseStatus: null });
      expect(row.lastError).toBe("no answer within 0.2 s");
    }
  });

  it("follows no redirect: a 3xx is a failed attempt", async () => {
    await endpoint();
    await register(1);
    receiver.answer(302);
    expect(await drainWebhooks(handle.db, options())).toMatchObject({ failed: 1 });
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({
      status: "pending",
      responseStatus: 302,
      lastError: "HTTP 302",
    });
  });
});

describe("where a delivery may go without WEBHOOKS_ALLOW_PRIVATE", () => {
  const port = () => new URL(receiver.origin).port;

  it("refuses to connect to a private address, whether the host name resolves to it at send time or the URL names it", async () => {
    // A name that resolved to a public address when it was saved now resolves to the loopback (DNS rebinding).
    const rebinding: Resolver = async (host) => (host === "rebind.example" ? ["127.0.0.1"] : []);
    for (const url of [
      `http://rebind.example:${port()}/hook`,
      `http://127.0.0.1:${port()}/hook`,
      `http://[::1]:${port()}/hook`,
      `http://[::ffff:127.0.0.1]:${port()}/hook`,
    ])
      await endpoint(url);
    await register(1);
    const result = await drainWebhooks(handle.db, options({ allowPrivate: false, resolve: rebinding }));
    expect(result).toEqual({ succeeded: 0, failed: 4, disabled: 0 });
    expect(receiver.received).toEqual([]);
    for (const row of await deliveries())
      expect(row.lastError).toMatch(/^refused: .* is a private, loopback or link-local address$/);
  });

  it("connects to the public addresses a host name resolves to, and to none when one of them is private", async () => {
    const lookup = (resolve: Resolver, all: boolean) =>
      new Promise<unknown>((done, fail) =>
        guardedLookup(resolve)("shop.example", { all }, (error, address) =>
          error ? fail(error) : done(address),
        ),
      );
    const publicOnly: Resolver = async () => ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"];
    expect(await lookup(publicOnly, false)).toBe("93.184.216.34");
    expect(await lookup(publicOnly, true)).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ]);
    const mixed: Resolver = async () => ["93.184.216.34", "10.0.0.7"];
    await expect(lookup(mixed, false)).rejects.toThrow(/refused: shop\.example/);
  });
});
