/** The webhook endpoints and their deliveries: the dashboard's reads and writes, and the sender's outbox. */
import type { WebhookEventType } from "@shop/shared/constants";
import { and, count, desc, eq, ilike, lte, or, sql } from "drizzle-orm";
import { newId } from "#api/core/ids";
import { openSecret, sealSecret } from "#api/core/sealed";
import type { Database } from "#api/db/client";
import { countUpTo, descNullsLast } from "#api/db/paging";
import { idValue } from "#api/db/schema/columns";
import { users } from "#api/db/schema/users";
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeliveries,
  webhookEndpoints,
} from "#api/db/schema/webhooks";

export type NewEndpoint = Pick<WebhookEndpoint, "url" | "events" | "enabled" | "secret">;

/**
 * What an endpoint's secrets (current and previous: a rotation moves one to the other as it is) are
 * sealed for (core/sealed.ts): their row, so that one copied to another endpoint does not open there.
 */
export function endpointSecretBinding(endpointId: string): string {
  return `webhook:${endpointId}`;
}

/**
 * NOTE: an endpoint's secrets are sealed in their columns (core/sealed.ts); the rows answered by the
 * reads keep them so, and only the outbox's claim below opens them, to sign.
 */
export async function insertEndpoint(db: Database, values: NewEndpoint): Promise<WebhookEndpoint> {
  // The id is chosen here, not by the column's default: the secret is sealed bound to it.
  const id = newId();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...values, id, secret: sealSecret(values.secret, endpointSecretBinding(id)) })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Endpoints, newest first; `keyword` on the URL. */
export async function listEndpoints(
  db: Database,
  keyword: string | undefined,
  page: { limit: number; offset: number },
) {
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = pattern ? ilike(webhookEndpoints.url, pattern) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(webhookEndpoints).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function findEndpoint(db: Database, id: string): Promise<WebhookEndpoint | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

/**
 * Replaces an endpoint's URL, events and switch. Turned on (again), it is no longer the one the
 * sender disabled, and starts afresh: a delivery failing for good disables it only after a day.
 */
export async function updateEndpoint(
  db: Database,
  id: string,
  values: Pick<WebhookEndpoint, "url" | "events" | "enabled">,
): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...values,
      disabledAt: values.enabled ? null : sql`${webhookEndpoints.disabledAt}`,
      healthyAt: values.enabled
        ? sql`case when ${webhookEndpoints.enabled} then ${webhookEndpoints.healthyAt} else now() end`
        : sql`${webhookEndpoints.healthyAt}`,
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Deletes an endpoint with its deliveries (the foreign key's cascade); false when there was none. */
export async function deleteEndpoint(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Gives an endpoint a new secret; the one it had keeps signing beside it for `overlapMs`. */
export async function rotateEndpointSecret(
  db: Database,
  id: string,
  secret: string,
  overlapMs: number,
): Promise<WebhookEndpoint | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretUntil: sql`now() + ${overlapMs} * interval '1 millisecond'`,
      secret: sealSecret(secret, endpointSecretBinding(id)),
      updatedAt: sql`now()`,
    })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** Every endpoint's secrets as stored (sealed), locked until the caller's transaction ends (secrets:reseal). */
export async function lockEndpointSecrets(db: Database) {
  return db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints)
    .for("update");
}

/** Stores an endpoint's secrets sealed anew (the same secrets), its dates unchanged. */
export async function storeEndpointSecrets(
  db: Database,
  id: string,
  secrets: { secret: string; previousSecret: string | null },
): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ ...secrets, updatedAt: sql`${webhookEndpoints.updatedAt}` })
    .where(eq(webhookEndpoints.id, id));
}

/** An endpoint's deliveries, newest first, and how many it has, counted up to `cap` (db/paging.ts). */
export async function listDeliveries(
  db: Database,
  endpointId: string,
  page: { limit: number; offset: number },
  cap?: number,
) {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(descNullsLast(webhookDeliveries.createdAt), descNullsLast(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(webhookDeliveries).where(where), cap),
  ]);
  return { rows, ...counted };
}

