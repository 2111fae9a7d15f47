import {
  DISPUTE_PROVIDERS,
  DISPUTE_STATES,
  type DisputeProvider,
  type DisputeState,
} from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { orders, payments } from "./orders";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/**
 * A payment's dispute (chargeback) as its provider reports it by webhook (docs/decisions/045-disputes.md):
 * one row per provider dispute, written and moved by the webhooks, never by hand but for the evidence
 * staff mark sent. Once won, lost or closed it never changes again. A lost one is money gone: the
 * sales report counts its amount as a chargeback on the moment it was lost (`lost_at`).
 */
export const disputes = pgTable(
  "disputes",
  {
    id: primaryId(),
    provider: text().$type<DisputeProvider>().notNull(),
    // Razorpay's "disp_…", PayPal's "PP-D-…".
    providerDisputeId: text().notNull(),
    paymentId: idRef()
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    // What the buyer disputes, in the payment's currency (Razorpay's paise made a decimal exactly).
    amount: money().notNull(),
    currency: text().notNull(),
    reasonCode: text().notNull(),
    reasonText: text().notNull(),
    // The provider's phase word, lower-cased (inquiry, chargeback, pre_arbitration, arbitration, ...).
    phase: text().notNull(),
    state: text().$type<DisputeState>().notNull(),
    respondBy: timestamp({ withTimezone: true }),
    // Marked by staff once they answered in the provider's dashboard; who, as they were then.
    evidenceSentAt: timestamp({ withTimezone: true }),
    evidenceNote: text(),
    evidenceById: idRef().references(() => users.id, { onDelete: "set null" }),
    evidenceByName: text(),
    // When it was lost (the chargeback's moment in the report), and when it ended however it did.
    lostAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
    // When the provider opened it (its own created time, else when the shop first heard of it).
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("disputes_provider_check", sql`${t.provider} in (${sqlList(DISPUTE_PROVIDERS)})`),
    check("disputes_state_check", sql`${t.state} in (${sqlList(DISPUTE_STATES)})`),
    check("disputes_amount_check", sql`${t.amount} > 0`),
    // NOTE: a lost dispute always has its moment (the report counts it by it), and only a lost one.
    check("disputes_lost_check", sql`(${t.state} = 'lost') = (${t.lostAt} is not null)`),
    check(
      "disputes_resolved_check",
      sql`(${t.state} in ('won', 'lost', 'closed')) = (${t.resolvedAt} is not null)`,
    ),
    // A dispute reported twice (a webhook again, a later event of it) is one row.
    unique("disputes_provider_dispute_unique").on(t.provider, t.providerDisputeId),
    // The Disputes pages: by state, newest first.
    index("disputes_state_created_at_idx").on(t.state, t.createdAt.desc(), t.id.desc()),
    index("disputes_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
    index("disputes_payment_id_idx").on(t.paymentId),
    index("disputes_order_id_idx").on(t.orderId),
    // The sales report's chargebacks: the lost ones of a period, by the moment they were lost.
    index("disputes_lost_at_idx").on(t.lostAt).where(sql`${t.lostAt} is not null`),
  ],
);

export type Dispute = typeof disputes.$inferSelect;
export type NewDispute = typeof disputes.$inferInsert;
