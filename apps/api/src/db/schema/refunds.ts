import { REFUND_STATUSES, type RefundStatus, ROLES, type Role } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { idRef, money, primaryId, taxRate } from "./columns";
import type { SupplierDetails } from "./invoices";
import { orderItems, orders, payments } from "./orders";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/** Units of one order line that went back to stock with a refund (the line's variant at the time). */
export interface RestockedLine {
  itemId: string;
  variantId: string;
  quantity: number;
}

/**
 * Money given back on a payment. A refund made through the shop is first written as `pending` (its
 * amount reserved, so that two refunds can never together pass what was paid), then the provider is
 * asked, then it is completed with the provider's id, or removed when the provider refused.
 * A refund made in the provider's own dashboard arrives by webhook, completed.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: primaryId(),
    paymentId: idRef()
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text().$type<RefundStatus>().notNull().default("pending"),
    amount: money().notNull(),
    currency: text().notNull().default("USD"),
    reason: text().notNull(),
    // The provider's id of the refund: unique, so that a refund reported twice is recorded once.
    providerRefundId: text().unique("refunds_provider_refund_id_unique"),
    // The part of the amount given to the shopper's store credit (decision 042): all of it for a refund
    // to credit, part of it for one split between the payment and credit, none for one to the payment.
    // The provider is asked for the rest.
    storeCreditAmount: money().notNull().default(0),
    // A manual refund's reference (cash on delivery: the bank transfer or UPI payment that returned it).
    reference: text(),
    restock: jsonb().$type<RestockedLine[]>().notNull().default([]),
    // Who refunded, as they were then; none when it was made in the provider's dashboard.
    actorId: idRef().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    actorRole: text().$type<Role>(),
    // A retried request with the same key finds this refund instead of making a second one.
    idempotencyKey: text(),
    idempotencyFingerprint: text(),
    // False for a credit note that gave no money back: the goods came back before they were paid for (a
    // cash on delivery parcel returned to origin). Its amount is the note's value; the sales ledger
    // records it as a `credit`, not a `refund`, so no money figure counts it.
    moneyBack: boolean().notNull().default(true),
    // "CN2627/000001" ("CN/2026-27/000001" before the 16-character series), given when the refund
    // completes, with the supplier as the note states it then and the GSTIN whose series numbered it.
    creditNoteNumber: text(),
    creditNoteSupplier: jsonb().$type<SupplierDetails>(),
    creditNoteGstin: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check(
      "refunds_store_credit_amount_check",
      sql`${t.storeCreditAmount} >= 0 and ${t.storeCreditAmount} <= ${t.amount}`,
    ),
    check("refunds_status_check", sql`${t.status} in (${sqlList(REFUND_STATUSES)})`),
    check("refunds_actor_role_check", sql`${t.actorRole} is null or ${t.actorRole} in (${sqlList(ROLES)})`),
    // NOTE: a completed refund always has its credit note, and its provider's id when money went back.
    check(
      "refunds_completed_check",
      sql`${t.status} <> 'completed' or ((${t.providerRefundId} is not null or not ${t.moneyBack}) and ${t.creditNoteNumber} is not null and ${t.refundedAt} is not null)`,
    ),
    unique("refunds_credit_note_number_unique").on(t.creditNoteGstin, t.creditNoteNumber),
    // Credit notes issued before documents kept their supplier, found at start to be given it once.
    index("refunds_credit_note_without_supplier_idx")
      .on(t.id)
      .where(sql`${t.creditNoteNumber} is not null and ${t.creditNoteSupplier} is null`),
    unique("refunds_order_idempotency_key_unique").on(t.orderId, t.idempotencyKey),
    index("refunds_payment_id_idx").on(t.paymentId),
    index("refunds_order_id_idx").on(t.orderId),
    // The reports and the dashboard read refunds by the moment they were given.
    index("refunds_refunded_at_idx").on(t.refundedAt).where(sql`${t.status} = 'completed'`),
    // The payment sweep reads the refunds still waiting for their provider, oldest first.
    index("refunds_pending_created_at_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type Refund = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;

/** What a credit note line gives back: goods of an order line, or the shipping, or the cash on delivery fee. */
export type RefundLineKind = "goods" | "shipping" | "cod_fee";

/**
 * A credit note's lines (CGST Act section 34, rule 53(1A)): what each refund gives back, per order
 * line (units and value), shipping and the COD fee, with the GST it credits as the invoice charged it.
 * Written with the refund when it completes, never changed; the reports and GSTR-1 sum these.
 */
export const refundLines = pgTable(
  "refund_lines",
  {
    refundId: idRef()
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    position: integer().notNull(),
    kind: text().$type<RefundLineKind>().notNull(),
    // The order line given back (goods only).
    itemId: idRef().references(() => orderItems.id, { onDelete: "restrict" }),
    // Units credited (0 for a value given back without goods: a goodwill refund).
    quantity: integer().notNull().default(0),
    taxableValue: money().notNull(),
    rate: taxRate().notNull().default(0),
    cgst: money().notNull().default(0),
    sgst: money().notNull().default(0),
    igst: money().notNull().default(0),
    // Given back outside GST: a charge the order left outside GST (all of it; no taxable value), or
    // the round off of a row priced including GST (decision 047).
    outsideGst: money().notNull().default(0),
    // taxableValue + cgst + sgst + igst + outsideGst: what the line gives back.
    total: money().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.position] }),
    check("refund_lines_kind_check", sql`${t.kind} in ('goods', 'shipping', 'cod_fee')`),
    check("refund_lines_item_check", sql`(${t.kind} = 'goods') = (${t.itemId} is not null)`),
    check("refund_lines_quantity_check", sql`${t.quantity} >= 0`),
    check(
      "refund_lines_total_check",
      sql`${t.total} = ${t.taxableValue} + ${t.cgst} + ${t.sgst} + ${t.igst} + ${t.outsideGst}`,
    ),
    index("refund_lines_item_id_idx").on(t.itemId).where(sql`${t.itemId} is not null`),
  ],
);

export type RefundLine = typeof refundLines.$inferSelect;
export type NewRefundLine = typeof refundLines.$inferInsert;
