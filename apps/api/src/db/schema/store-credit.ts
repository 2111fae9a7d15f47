import { ROLES, type Role, STORE_CREDIT_KINDS, type StoreCreditKind } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { orders } from "./orders";
import { refunds } from "./refunds";
import { sqlList } from "./sql-lists";
import { users } from "./users";

export { STORE_CREDIT_KINDS, type StoreCreditKind };

/**
 * The ledger of a shopper's store credit: every credit (positive) and use (negative), with the balance
 * after it. The balance kept on users.store_credit is the sum of the entries, written in the same
 * transaction as each entry (the user's row locked), never below zero.
 */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: money().notNull(),
    balanceAfter: money().notNull(),
    kind: text().$type<StoreCreditKind>().notNull(),
    orderId: idRef().references(() => orders.id, { onDelete: "restrict" }),
    refundId: idRef().references(() => refunds.id, { onDelete: "restrict" }),
    reason: text().notNull(),
    // Who moved it by hand, as they were then; none for a refund's or an order's own entry.
    actorId: idRef().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    actorRole: text().$type<Role>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("store_credit_entries_amount_check", sql`${t.amount} <> 0`),
    check("store_credit_entries_balance_check", sql`${t.balanceAfter} >= 0`),
    check("store_credit_entries_kind_check", sql`${t.kind} in (${sqlList(STORE_CREDIT_KINDS)})`),
    check(
      "store_credit_entries_actor_role_check",
      sql`${t.actorRole} is null or ${t.actorRole} in (${sqlList(ROLES)})`,
    ),
    index("store_credit_entries_user_created_at_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The sales report's store credit figures read the period's entries by their moment.
    index("store_credit_entries_created_at_idx").on(t.createdAt),
  ],
);
