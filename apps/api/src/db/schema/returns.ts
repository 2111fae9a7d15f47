import {
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { idRef, money, primaryId } from "./columns";
import { orderItems, orders } from "./orders";
import { refunds } from "./refunds";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/**
 * A return of delivered units of an order (docs/design.md section 8, Fulfilment): the shopper's
 * reason and note, the staff's last message, the value of the units (what its refund gives back),
 * and the refund once made.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    id: primaryId(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text().$type<ReturnStatus>().notNull().default("requested"),
    reason: text().$type<ReturnReason>().notNull(),
    note: text().notNull().default(""),
    message: text(),
    amount: money().notNull(),
    refundId: idRef().references(() => refunds.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_returns_status_check", sql`${t.status} in (${sqlList(RETURN_STATUSES)})`),
    check("order_returns_reason_check", sql`${t.reason} in (${sqlList(RETURN_REASONS)})`),
    check("order_returns_amount_check", sql`${t.amount} >= 0`),
    check("order_returns_refunded_check", sql`(${t.status} = 'refunded') = (${t.refundId} is not null)`),
    index("order_returns_order_id_idx").on(t.orderId),
    index("order_returns_status_created_at_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("order_returns_created_at_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** The units of each order line a return holds. */
export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    returnId: idRef()
      .notNull()
      .references(() => orderReturns.id, { onDelete: "cascade" }),
    itemId: idRef()
      .notNull()
      .references(() => orderItems.id, { onDelete: "restrict" }),
    quantity: integer().notNull(),
    // Units put back in stock when the parcel was received: fewer than `quantity` when a refund had
    // already restocked some of the line's units.
    restocked: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.itemId] }),
    check("order_return_lines_quantity_check", sql`${t.quantity} > 0`),
    check("order_return_lines_restocked_check", sql`${t.restocked} between 0 and ${t.quantity}`),
    index("order_return_lines_item_id_idx").on(t.itemId),
  ],
);

export type OrderReturn = typeof orderReturns.$inferSelect;
export type OrderReturnLine = typeof orderReturnLines.$inferSelect;