export async function findDelivery(
  db: Database,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/**
 * A delivery due again now, its attempts counted afresh (its id, the webhook-id, stays); undefined
 * when a sender holds it at this moment (or it is not this endpoint's).
 */
export async function requeueDelivery(
  db: Database,
  endpointId: string,
  id: string,
): Promise<WebhookDelivery | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, leaseUntil: null })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.endpointId, endpointId),
        or(sql`${webhookDeliveries.leaseUntil} is null`, lte(webhookDeliveries.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** A delivery taken by a sender, with where it goes and the secrets it is signed with. */
export interface TakenDelivery {
  id: string;
  endpointId: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempts: number;
  createdAt: Date;
  url: string;
  /** The endpoint's secret, then the previous one while it still signs. */
  secrets: string[];
}

interface TakenRow extends Record<string, unknown> {
  id: string;
  endpoint_id: string;
  payload: unknown;
  attempts: number;
  created_at: string | Date;
  url: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * Takes up to `limit` deliveries that are due, of enabled endpoints, and held by no live sender, and
 * holds them for `leaseMs`, in one statement (as the email outbox does, modules/email/repo.ts): rows
 * are chosen in a CTE and locked, others' locked rows skipped; the lease is the database's clock.
 * NOTE: a disabled endpoint's deliveries wait, untaken, until it is enabled again.
 */
export async function claimDueDeliveries(
  db: Database,
  limit: number,
  leaseMs: number,
): Promise<TakenDelivery[]> {
  const result = await db.execute<TakenRow>(sql`
    with due as (
      select d.id from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now()
        and (d.lease_until is null or d.lease_until <= now()) and e.enabled
      order by d.next_attempt_at
      limit ${limit}
      for update of d skip locked
    )
    update ${webhookDeliveries} d set
      lease_until = now() + ${leaseMs} * interval '1 millisecond',
      attempts = d.attempts + 1
    from due, ${webhookEndpoints} e
    where d.id = due.id and e.id = d.endpoint_id
    returning d.id, d.endpoint_id, d.payload, d.attempts, d.created_at, e.url, e.secret,
      case when e.previous_secret_until > now() then e.previous_secret end as previous_secret`);
  return result.rows.map((row) => ({
    id: row.id,
    endpointId: row.endpoint_id,
    payload: row.payload,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    url: row.url,
    secrets: (row.previous_secret ? [row.secret, row.previous_secret] : [row.secret]).map((secret) =>
      openSecret(secret, endpointSecretBinding(row.endpoint_id)),
    ),
  }));
}

/** What became of one taken delivery. */
export type DeliveryResult = { id: string } & (
  | { outcome: "succeeded"; status: number }
  /** Tried again `retryMs` from now, or failed for good when that is null. */
  | { outcome: "failed"; status: number | null; error: string; retryMs: number | null }
  /** Never tried (the lease had too little time left): handed back, its attempt not counted. */
  | { outcome: "released" }
);

/** An endpoint the sender disabled, with the error that failed it. */
export interface DisabledEndpoint {
  id: string;
  url: string;
  error: string;
}

interface DisabledRow extends Record<string, unknown> {
  id: string;
  url: string;
  error: string;
}

/**
 * Records what became of taken deliveries in one statement, and lets them go: a success is marked
 * and dates its endpoint's `healthy_at`; a failure keeps its status and error and waits for its next
 * attempt (by the database's clock), or is failed for good; a released one is due again at once.
 * An endpoint whose delivery failed for good with no success since that delivery was made is
 * disabled; those are answered, for the admins' email.
 */
export async function recordDeliveryResults(
  db: Database,
  results: readonly DeliveryResult[],
): Promise<DisabledEndpoint[]> {
  if (results.length === 0) return [];
  const values = results.map((r) => {
    const status = r.outcome === "released" ? null : r.status;
    const error = r.outcome === "failed" ? r.error : null;
    const retry = r.outcome === "failed" ? r.retryMs : null;
    return sql`(${idValue(r.id)}, ${r.outcome}::text, ${status}::integer, ${error}::text, ${retry}::integer)`;
  });
  const result = await db.execute<DisabledRow>(sql`
    with r(id, outcome, status, error, retry_ms) as (values ${sql.join(values, sql`, `)}),
    done as (
      update ${webhookDeliveries} d set
        status = case
          when r.outcome = 'succeeded' then 'succeeded'
          when r.outcome = 'failed' and r.retry_ms is null then 'failed'
          else d.status end,
        attempts = case when r.outcome = 'released' then d.attempts - 1 else d.attempts end,
        response_status = case when r.outcome = 'released' then d.response_status else r.status end,
        last_error = case r.outcome when 'succeeded' then null when 'failed' then r.error else d.last_error end,
        last_attempt_at = case when r.outcome = 'released' then d.last_attempt_at else now() end,
        delivered_at = case when r.outcome = 'succeeded' then now() else d.delivered_at end,
        next_attempt_at = case
          when r.outcome = 'failed' and r.retry_ms is not null then now() + r.retry_ms * interval '1 millisecond'
          else d.next_attempt_at end,
        lease_until = null
      from r where d.id = r.id
      returning d.endpoint_id, d.status, d.created_at, r.outcome, r.error
    ),
    succeeded as (
      update ${webhookEndpoints} e set healthy_at = now()
      where e.id in (select endpoint_id from done where outcome = 'succeeded')
      returning e.id
    ),
    exhausted as (
      select endpoint_id, min(created_at) as since, max(error) as error from done
      where outcome = 'failed' and status = 'failed' group by endpoint_id
    )
    update ${webhookEndpoints} e set enabled = false, disabled_at = now(), updated_at = now()
    from exhausted x
    where e.id = x.endpoint_id and e.enabled
      and (e.healthy_at is null or e.healthy_at < x.since)
      and e.id not in (select id from succeeded)
    returning e.id, e.url, x.error`);
  return result.rows.map((row) => ({ id: row.id, url: row.url, error: row.error }));
}

/** The active admins, who are told of an endpoint the sender disabled. */
export async function findActiveAdmins(db: Database) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, true)));
}

