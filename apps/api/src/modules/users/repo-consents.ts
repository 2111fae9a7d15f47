/** A shopper's WhatsApp consents: as they stand (on users), and each change kept (consent_events). */
import type { ConsentKind, ConsentSource } from "@shop/shared/messaging";
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { addresses } from "#api/db/schema/addresses";
import { users } from "#api/db/schema/users";
import { consentEvents } from "#api/db/schema/whatsapp";

export interface ConsentRow {
  phone: string | null;
  ordersAt: Date | null;
  ordersSource: ConsentSource | null;
  marketingAt: Date | null;
  marketingSource: ConsentSource | null;
}

const consentColumns = {
  phone: users.whatsappPhone,
  ordersAt: users.whatsappOrdersAt,
  ordersSource: users.whatsappOrdersSource,
  marketingAt: users.whatsappMarketingAt,
  marketingSource: users.whatsappMarketingSource,
};

/** The user's consents, their row locked until the caller's transaction ends. */
export async function lockConsents(db: Database, userId: string): Promise<ConsentRow | undefined> {
  const [row] = await db.select(consentColumns).from(users).where(eq(users.id, userId)).for("update");
  return row;
}

export async function findConsents(db: Database, userId: string): Promise<ConsentRow | undefined> {
  const [row] = await db.select(consentColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** When each consent was last given or ended, and where, from the record of changes. */
export async function lastConsentChanges(
  db: Database,
  userId: string,
): Promise<Map<ConsentKind, { at: Date; source: ConsentSource }>> {
  const rows = await db
    .selectDistinctOn([consentEvents.kind], {
      kind: consentEvents.kind,
      at: consentEvents.createdAt,
      source: consentEvents.source,
    })
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(consentEvents.kind, desc(consentEvents.createdAt));
  return new Map(rows.map((row) => [row.kind, { at: row.at, source: row.source }]));
}

/** The phone number of the user's newest address, for a consent given on the account page without one. */
export async function newestAddressPhone(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phone: addresses.phoneNumber })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt))
    .limit(1);
  return row?.phone ?? null;
}

export interface ConsentChange {
  kind: ConsentKind;
  given: boolean;
}

/**
 * Writes consents as they now stand and keeps each change, in the caller's transaction: a consent
 * given takes the time and the source, one ended is cleared; the number is kept when given.
 */
export async function writeConsents(
  db: Database,
  userId: string,
  changes: readonly ConsentChange[],
  { source, phone, orderId }: { source: ConsentSource; phone: string | null; orderId: string | null },
): Promise<void> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (phone) values.whatsappPhone = phone;
  for (const change of changes) {
    const at = change.given ? sql`now()` : null;
    const from = change.given ? source : null;
    if (change.kind === "whatsappOrders")
      Object.assign(values, { whatsappOrdersAt: at, whatsappOrdersSource: from });
    else Object.assign(values, { whatsappMarketingAt: at, whatsappMarketingSource: from });
  }
  if (Object.keys(values).length > 0) await db.update(users).set(values).where(eq(users.id, userId));
  if (changes.length > 0)
    await db
      .insert(consentEvents)
      .values(
        changes.map((change) => ({ userId, kind: change.kind, given: change.given, source, phone, orderId })),
      );
}

/**
 * Ends every WhatsApp consent given for a number (a STOP sent from it), keeping each change; answers
 * the users it ended consents of.
 */
export async function endConsentsOfPhone(db: Database, phone: string): Promise<string[]> {
  const ended = await db
    .update(users)
    .set({
      whatsappOrdersAt: null,
      whatsappOrdersSource: null,
      whatsappMarketingAt: null,
      whatsappMarketingSource: null,
    })
    .where(
      sql`${users.whatsappPhone} = ${phone} and (${users.whatsappOrdersAt} is not null or ${users.whatsappMarketingAt} is not null)`,
    )
    .returning({ id: users.id, orders: users.whatsappOrdersAt, marketing: users.whatsappMarketingAt });
  if (ended.length === 0) return [];
  const ids = ended.map((row) => row.id);
  await db.insert(consentEvents).values(
    ids.flatMap((userId) => [
      { userId, kind: "whatsappOrders" as const, given: false, source: "whatsapp" as const, phone },
      { userId, kind: "whatsappMarketing" as const, given: false, source: "whatsapp" as const, phone },
    ]),
  );
  return ids;
}

/** Ends the marketing consent of the users of a number (Meta's 131050: they stopped it there). */
export async function endMarketingOfPhone(db: Database, phone: string): Promise<void> {
  const ended = await db
    .update(users)
    .set({ whatsappMarketingAt: null, whatsappMarketingSource: null })
    .where(sql`${users.whatsappPhone} = ${phone} and ${users.whatsappMarketingAt} is not null`)
    .returning({ id: users.id });
  if (ended.length > 0)
    await db.insert(consentEvents).values(
      ended.map(({ id }) => ({
        userId: id,
        kind: "whatsappMarketing" as const,
        given: false,
        source: "whatsapp" as const,
        phone,
      })),
    );
}
