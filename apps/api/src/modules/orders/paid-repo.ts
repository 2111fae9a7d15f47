/**
 * The statement that pays an order (docs/design.md section 5), run in the payment's transaction: the
 * order's row locked, the payment recorded (unless it already is), and, when it pays a pending order,
 * the order linked and moved to processing with its GST invoice number, and its products counted as
 * sold. One statement instead of one per step; the history row and the message follow in one more
 * (insertOrderEventsWithEmails).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import type { NewEmail } from "#api/db/schema/emails";
import { emails } from "#api/db/schema/emails";
import { invoiceCounters } from "#api/db/schema/invoices";
import {
  type NewOrderEvent,
  type NewPayment,
  orderEvents,
  orderItems,
  orders,
  payments,
} from "#api/db/schema/orders";
import { products } from "#api/db/schema/products";

export interface PayOrderWrite {
  orderId: string;
  /** The payment to record (its id and creation time set by the caller), or the id of one recorded already. */
  payment: { insert: NewPayment & { id: string; createdAt: Date } } | { id: string };
  /** Whether the payment pays the order (a completed capture); a pending one is only recorded. */
  pays: boolean;
  /** The invoice's financial year ("2026-27") and date: the payment's time. */
  financialYear: string;
  paidAt: Date;
}

export interface PayOrderResult {
  /** The order exists (and is now locked until the transaction ends). */
  found: boolean;
  /** The order already had a payment: nothing was recorded. */
  alreadyPaid: boolean;
  /** The order was pending and is now processing, linked to the payment, with this invoice number. */
  invoiceNumber: string | null;
}

/**
 * Records a payment and pays its order in one statement. NOTE: the order's row is locked first and
 * the products after it, in id order, as every writer of them keeps (repo.ts countSold); the
 * invoice counter is raised only for an order that is paid here, so its numbers keep no gaps.
 */
export async function payOrderRow(db: Database, write: PayOrderWrite): Promise<PayOrderResult> {
  const { orderId } = write;
  const payment =
    "insert" in write.payment
      ? sql`insert into ${payments} (id, user_id, order_id, status, transaction_id, amount, currency,
            payment_gateway, update_time, email_address, created_at)
          select ${write.payment.insert.id}, ${write.payment.insert.userId}, l.id, ${write.payment.insert.status},
            ${write.payment.insert.transactionId}, ${write.payment.insert.amount}, ${write.payment.insert.currency},
            ${write.payment.insert.paymentGateway}, ${write.payment.insert.updateTime ?? null}::timestamptz,
            ${write.payment.insert.emailAddress ?? null}, ${write.payment.insert.createdAt}::timestamptz
          from locked l where l.payment_id is null
          returning id`
      : sql`select ${write.payment.id}::char(24) as id from locked l where l.payment_id is null`;
  const paymentId = "insert" in write.payment ? write.payment.insert.id : write.payment.id;
  const number = sql`'INV/' || ${write.financialYear}::text || '/' || lpad(c.last::text, greatest(6, length(c.last::text)), '0')`;
  const result = await db.execute<{ found: number; recorded: number; invoice_number: string | null }>(sql`
    with locked as materialized (
      select id, status, payment_id, invoice_number from ${orders} where id = ${orderId} for update
    ),
    pay as (${payment}),
    paid as materialized (
      select l.id from locked l, pay
      where ${write.pays} and l.status = 'pending' and l.invoice_number is null
    ),
    counter as (
      insert into ${invoiceCounters} (financial_year, last) select ${write.financialYear}, 1 from paid
      on conflict (financial_year) do update set last = ${invoiceCounters.last} + 1
      returning last
    ),
    link as (
      update ${orders} o set status = 'processing', payment_id = ${paymentId}, invoice_number = ${number},
        invoiced_at = ${write.paidAt}::timestamptz, updated_at = ${write.paidAt}::timestamptz
      from counter c where o.id = ${orderId}
      returning o.invoice_number
    ),
    sold_products as materialized (
      select p.id from ${products} p
      where p.id in (select product_id from ${orderItems} where order_id = ${orderId})
        and exists (select 1 from paid)
      order by p.id for update of p
    ),
    sold as (
      update ${products} p set sold_count = p.sold_count + s.quantity
      from (select product_id, sum(quantity)::integer as quantity from ${orderItems}
            where order_id = ${orderId} group by product_id) s
      where p.id = s.product_id and p.id in (select id from sold_products)
    )
    select (select count(*) from locked)::integer as found,
      (select count(*) from pay)::integer as recorded,
      (select invoice_number from link) as invoice_number`);
  const row = result.rows[0];
  return {
    found: (row?.found ?? 0) > 0,
    alreadyPaid: (row?.found ?? 0) > 0 && (row?.recorded ?? 0) === 0,
    invoiceNumber: row?.invoice_number ?? null,
  };
}

/** Appends history rows and writes their messages to the outbox, in one statement. */
export async function insertOrderEventsWithEmails(
  db: Database,
  events: readonly NewOrderEvent[],
  messages: readonly NewEmail[],
): Promise<void> {
  if (events.length === 0) return;
  const mail =
    messages.length > 0
      ? [
          db.$with("mail").as(
            db
              .insert(emails)
              .values([...messages])
              .returning({ id: emails.id }),
          ),
        ]
      : [];
  await db
    .with(...mail)
    .insert(orderEvents)
    .values([...events]);
}
