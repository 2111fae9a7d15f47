/** The emails table: the outbox the sender drains, and the mailbox the dashboard reads. */
import type { EmailStatus } from "@shop/shared/constants";
import { and, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Email, emails, type NewEmail } from "#api/db/schema/emails";

export async function insertEmail(db: Database, values: NewEmail): Promise<Email> {
  const [row] = await db.insert(emails).values(values).returning();
  if (!row) throw new Error("email insert returned no row");
  return row;
}

/** Writes many messages in one statement (the hold-expiry sweep tells every shopper at once). */
export async function insertEmails(db: Database, values: readonly NewEmail[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(emails).values([...values]);
}

/**
 * Takes up to `limit` messages that are due and held by no live sender, and holds them for `leaseMs`.
 * Two senders never take the same row: the rows are locked while taken and skipped by the other
 * (FOR UPDATE SKIP LOCKED), and a taken row's lease keeps it out of later takes. The lease is set by
 * the database's clock, the one it is compared with, so instances whose clocks differ agree on it.
 */
export async function claimDueEmails(db: Database, limit: number, leaseMs: number): Promise<Email[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emails.id })
      .from(emails)
      .where(
        and(
          eq(emails.status, "queued"),
          lte(emails.nextAttemptAt, sql`now()`),
          or(sql`${emails.leaseUntil} is null`, lte(emails.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(emails.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emails)
      .set({
        leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
        attempts: sql`${emails.attempts} + 1`,
      })
      .where(
        inArray(
          emails.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markEmailSent(db: Database, id: string): Promise<void> {
  await db
    .update(emails)
    .set({ status: "sent", sentAt: sql`now()`, leaseUntil: null, lastError: null })
    .where(eq(emails.id, id));
}

/** After a failed attempt: try again at `nextAttemptAt`, or give up (failed) when it is null. */
export async function markEmailAttemptFailed(
  db: Database,
  id: string,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(emails)
    .set(
      nextAttemptAt
        ? { lastError: error, nextAttemptAt, leaseUntil: null }
        : { lastError: error, status: "failed", leaseUntil: null },
    )
    .where(eq(emails.id, id));
}

export interface EmailFilter {
  keyword?: string | undefined;
  status?: EmailStatus | undefined;
}

function whereOf({ keyword, status }: EmailFilter): SQL | undefined {
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    status ? eq(emails.status, status) : undefined,
    pattern ? or(ilike(emails.recipient, pattern), ilike(emails.subject, pattern)) : undefined,
  );
}

export async function listEmails(db: Database, filter: EmailFilter, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emails.id,
        kind: emails.kind,
        recipient: emails.recipient,
        subject: emails.subject,
        status: emails.status,
        attempts: emails.attempts,
        lastError: emails.lastError,
        sentAt: emails.sentAt,
        createdAt: emails.createdAt,
      })
      .from(emails)
      .where(where)
      .orderBy(desc(emails.createdAt), desc(emails.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(emails).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findEmail(db: Database, id: string): Promise<Email | undefined> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row;
}

/** A failed message queued again from now, its attempts counted afresh; undefined unless it had failed. */
export async function requeueFailedEmail(db: Database, id: string): Promise<Email | undefined> {
  const [row] = await db
    .update(emails)
    .set({ status: "queued", attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(and(eq(emails.id, id), eq(emails.status, "failed")))
    .returning();
  return row;
}

export async function countFailedEmails(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(emails).where(eq(emails.status, "failed"));
  return row?.total ?? 0;
}
