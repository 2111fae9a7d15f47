/**
 * The outbox sender on a database of its own, with no shop server and so no other sender: a batch
 * taken with one statement and recorded with one, two senders at once, a failure inside a batch, a
 * sender that died, sends that hang, and the rendering done when a message is sent.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { EMAIL_RETRY_DELAYS_MS } from "@shop/shared/constants";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#api/db/client";
import { emails } from "#api/db/schema/emails";
import { createTestDatabase, type LoggedStatement, loggingDatabase } from "#test/db";
import { composeMessage } from "./compose";
import { claimDueEmails, deliverDueToMailbox } from "./repo";
import {
  drainOutbox,
  LEASE_MS,
  OUTBOX_LIMITS,
  type Outgoing,
  outboxRows,
  queueEmails,
  renderEmail,
} from "./service";
import type { MailTransport, OutgoingMessage } from "./transport";

const SHOP = { address: "1 Test Street", email: "help@shop.example", phone: "+91 1" };
const DOMAIN = "example.com";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.db.delete(emails);
});

/** `count` messages, "Message 0" to "Message <count - 1>", each with a line and a link. */
function messages(count: number, prefix = "outbox"): Outgoing[] {
  return Array.from({ length: count }, (_, n) => ({
    kind: "orderPlaced" as const,
    to: `${prefix}-${n}@example.com`,
    subject: `Message ${n}`,
    parts: {
      firstName: "Priya",
      lines: [`Line of message ${n}`, "Total: $10.00 <b>&</b>"],
      action: { label: "View your order", url: `https://shop.example/orders/${n}` },
    },
  }));
}

/** Queues messages in one transaction, due in the order given (Message 0 first). */
async function queue(list: readonly Outgoing[]): Promise<void> {
  await handle.db.transaction((tx) => queueEmails(tx, SHOP, list));
  await handle.db.execute(sql`
    update emails set next_attempt_at = now() - interval '1 hour'
      + substring(subject from '[0-9]+$')::integer * interval '1 millisecond'`);
}

/** A transport that keeps what it sent, refusing a message when `refuse` gives a reason. */
function keeping(refuse: (message: OutgoingMessage) => string | undefined = () => undefined) {
  const sent: OutgoingMessage[] = [];
  const transport: MailTransport = {
    kind: "smtp",
    async send(message) {
      await sleep(1);
      const reason = refuse(message);
      if (reason) throw new Error(reason);
      sent.push(message);
    },
    close: () => undefined,
  };
  return { sent, transport };
}