/**
 * The deliveries still to send to enabled endpoints and how long the oldest has waited, in seconds
 * (0 when none), for the metrics: one statement over the partial index of pending deliveries.
 */
export async function webhookBacklog(db: Database): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const [row] = await db
    .select({
      pending: count(),
      oldestAgeSeconds: sql<string>`coalesce(extract(epoch from now() - min(${webhookDeliveries.createdAt})), 0)`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, "pending"), eq(webhookEndpoints.enabled, true)));
  return { pending: row?.pending ?? 0, oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}

/** A product created or changed, as its event names it. */
export interface ProductEvent {
  type: Extract<WebhookEventType, "product.created" | "product.updated">;
  productId: string;
}

/**
 * The product events, in one statement however many: one delivery per endpoint that asked, each
 * carrying the product as it is now in `db` (the caller's transaction).
 */
export async function enqueueProductEvents(db: Database, events: readonly ProductEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.execute(sql`
    select webhook_enqueue(e.type, jsonb_build_object('product', webhook_product(e.id)))
    from unnest(${sql.param(events.map((event) => event.type))}::text[],
        ${sql.param(events.map((event) => event.productId))}::char(24)[])
      with ordinality as e(type, id, n)
    order by e.n`);
}

/** product.deleted, written before the product's row goes: its id and name. */
export async function enqueueProductDeleted(db: Database, productId: string): Promise<void> {
  await db.execute(sql`select webhook_enqueue('product.deleted',
    (select jsonb_build_object('product', jsonb_build_object('_id', p.id, 'name', p.name))
     from products p where p.id = ${idValue(productId)}))`);
}
