/**
 * The WhatsApp outbox's SQL (decision 056): who may be messaged, the messages written with the change
 * they tell of, and the sender's take and record, as repo.ts does for email.
 */
import { and, eq, getTableColumns, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { idValue } from "#api/db/schema/columns";
import { emails } from "#api/db/schema/emails";
import { users } from "#api/db/schema/users";
import { type WhatsAppContent, whatsappEarlyStatuses, whatsappMessages } from "#api/db/schema/whatsapp";

export type WhatsAppMessage = typeof whatsappMessages.$inferSelect;
export type NewWhatsAppMessage = typeof whatsappMessages.$inferInsert;

/** A shopper's WhatsApp number and consents as they stand. */
export interface WhatsAppReach {
  phone: string | null;
  orders: boolean;
  marketing: boolean;
}

/** The number and consents of each of these users, in one statement. */
export async function findWhatsAppReach(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, WhatsAppReach>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      phone: users.whatsappPhone,
      orders: sql<boolean>`${users.whatsappOrdersAt} is not null`,
      marketing: sql<boolean>`${users.whatsappMarketingAt} is not null`,
    })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map(({ id, ...reach }) => [id, reach]));
}

/**
 * Writes messages to the WhatsApp outbox in one statement; one whose key was written before (the
 * same event told again) is left out.
 */
