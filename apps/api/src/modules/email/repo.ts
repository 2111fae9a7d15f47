/** The emails table: the outbox the sender drains, and the mailbox the dashboard reads. */
import type { EmailStatus } from "@shop/shared/constants";
import { and, count, desc, eq, getTableColumns, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { countUpTo } from "#api/db/paging";
import { idValue } from "#api/db/schema/columns";
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
 * Takes up to `limit` messages that are due and held by no live sender, and holds them for `leaseMs`,
 * in one statement (no transaction of its own). Two senders never take the same row: the rows are
 * locked while taken and skipped by the other (FOR UPDATE SKIP LOCKED), and a row taken by another
 * statement meanwhile is checked again once its lock is released, when its lease keeps it out. The
 * lease is set by the database's clock, the one it is compared with, so instances whose clocks
 * differ agree on it.
 */
export async function claimDueEmails(db: Database, limit: number, leaseMs: number): Promise<Email[]> {
  const due = dueEmails(db, limit);
  return db
    .with(due)
    .update(emails)
    .set({
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${emails.attempts} + 1`,
    })
    .from(due)
    .where(eq(emails.id, due.id))
    .returning(getTableColumns(emails));
}

/**
 * The built-in mailbox's delivery: up to `limit` messages that are due and held by no live sender
 * marked sent, the oldest first, in one statement (rows are chosen and locked as claimDueEmails
 * does). Nothing leaves the process, so nothing is rendered here: the mailbox renders a message from
 * its words when it is read (service.ts renderEmail). Answers how many were delivered.
 */
export async function deliverDueToMailbox(db: Database, limit: number): Promise<number> {
  const due = dueEmails(db, limit);
  const delivered = await db
    .with(due)
    .update(emails)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      attempts: sql`${emails.attempts} + 1`,
      leaseUntil: null,
      lastError: null,
    })
    .from(due)
    .where(eq(emails.id, due.id))
    .returning({ id: emails.id });
  return delivered.length;
}

/**
 * The `limit` oldest messages that are due and held by no live sender, locked (others' locked rows
 * skipped). NOTE: chosen in a CTE, which PostgreSQL runs once; `id in (subquery ... limit)` may be
 * planned as a join that runs the subquery again and takes more than `limit` rows.
 */
function dueEmails(db: Database, limit: number) {
  return db.$with("due").as(
    db
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
      .for("update", { skipLocked: true }),
  );
}

/** What became of one taken message; `text` and `html` are its rendering when the sender made it. */
export type EmailResult = { id: string; text: string | null; html: string | null } & (
  | { outcome: "sent" }
  /** Tried again `retryMs` from now, or marked failed when that is null. */
  | { outcome: "failed"; error: string; retryMs: number | null }
  /** Never tried (the lease had too little time left): handed back, its attempt not counted. */
  | { outcome: "released" }
);

/**
 * Records what became of taken messages, in one statement: a sent one is marked sent; a failed one
 * keeps its error and waits until its next attempt (by the database's clock, as the lease), or is
 * marked failed; a released one is due again at once. Each is let go (its lease cleared), and keeps
 * the text and HTML the sender rendered for it, so that the mailbox shows what went out.
 */
export async function recordEmailResults(db: Database, results: readonly EmailResult[]): Promise<void> {
  if (results.length === 0) return;
  const values = results.map(
    (r) =>
      sql`(${idValue(r.id)}, ${r.outcome}::text, ${r.outcome === "failed" ? r.error : null}::text, ${r.outcome === "failed" ? r.retryMs : null}::integer, ${r.text}::text, ${r.html}::text)`,
  );
  await db.execute(sql`
    update ${emails} as e set
      status = case
        when r.outcome = 'sent' then 'sent'
        when r.outcome = 'failed' and r.retry_ms is null then 'failed'
        else e.status end,
      sent_at = case when r.outcome = 'sent' then now() else e.sent_at end,
      last_error = case r.outcome when 'sent' then null when 'failed' then r.error else e.last_error end,
      next_attempt_at = case
        when r.outcome = 'failed' and r.retry_ms is not null then now() + r.retry_ms * interval '1 millisecond'
        else e.next_attempt_at end,
      attempts = case when r.outcome = 'released' then e.attempts - 1 else e.attempts end,
      lease_until = null,
      text = coalesce(e.text, r.text),
      html = coalesce(e.html, r.html)
    from (values ${sql.join(values, sql`, `)}) as r(id, outcome, error, retry_ms, text, html)
    where e.id = r.id`);
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

/** A page of messages, newest first, and how many match, counted up to `cap` (db/paging.ts). */
export async function listEmails(
  db: Database,
  filter: EmailFilter,
  page: { limit: number; offset: number },
  cap?: number,
) {
  const where = whereOf(filter);
  const [rows, counted] = await Promise.all([
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
    countUpTo(db, db.select({ one: sql`1` }).from(emails).where(where), cap),
  ]);
  return { rows, ...counted };
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

/**
 * The messages still to send and how long the oldest has waited, in seconds (0 when none), for
 * the metrics. One statement over the `(status, created_at)` index, read at scrape time.
 */
export async function outboxBacklog(db: Database): Promise<{ queued: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      queued: count(),
      oldestAgeSeconds: sql<string>`coalesce(extract(epoch from now() - min(${emails.createdAt})), 0)`,
    })
    .from(emails)
    .where(eq(emails.status, "queued"));
  return { queued: row?.queued ?? 0, oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}
