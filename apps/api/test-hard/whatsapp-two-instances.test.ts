/**
 * Two shop servers drain one WhatsApp outbox on one PostgreSQL database (decision 056). Each server
 * sends to its own door of a fake Graph API that answers slowly, so that both senders work at once
 * and every send is known to come from A or from B. Each message is sent once: the fakes together
 * receive every message exactly one time, and each row keeps the wamid of that one send.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrate, openDatabase } from "#api/db/client";
import { whatsappMessages } from "#api/db/schema/whatsapp";
import { type TemplateBody, WhatsAppFake } from "#test/whatsapp-fake";
import { createDatabase, type TestDatabase } from "./postgres";
import { startServer, stopAllServers } from "./server-process";

const MESSAGES = 120;
/** Each accepted send waits this long: a drain lasts seconds, so both servers share it. */
const ANSWER_MS = 50;
/** The senders' idle poll is 5 s; the drain of every message takes a few seconds more. */
const DEADLINE_MS = 60_000;

let database: TestDatabase | undefined;
let handle: DatabaseHandle | undefined;
let dataDir: string;
let doorA: WhatsAppFake | undefined;
let doorB: WhatsAppFake | undefined;

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "shop-hard-whatsapp-"));
  handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
  await migrate(handle);
  [doorA, doorB] = await Promise.all([WhatsAppFake.start(), WhatsAppFake.start()]);
  doorA.delayMs = ANSWER_MS;
  doorB.delayMs = ANSWER_MS;
}, 120_000);

afterAll(async () => {
  await stopAllServers();
  await handle?.close();
  await database?.drop();
  await doorA?.close();
  await doorB?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const envOf = (door: WhatsAppFake) => ({
  WHATSAPP_TOKEN: door.token,
  WHATSAPP_PHONE_NUMBER_ID: door.phoneNumberId,
  WHATSAPP_APP_SECRET: door.appSecret,
  WHATSAPP_VERIFY_TOKEN: "verify-me",
  WHATSAPP_API_BASE: door.url,
});

/** The message's own number among the 120, as its template's first variable carries it. */
function numberOf(body: unknown): string {
  const components = (body as TemplateBody).template?.components ?? [];
  return components.find((component) => component.type === "body")?.parameters?.[0]?.text ?? "";
}

describe("two servers draining one WhatsApp outbox", () => {
  it("sends each of 120 messages once, both servers sending", async () => {
    if (!handle || !database || !doorA || !doorB) throw new Error("no setup");
    const db = handle.db;
    const viaA = doorA;
    const viaB = doorB;
    // A burst of order events, written before either server is up.
    await db.insert(whatsappMessages).values(
      Array.from({ length: MESSAGES }, (_, n) => ({
        event: "orderConfirmed" as const,
        dedupeKey: `orderConfirmed:hard-${n}`,
        recipient: `9198765${String(n).padStart(5, "0")}`,
        content: {
          type: "template" as const,
          name: "order_confirmed",
          language: "en",
          body: [`message-${n}`, `#${1000 + n}`],
          buttons: [],
        },
      })),
    );
    await Promise.all([
      startServer({ databaseUrl: database.url, dataDir, env: envOf(viaA) }),
      startServer({ databaseUrl: database.url, dataDir, env: envOf(viaB) }),
    ]);
    const started = Date.now();
    for (;;) {
      const [left] = await db
        .select({ queued: sql<number>`count(*)::int` })
        .from(whatsappMessages)
        .where(eq(whatsappMessages.state, "queued"));
      if (left?.queued === 0) break;
      if (Date.now() - started > DEADLINE_MS) throw new Error(`${left?.queued} messages still queued`);
      await sleep(200);
    }
    const sent = [...viaA.sent, ...viaB.sent];
    const numbers = sent.map((message) => numberOf(message.body));
    expect(new Set(numbers).size).toBe(MESSAGES);
    expect(numbers).toHaveLength(MESSAGES);
    // Both servers took part: the test shows two senders sharing the outbox, not one doing it all.
    expect(viaA.sent.length).toBeGreaterThan(0);
    expect(viaB.sent.length).toBeGreaterThan(0);
    // Each row keeps the wamid of its one send.
    const rows = await db.select().from(whatsappMessages);
    const wamids = new Map(sent.map((message) => [numberOf(message.body), message.wamid]));
    for (const row of rows) {
      expect(row.state).toBe("sent");
      expect(row.attempts).toBe(1);
      const content = row.content;
      expect(content.type === "template" && row.wamid === wamids.get(content.body[0] ?? "")).toBe(true);
    }
  }, 120_000);
});
