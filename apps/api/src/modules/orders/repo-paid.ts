/**
 * The statement that pays an order (docs/design.md section 5): the order's row locked, the payment
 * recorded (unless it already is) with the order's payment state (db/payment-state.ts), and, when
 * it pays a pending order, the order linked and moved to processing with its GST invoice number,
 * its units sold written for the best-seller counts
 * (modules/products/sold-counts.ts), its history row and the shopper's message in the outbox. One
 * statement, atomic on its own: the locks it takes (the order, the invoice series' counter) are held
 * for that statement and its commit only.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { byShape, type PlaceholderValues, sqlBuiltOnce } from "#api/db/prepared";
import type { NewEmail } from "#api/db/schema/emails";
import { emails } from "#api/db/schema/emails";
import { documentCounters, supplierDetails } from "#api/db/schema/invoices";
import {
  type NewOrderEvent,
  type NewPayment,
  orderEvents,
  orderItems,
  orders,
  payments,
} from "#api/db/schema/orders";
import { productSales } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";

export interface PayOrderWrite {
  orderId: string;
  /** The payment to record (its id and creation time set by the caller), or the id of one recorded already. */
  payment: { insert: NewPayment & { id: string; createdAt: Date } } | { id: string };
  /** Whether the payment pays the order (a completed capture); a pending one is only recorded. */
  pays: boolean;
  /** The invoice's financial year ("2026-27"), its series' prefix ("INV2627/") and date: the payment's time. */
  financialYear: string;
  series: string;
  paidAt: Date;
  /** Written only when the order is paid here. */
  event: NewOrderEvent & { id: string };
  emails: readonly (NewEmail & { id: string })[];
}

export interface PayOrderResult {
  /** The order exists (and is now locked until the transaction ends). */
  found: boolean;
  /** The order already had a payment: nothing was recorded. */
  alreadyPaid: boolean;
  /**
   * The order was closed (cancelled) without a payment: a completed capture was not recorded (its
   * money is an unmatched payment, modules/payments/unmatched.ts); a pending one was, unlinked.
   */
  closed: boolean;
  /** The order was pending and is now processing, linked to the payment, with this invoice number. */
  invoiceNumber: string | null;
}

/**
 * Records a payment and pays its order in one statement. NOTE: the locks are taken in this order:
 * the order's row, then its shopper's (shared, as the payment's foreign key would take it at the
 * statement's end; a placement of the same shopper holding the shopper's row once closed a deadlock
 * with it), and the invoice series' counter last, so that payments queue on it only for the link,
 * the ledger and the commit. The order is kept by what each step reads (payStatement), not by the
 * order PostgreSQL happens to run a statement's parts in. The products' rows are not written here:
 * the units sold go to `product_sales`, which has no row locks to wait for. The counter is raised only
 * for an order that is paid here, so its numbers keep no gaps. Columns are named as the
 * migrations name them: a statement built of CTEs that depend on each other's rows is beyond the
 * query builder.
 */
export async function payOrderRow(db: Database, write: PayOrderWrite): Promise<PayOrderResult> {
  const inserts = "insert" in write.payment;
  const run = statementOfShape(`${inserts}:${write.emails.length}`, () =>
    sqlBuiltOnce<PaidRow>(payStatement(inserts, write.emails.length)),
  );
  const [row] = await run(db, valuesOf(write));
  const found = (row?.found ?? 0) > 0;
  return {
    found,
    alreadyPaid: found && row?.had_payment === true,
    closed: found && row?.had_payment !== true && row?.order_status !== "pending",
    invoiceNumber: row?.invoice_number ?? null,
  };
}

interface PaidRow extends Record<string, unknown> {
  found: number;
  recorded: number;
  order_status: string | null;
  had_payment: boolean | null;
  invoice_number: string | null;
}

const statementOfShape = byShape<(db: Database, values: PlaceholderValues) => Promise<PaidRow[]>>();

const p = sql.placeholder;

