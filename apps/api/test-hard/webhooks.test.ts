/**
 * Two shop servers send one webhook outbox on one PostgreSQL database to one receiver started by the
 * test (node:http on 127.0.0.1), and one of them is killed (SIGKILL) in the middle of a batch.
 *
 * What docs/decisions/024-webhooks.md promises, checked by the webhook-id (the delivery's row id):
 * each event is delivered once across the two instances, and none is lost; the only ones delivered
 * twice are those the killed server had sent and not yet recorded, sent again with the same
 * webhook-id by the other once their lease ends. The receiver answers the first deliveries at once,
 * then holds every answer: each server's workers are then all waiting on it, and the test kills one.
 *
 * NOTE: the servers run outside production (NODE_ENV=development) with WEBHOOKS_ALLOW_PRIVATE=1, so
 * that an endpoint may be on the loopback; without it they refuse it (webhooks/webhooks.test.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { webhookDeliveries } from "#api/db/schema/webhooks";
import { insertEndpoint } from "#api/modules/webhooks/repo";
import { newSecret } from "#api/modules/webhooks/signing";
import { createDatabase, type TestDatabase } from "./postgres";
import { startServer, stopAllServers } from "./server-process";

const EVENTS = 200;
/** Deliveries answered at once; every later one waits until the test lets it go. */
const ANSWERED_FIRST = 40;
/** The sender's idle poll (modules/webhooks/sender.ts). */
const POLL_MS = 5_000;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;

interface Receiver {
  url: string;
  /** The webhook-id of each request, in the order they came, and whether its signature verified. */
  received: { id: string; verified: boolean }[];
  held: number;
  release(): void;
  close(): Promise<void>;
}

async function startReceiver(secret: string): Promise<Receiver> {
  const waiting: (() => void)[] = [];
  let holding = true;
  const state: Receiver = {
    url: "",
    received: [],
    held: 0,
    release: () => {
      holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
    close: async () => undefined,
  };
  const verifier = new Webhook(secret);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      };
      let verified = true;
      try {
        verifier.verify(Buffer.concat(chunks).toString("utf8"), headers);
      } catch {
        verified = false;
      }
      state.received.push({ id: headers["webhook-id"], verified });
      // A killed sender's socket is gone: its answer goes nowhere.
      response.on("error", () => undefined);
      const answer = () => response.writeHead(200).end("ok");
      if (holding && state.received.length > ANSWERED_FIRST) {
        state.held += 1;
        waiting.push(answer);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

let receiver: Receiver | undefined;

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-webhooks-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  await migrate(handle);
});

afterAll(async () => {
  await stopAllServers();
  await receiver?.close();
  await handle?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("two servers sending one webhook outbox, one killed mid-batch", () => {
  it("delivers each of 200 events once, but those in flight at the kill, which come again with their webhook-id", async () => {
    if (!handle || !database) throw new Error("no setup");
    const db = handle.db;
    const secret = newSecret();
    receiver = await startReceiver(secret);
    const hooks = receiver;
    await insertEndpoint(db, { url: hooks.url, events: ["customer.created"], enabled: true, secret });
    // 200 shoppers registered in one transaction: each raises customer.created (migration 0030).
    await db.execute(sql`
      insert into users (id, first_name, last_name, email, password_hash, role)
      select substr(md5(e), 1, 24), 'Priya', 'Sharma', e, 'x', 'customer'
      from generate_series(1, ${EVENTS}) as g, lateral (select 'hard-hook-' || g || '@example.com' as e) as x`);
    const ids = new Set(
      (await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).map((r) => r.id),
    );
    expect(ids.size).toBe(EVENTS);

    const env = {
      NODE_ENV: "development",
      PUBLIC_ORIGIN: "",
      PAYMENTS_TEST_GATEWAY: "",
      WEBHOOKS_ALLOW_PRIVATE: "1",
      // The endpoint above was sealed in this process, with the development key: so are the servers.
      SECRETS_KEY: "",
    };
    const [a, b] = await Promise.all([
      startServer({ databaseUrl: database.url, dataDir, env }),
      startServer({ databaseUrl: database.url, dataDir, env }),
    ]);
    if (!a || !b) throw new Error("servers did not start");

    // The first deliveries are answered; then each server's workers wait on the receiver.
    await waitFor(async () => (hooks.held >= 2 ? true : undefined), "deliveries held by the receiver");
    await sleep(500);
    const receivedBeforeKill = new Set(hooks.received.map((r) => r.id));
    await a.kill();
    hooks.release();

    // B records what it sent and sends the rest; A's batch stays leased to the dead server.
    await waitFor(
      async () => {
        const [row] = await db
          .execute<{ free: number }>(sql`
          select count(*)::int as free from webhook_deliveries
          where status = 'pending' and (lease_until is null or lease_until <= now())`)
          .then((r) => r.rows);
        return row?.free === 0 ? true : undefined;
      },
      "B has sent every delivery not held by A",
      60_000,
    );
    await sleep(1_000);
    // A's lease would end two minutes after it took its batch; the test makes it end now.
    const stranded = (
      await db.execute<{ id: string }>(sql`
        update webhook_deliveries set lease_until = now()
        where status = 'pending' and lease_until > now() returning id`)
    ).rows.map((row) => row.id);
    expect(stranded.length, "the killed server was in the middle of a batch").toBeGreaterThan(0);

    await waitFor(
      async () => {
        const [row] = await db
          .execute<{ left: number }>(sql`
          select count(*)::int as left from webhook_deliveries where status <> 'succeeded'`)
          .then((r) => r.rows);
        return row?.left === 0 ? true : undefined;
      },
      "every delivery succeeded",
      60_000,
    );
    await sleep(POLL_MS + 1_000);

    const counts = new Map<string, number>();
    for (const request of hooks.received) counts.set(request.id, (counts.get(request.id) ?? 0) + 1);
    expect(
      hooks.received.filter((request) => !request.verified),
      "unverified deliveries",
    ).toEqual([]);
    expect(
      [...ids].filter((id) => !counts.has(id)),
      "events never delivered",
    ).toEqual([]);
    expect(
      [...counts.keys()].filter((id) => !ids.has(id)),
      "deliveries of no outbox row",
    ).toEqual([]);
    const twice = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    // Only what A had sent and not recorded when it died, each once more.
    for (const id of twice) {
      expect(counts.get(id), id).toBe(2);
      expect(stranded, `${id} was sent twice though A did not hold it`).toContain(id);
      expect(
        receivedBeforeKill.has(id),
        `${id} was sent twice though it had not arrived before the kill`,
      ).toBe(true);
    }
    // A's workers: at most 8 of its attempts were under way at once.
    expect(twice.length).toBeLessThanOrEqual(8);
    await b.stop();
    console.info(
      `[hard] two webhook senders, one killed: ${EVENTS} events, ${receivedBeforeKill.size} received before the kill, ` +
        `${stranded.length} left leased by the killed server and sent after its lease, ${twice.length} of them twice ` +
        `(in flight at the kill), none lost`,
    );
  });
});

/** Polls until `probe` returns a value (every 50 ms, for at most `timeoutMs`). */
async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}