/** What a logged statement of the sender is. */
function kindOf(statement: LoggedStatement): string {
  if (/^\s*with "due" as \(.*\) update "emails" set "status"/is.test(statement.sql)) return "deliver";
  if (/^\s*with "due" as \(select/i.test(statement.sql)) return "take";
  if (/^\s*update "emails" as e set/i.test(statement.sql)) return "record";
  return statement.sql;
}

const rowsById = async () => new Map((await handle.db.select().from(emails)).map((row) => [row.id, row]));

describe("the outbox sender", () => {
  it("delivers 60 due messages to the built-in mailbox, the oldest 50 with one statement, the rest with another", async () => {
    const queued = messages(60);
    await queue(queued);
    const { db, statements } = loggingDatabase(handle);
    const transport: MailTransport = {
      kind: "mailbox",
      async send() {
        throw new Error("the mailbox's messages are not sent one by one");
      },
      close: () => undefined,
    };
    // The first statement alone: the 50 oldest.
    expect(await deliverDueToMailbox(db, OUTBOX_LIMITS.batch)).toBe(50);
    const first = [...(await rowsById()).values()].filter((row) => row.status === "sent");
    expect(new Set(first.map((row) => row.subject))).toEqual(
      new Set(Array.from({ length: 50 }, (_, n) => `Message ${n}`)),
    );
    await handle.db.update(emails).set({ status: "queued", attempts: 0, sentAt: null });
    statements.length = 0;

    expect(await drainOutbox(db, transport, DOMAIN)).toEqual({ sent: 60, failed: 0 });
    // One statement a batch, its whole transaction; the second batch, short, ends the pass.
    expect(statements.map(kindOf)).toEqual(["deliver", "deliver"]);
    for (const row of (await rowsById()).values()) {
      expect(row).toMatchObject({
        status: "sent",
        attempts: 1,
        leaseUntil: null,
        lastError: null,
        text: null,
      });
      expect(row.sentAt).not.toBeNull();
      // The mailbox shows it as composeMessage makes it of its words.
      const parts = queued.find((message) => message.subject === row.subject)?.parts;
      if (!parts) throw new Error(`no message ${row.subject}`);
      expect(renderEmail(row)).toMatchObject(composeMessage(parts, SHOP));
    }
  });

  it("records each message sent by SMTP before it sends the next, so that a killed sender leaves one in doubt", async () => {
    await queue(messages(3));
    const { db, statements } = loggingDatabase(handle);
    const timeline: string[] = [];
    const transport: MailTransport = {
      kind: "smtp",
      async send(message) {
        timeline.push(`${statements.map(kindOf).join(",")} | ${message.subject}`);
      },
      close: () => undefined,
    };
    expect(await drainOutbox(db, transport, DOMAIN)).toEqual({ sent: 3, failed: 0 });
    expect(timeline).toEqual([
      "take | Message 0",
      "take,record | Message 1",
      "take,record,record | Message 2",
    ]);
    expect(statements.map(kindOf)).toEqual(["take", "record", "record", "record", "take"]);
    for (const row of (await rowsById()).values()) expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("never sends one message twice when two senders drain at once", async () => {
    await queue(messages(150));
    const a = keeping();
    const b = keeping();
    const [byA, byB] = await Promise.all([
      drainOutbox(handle.db, a.transport, DOMAIN),
      drainOutbox(handle.db, b.transport, DOMAIN),
    ]);
    const ids = [...a.sent, ...b.sent].map((message) => message.messageId);
    expect(ids).toHaveLength(150);
    expect(new Set(ids).size).toBe(150);
    expect(byA.sent + byB.sent).toBe(150);
    expect(byA.sent, "both senders took a share").toBeGreaterThan(0);
    expect(byB.sent, "both senders took a share").toBeGreaterThan(0);
    for (const row of (await rowsById()).values()) expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("records a failed send in the middle of a batch for that message only", async () => {
    await queue(messages(7));
    const { db, statements } = loggingDatabase(handle);
    const { sent, transport } = keeping((message) =>
      message.subject === "Message 3" ? "451 mailbox busy, try later" : undefined,
    );
    const before = Date.now();
    expect(await drainOutbox(db, transport, DOMAIN)).toEqual({ sent: 6, failed: 1 });
    // By SMTP, each result is recorded before the next message goes.
    expect(statements.map(kindOf)).toEqual(["take", ...Array.from({ length: 7 }, () => "record"), "take"]);
    expect(sent.map((message) => message.subject).sort()).toEqual(
      ["Message 0", "Message 1", "Message 2", "Message 4", "Message 5", "Message 6"].sort(),
    );
    for (const row of (await rowsById()).values()) {
      if (row.subject !== "Message 3") {
        expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, leaseUntil: null });
        continue;
      }
      expect(row).toMatchObject({
        status: "queued",
        attempts: 1,
        lastError: "451 mailbox busy, try later",
        leaseUntil: null,
        sentAt: null,
      });
      const wait = row.nextAttemptAt.getTime() - before;
      expect(wait).toBeGreaterThan(EMAIL_RETRY_DELAYS_MS[0] - 5_000);
      expect(wait).toBeLessThanOrEqual(EMAIL_RETRY_DELAYS_MS[0] + 5_000);
      // Rendered once for its first attempt, and kept for the next.
      expect(row.text).toBe(composeMessage(messages(7)[3]?.parts ?? { firstName: "", lines: [] }, SHOP).text);
    }
  });

  it("never sends a message queued in a transaction that rolled back", async () => {
    const [rolledBack, committed] = messages(2, "rollback");
    if (!rolledBack || !committed) throw new Error("no messages");
    await expect(
      handle.db.transaction(async (tx) => {
        await queueEmails(tx, SHOP, [rolledBack]);
        throw new Error("the change it tells of failed");
      }),
    ).rejects.toThrow("the change it tells of failed");
    await queueEmails(handle.db, SHOP, [committed]);
    const { sent, transport } = keeping();
    await drainOutbox(handle.db, transport, DOMAIN);
    await drainOutbox(handle.db, transport, DOMAIN);
    expect(sent.map((message) => message.to)).toEqual([committed.to]);
    expect(await handle.db.select().from(emails).where(eq(emails.recipient, rolledBack.to))).toEqual([]);
  });

  it("sends again, with the same Message-ID, a batch taken by a sender that died, once its lease ends", async () => {
    await queue(messages(3));
    // A sender takes the batch and dies before it records anything.
    const taken = await claimDueEmails(handle.db, OUTBOX_LIMITS.batch, LEASE_MS);
    expect(taken).toHaveLength(3);
    const { sent, transport } = keeping();
    expect(await drainOutbox(handle.db, transport, DOMAIN)).toEqual({ sent: 0, failed: 0 });

    await handle.db.update(emails).set({ leaseUntil: sql`now()` });
    expect(await drainOutbox(handle.db, transport, DOMAIN)).toEqual({ sent: 3, failed: 0 });
    expect(sent.map((message) => message.messageId).sort()).toEqual(
      taken.map((row) => `<${row.id}@${DOMAIN}>`).sort(),
    );
    for (const row of (await rowsById()).values()) expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("records a batch within its lease when every send hangs, and hands back what it could not start", async () => {
    await queue(messages(20));
    const limits = { batch: 20, leaseMs: 1_000, sendDeadlineMs: 200, recordMs: 200 };
    const { db, statements } = loggingDatabase(handle);
    const started: string[] = [];
    const hanging: MailTransport = {
      kind: "smtp",
      send: (message) => {
        started.push(message.subject);
        return new Promise<void>(() => undefined);
      },
      close: () => undefined,
    };
    const result = await drainOutbox(db, hanging, DOMAIN, limits);
    expect(result).toEqual({ sent: 0, failed: 20 });
    // Each message was tried once: those not started in the first batch's time went back and were
    // taken again at once.
    expect([...started].sort()).toEqual(
      messages(20)
        .map((message) => message.subject)
        .sort(),
    );
    const passes = statements.map(kindOf);
    expect(passes.filter((kind) => kind === "take").length).toBeGreaterThan(2);
    // Every statement after a take is a record of that batch, made within its lease.
    let take: LoggedStatement | undefined;
    for (const statement of statements) {
      if (kindOf(statement) === "take") {
        take = statement;
        continue;
      }
      expect(kindOf(statement)).toBe("record");
      if (!take) throw new Error("a record before any take");
      expect(statement.at - take.at, "a batch is recorded within its lease").toBeLessThan(limits.leaseMs);
    }
    for (const row of (await rowsById()).values()) {
      expect(row).toMatchObject({ status: "queued", attempts: 1, leaseUntil: null });
      expect(row.lastError).toMatch(/no answer from the mail server within 0.2 s/);
    }
  });
});

describe("rendering outside the change's transaction", () => {
  it("writes a message's words, not its text, and leaves out addresses that take no mail", () => {
    const rows = outboxRows(SHOP, [
      ...messages(2, "rows"),
      {
        kind: "welcome",
        to: "deleted-1@deleted.invalid",
        subject: "Gone",
        parts: { firstName: "X", lines: [] },
      },
    ]);
    expect(rows.map((row) => row.recipient)).toEqual(["rows-0@example.com", "rows-1@example.com"]);
    for (const row of rows) {
      expect(row.text).toBeUndefined();
      expect(row.html).toBeUndefined();
      expect(row.shop).toEqual(SHOP);
    }
    expect(rows[0]?.parts).toEqual(messages(1, "rows")[0]?.parts);
  });

  it("sends, and keeps, exactly what composeMessage makes of the message's words", async () => {
    const list = messages(2, "render");
    await queue(list);
    for (const row of (await rowsById()).values()) {
      expect(row).toMatchObject({ text: null, html: null, shop: SHOP });
    }
    const { sent, transport } = keeping();
    await drainOutbox(handle.db, transport, DOMAIN);
    const rows = await rowsById();
    for (const message of list) {
      const expected = composeMessage(message.parts, SHOP);
      const delivered = sent.find((m) => m.to === message.to);
      expect(delivered).toMatchObject({ text: expected.text, html: expected.html });
      const row = [...rows.values()].find((r) => r.recipient === message.to);
      expect(row).toMatchObject({ status: "sent", text: expected.text, html: expected.html });
    }
  });

  it("sends a message written before 0018, with its text and no words, as it was written", async () => {
    const [row] = await handle.db
      .insert(emails)
      .values({
        kind: "welcome",
        recipient: "old@example.com",
        subject: "Old",
        text: "old text",
        html: "<p>old</p>",
      })
      .returning();
    const { sent, transport } = keeping();
    await drainOutbox(handle.db, transport, DOMAIN);
    expect(sent).toEqual([
      {
        messageId: `<${row?.id}@${DOMAIN}>`,
        to: "old@example.com",
        subject: "Old",
        text: "old text",
        html: "<p>old</p>",
      },
    ]);
    expect((await rowsById()).get(row?.id ?? "")).toMatchObject({
      status: "sent",
      text: "old text",
      parts: null,
    });
  });

  it("refuses a row with neither words nor text", async () => {
    await expect(
      handle.db.insert(emails).values({ kind: "welcome", recipient: "none@example.com", subject: "None" }),
    ).rejects.toThrow();
  });
});