/** The values of payStatement's placeholders for this payment. */
function valuesOf(write: PayOrderWrite): PlaceholderValues {
  const { event } = write;
  const values: PlaceholderValues = {
    orderId: write.orderId,
    paymentId: "insert" in write.payment ? write.payment.insert.id : write.payment.id,
    pays: write.pays,
    financialYear: write.financialYear,
    series: write.series,
    paidAt: write.paidAt.toISOString(),
    eventId: event.id,
    eventType: event.type,
    eventStatus: event.status ?? null,
    actorId: event.actorId ?? null,
    actorName: event.actorName ?? null,
    actorRole: event.actorRole ?? null,
    eventAmount: event.amount ?? null,
  };
  if ("insert" in write.payment) {
    const { insert } = write.payment;
    Object.assign(values, {
      userId: insert.userId,
      status: insert.status,
      transactionId: insert.transactionId,
      amount: insert.amount,
      currency: insert.currency,
      gateway: insert.paymentGateway,
      method: insert.method ?? null,
      updateTime: insert.updateTime ?? null,
      emailAddress: insert.emailAddress ?? null,
      createdAt: insert.createdAt.toISOString(),
    });
  }
  write.emails.forEach((row, index) => {
    values[`m${index}_id`] = row.id;
    values[`m${index}_kind`] = row.kind;
    values[`m${index}_recipient`] = row.recipient;
    values[`m${index}_order`] = row.orderId ?? null;
    values[`m${index}_subject`] = row.subject;
    values[`m${index}_parts`] = JSON.stringify(row.parts ?? null);
    values[`m${index}_shop`] = JSON.stringify(row.shop ?? null);
  });
  return values;
}