export async function insertWhatsAppMessages(
  db: Database,
  rows: readonly NewWhatsAppMessage[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(whatsappMessages)
    .values([...rows])
    .onConflictDoNothing({ target: whatsappMessages.dedupeKey });
}

/**
 * Takes up to `limit` messages that are due and held by no live sender and holds them for
 * `leaseMs`, counting the attempt, in one statement (FOR UPDATE SKIP LOCKED, as claimDueEmails):
 * two senders never take the same message.
 */
export async function claimDueWhatsApp(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<WhatsAppMessage[]> {
  const due = db.$with("due").as(
    db
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.state, "queued"),
          lte(whatsappMessages.nextAttemptAt, sql`now()`),
          or(sql`${whatsappMessages.leaseUntil} is null`, lte(whatsappMessages.leaseUntil, sql`now()`)),
        ),
      )
      .orderBy(whatsappMessages.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true }),
  );
  return db
    .with(due)
    .update(whatsappMessages)
    .set({
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${whatsappMessages.attempts} + 1`,
    })
    .from(due)
    .where(eq(whatsappMessages.id, due.id))
    .returning(getTableColumns(whatsappMessages));
}

/** What became of one taken message. */
export type WhatsAppResult =
  | { id: string; outcome: "sent"; wamid: string }
  /** Put off (429, 5xx, a rate limit): tried again `retryMs` from now. */
  | { id: string; outcome: "retry"; code: number | null; error: string; retryMs: number }
  /** Refused for good: failed, and its email written instead when `fallBack`. */
  | { id: string; outcome: "failed"; code: number | null; error: string; fallBack: boolean }
  /** Never tried (the lease ran short): handed back, its attempt not counted. */
  | { id: string; outcome: "released" };

/**
 * Records one message's result, in one transaction: sent with its wamid (and any status Meta
 * reported for that wamid before, applied now), put off, or failed with its email written instead.
 * Only a message this sender still holds queued is changed: one a status or another sender moved
 * meanwhile is left as it is.
 */
export async function recordWhatsAppResult(db: Database, result: WhatsAppResult): Promise<void> {
  const id = idValue(result.id);
  switch (result.outcome) {
    case "sent":
      await db.transaction(async (tx) => {
        const [sent] = await tx
          .update(whatsappMessages)
          .set({
            state: "sent",
            wamid: result.wamid,
            sentAt: sql`now()`,
            leaseUntil: null,
            error: null,
            errorCode: null,
          })
          .where(and(sql`${whatsappMessages.id} = ${id}`, eq(whatsappMessages.state, "queued")))
          .returning({ id: whatsappMessages.id });
        if (!sent) return;
        const early = await tx
          .delete(whatsappEarlyStatuses)
          .where(eq(whatsappEarlyStatuses.wamid, result.wamid))
          .returning();
        for (const status of early) {
          if (status.status === "queued") continue;
          const applied = await applyStatus(tx, result.wamid, {
            status: status.status,
            at: status.at,
            code: status.errorCode,
            error: status.error,
          });
          if (applied?.failedNow) await fallBackToEmail(tx, applied.id);
        }
      });
      return;
    case "retry":
      await db
        .update(whatsappMessages)
        .set({
          leaseUntil: null,
          errorCode: result.code,
          error: result.error,
          nextAttemptAt: sql`now() + ${result.retryMs} * interval '1 millisecond'`,
        })
        .where(and(sql`${whatsappMessages.id} = ${id}`, eq(whatsappMessages.state, "queued")));
      return;
    case "failed":
      await db.transaction(async (tx) => {
        const [failed] = await tx
          .update(whatsappMessages)
          .set({
            state: "failed",
            failedAt: sql`now()`,
            leaseUntil: null,
            errorCode: result.code,
            error: result.error,
          })
          .where(and(sql`${whatsappMessages.id} = ${id}`, eq(whatsappMessages.state, "queued")))
          .returning({ id: whatsappMessages.id });
        if (failed && result.fallBack) await fallBackToEmail(tx, result.id);
      });
      return;
    case "released":
      await db
        .update(whatsappMessages)
        .set({ leaseUntil: null, attempts: sql`${whatsappMessages.attempts} - 1` })
        .where(and(sql`${whatsappMessages.id} = ${id}`, eq(whatsappMessages.state, "queued")));
      return;
  }
}

/**
 * The email a WhatsApp message stands for written to the outbox, once (`fell_back` marks it), in
 * the caller's transaction: the message could not go (refused, or failed after Meta accepted it).
 * Answers whether it was written now.
 */
export async function fallBackToEmail(db: Database, messageId: string): Promise<boolean> {
  const [message] = await db
    .update(whatsappMessages)
    .set({ fellBack: true })
    .where(
      and(
        sql`${whatsappMessages.id} = ${idValue(messageId)}`,
        eq(whatsappMessages.fellBack, false),
        sql`${whatsappMessages.fallback} is not null`,
      ),
    )
    .returning({ fallback: whatsappMessages.fallback });
  if (!message?.fallback) return false;
  await db.insert(emails).values(message.fallback);
  return true;
}

/** A status Meta reported, as the webhook read it. */
export interface ReportedStatus {
  status: "sent" | "delivered" | "read" | "failed";
  at: Date;
  code: number | null;
  error: string | null;
}

/**
 * Moves the message of a wamid by a status, never back (read after delivered after sent; failed
 * ends it unless it was delivered or read), each time kept once. Answers the message's id and
 * whether the status failed it now (its email then goes instead); undefined when no message has
 * that wamid yet.
 */
export async function applyStatus(
  db: Database,
  wamid: string,
  status: ReportedStatus,
): Promise<{ id: string; failedNow: boolean } | undefined> {
  const [row] = await db
    .select({ id: whatsappMessages.id, state: whatsappMessages.state })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.wamid, wamid))
    .for("update");
  if (!row) return undefined;
  const at = status.at;
  switch (status.status) {
    case "sent":
      await db
        .update(whatsappMessages)
        .set({ sentAt: sql`coalesce(${whatsappMessages.sentAt}, ${at})` })
        .where(eq(whatsappMessages.id, row.id));
      return { id: row.id, failedNow: false };
    case "delivered":
      await db
        .update(whatsappMessages)
        .set({
          deliveredAt: sql`coalesce(${whatsappMessages.deliveredAt}, ${at})`,
          state: sql`case when ${whatsappMessages.state} in ('queued', 'sent', 'failed') then 'delivered' else ${whatsappMessages.state} end`,
        })
        .where(eq(whatsappMessages.id, row.id));
      return { id: row.id, failedNow: false };
    case "read":
      await db
        .update(whatsappMessages)
        .set({ readAt: sql`coalesce(${whatsappMessages.readAt}, ${at})`, state: "read" })
        .where(eq(whatsappMessages.id, row.id));
      return { id: row.id, failedNow: false };
    case "failed": {
      if (row.state === "delivered" || row.state === "read" || row.state === "failed")
        return { id: row.id, failedNow: false };
      await db
        .update(whatsappMessages)
        .set({ state: "failed", failedAt: at, errorCode: status.code, error: status.error })
        .where(eq(whatsappMessages.id, row.id));
      return { id: row.id, failedNow: true };
    }
  }
}

export async function findWhatsAppMessages(db: Database, ids: readonly string[]): Promise<WhatsAppMessage[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(whatsappMessages)
    .where(inArray(whatsappMessages.id, [...ids]));
}

/** Keeps a status for a wamid no message has yet (once per wamid and status). */
export async function keepEarlyStatus(db: Database, wamid: string, status: ReportedStatus): Promise<void> {
  await db
    .insert(whatsappEarlyStatuses)
    .values({ wamid, status: status.status, at: status.at, errorCode: status.code, error: status.error })
    .onConflictDoNothing();
}

export type { WhatsAppContent };