/** The statement that pays an order: one text per kind of payment (new, or recorded already) and number of messages. */
function payStatement(inserts: boolean, messageCount: number) {
  const payment = inserts
    ? sql`insert into ${payments} (id, user_id, order_id, status, transaction_id, amount, currency,
            payment_gateway, method, update_time, email_address, created_at)
          select ${p("paymentId")}, ${p("userId")}, l.id, ${p("status")}, ${p("transactionId")},
            ${p("amount")}, ${p("currency")}, ${p("gateway")}, ${p("method")}::text, ${p("updateTime")}::timestamptz,
            ${p("emailAddress")}, ${p("createdAt")}::timestamptz
          from held l where l.payment_id is null and (l.status = 'pending' or not ${p("pays")}::boolean)
          returning id`
    : sql`select ${p("paymentId")}::char(24) as id from held l where l.payment_id is null`;
  const messages = Array.from(
    { length: messageCount },
    (_, i) =>
      sql`(${p(`m${i}_id`)}::char(24), ${p(`m${i}_kind`)}::text, ${p(`m${i}_recipient`)}::text,
        ${p(`m${i}_order`)}::char(24), ${p(`m${i}_subject`)}::text, ${p(`m${i}_parts`)}::jsonb, ${p(`m${i}_shop`)}::jsonb)`,
  );
  const mail =
    messages.length > 0
      ? sql`,
    mail as (
      insert into ${emails} (id, kind, recipient, order_id, subject, parts, shop)
      select m.* from (values ${sql.join(messages, sql`, `)}) as m(id, kind, recipient, order_id, subject, parts, shop)
      where exists (select 1 from paid)
      returning id
    )`
      : sql``;
  const mailCount = messages.length > 0 ? sql` + (select count(*) from mail)::integer` : sql``;
  // NOTE: formatDocumentNumber (modules/invoices/service.ts) in SQL, as the counter's value is only
  // known inside the statement; checkout-statements.test.ts holds the two to the same text.
  const number = sql`${p("series")}::text || lpad(c.last::text, greatest(6, length(c.last::text)), '0')`;
  // The supplier in effect (modules/invoices/supplier.ts), stated on the invoice; its GSTIN names the series.
  const supplier = sql`(select details from ${supplierDetails} where id = 1)`;
  const orderId = sql`${p("orderId")}::char(24)`;
  // The order's payment state (db/payment-state.ts), kept by the link: once paid, its payment's
  // status; a payment only recorded (a pending capture, one that comes after a cancellation) is
  // the latest attempt unless the order has one created later. NOTE: the payment inserted here is
  // not visible to this statement's reads, hence its status from the values.
  const paidState = inserts
    ? sql`${p("status")}::text`
    : sql`(select status from ${payments} where id = ${p("paymentId")}::char(24))`;
  const paymentState = inserts
    ? sql`case when c.last is not null or not exists (select 1 from ${payments} q where q.order_id = o.id
          and (q.created_at, q.id) > (${p("createdAt")}::timestamptz, ${p("paymentId")}::char(24)))
        then ${paidState} else o.payment_state end`
    : sql`case when c.last is null then o.payment_state else ${paidState} end`;
  // The link writes the order when it is paid, or when a payment recorded here may name its state.
  const linked = inserts ? sql`(c.last is not null or exists (select 1 from pay))` : sql`c.last is not null`;
  // NOTE: PostgreSQL runs a statement's data-modifying CTEs concurrently, in an order its manual
  // leaves unpredictable, so the lock order (payOrderRow) rests only on what each step reads: a
  // step cannot lock or write a row before the rows it reads from another step exist. The shopper's
  // row is locked for a row of the locked order (order, then shopper); every write reads `held`; the
  // counter is raised from `paid`, which holds the payment's insert, and from `written`, which counts
  // every row the units sold, the history and the messages return, so those writes are done before
  // the counter is taken. The link reads the counter. The ledger's triggers and the foreign keys'
  // checks run at the statement's end, on rows this statement holds already.
  return sql`
    with locked as materialized (
      select o.id, o.user_id, o.status, o.payment_id, o.invoice_number from ${orders} o
      where o.id = ${orderId} for update
    ),
    held as materialized (
      select l.id, l.status, l.payment_id, l.invoice_number from locked l
        join ${users} u on u.id = l.user_id
      for key share of u
    ),
    pay as (${payment}),
    paid as materialized (
      select l.id from held l, pay
      where ${p("pays")}::boolean and l.status = 'pending' and l.invoice_number is null
    ),
    sold as (
      insert into ${productSales} (product_id, quantity)
      select product_id, sum(quantity)::integer from ${orderItems}
      where order_id = ${orderId} and exists (select 1 from paid)
      group by product_id
      returning product_id
    ),
    history as (
      insert into ${orderEvents} (id, order_id, type, status, at, actor_id, actor_name, actor_role, amount)
      select ${p("eventId")}, p.id, ${p("eventType")}, ${p("eventStatus")}, clock_timestamp(), ${p("actorId")},
        ${p("actorName")}, ${p("actorRole")}, ${p("eventAmount")}::numeric
      from paid p
      returning id
    )${mail},
    written as materialized (
      select (select count(*) from sold)::integer as sold,
        (select count(*) from history)::integer${mailCount} as written
    ),
    counter as (
      insert into ${documentCounters} (kind, gstin, financial_year, last)
      select 'invoice', coalesce(${supplier}->>'gstin', ''), ${p("financialYear")}::text, 1
      from paid, written w where w.written > 0
      on conflict (kind, gstin, financial_year) do update set last = ${documentCounters.last} + 1
      returning last
    ),
    link as (
      update ${orders} o set status = case when c.last is null then o.status else 'processing' end,
        payment_id = case when c.last is null then o.payment_id else ${p("paymentId")}::char(24) end,
        invoice_number = case when c.last is null then o.invoice_number else ${number} end,
        invoiced_at = case when c.last is null then o.invoiced_at else ${p("paidAt")}::timestamptz end,
        invoice_supplier = case when c.last is null then o.invoice_supplier else ${supplier} end,
        invoice_gstin = case when c.last is null then o.invoice_gstin else ${supplier}->>'gstin' end,
        updated_at = case when c.last is null then o.updated_at else ${p("paidAt")}::timestamptz end,
        payment_state = ${paymentState}
      from held l left join counter c on true where o.id = l.id and ${linked}
      returning o.invoice_number
    )
    select (select count(*) from held)::integer as found,
      (select count(*) from pay)::integer as recorded,
      (select status from held) as order_status,
      (select payment_id is not null from held) as had_payment,
      w.sold, w.written,
      (select invoice_number from link) as invoice_number
    from written w`;
}
