/**
 * SQL for the sales report's payments taken by method (decision 042): the period's payments, as the
 * sales ledger dates them, by gateway and method, with what their orders' store credit paid of them.
 * Amounts in integer cents, summed as `numeric` and answered as `bigint`.
 */
import type { PaymentGateway } from "@shop/shared/constants";
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import type { Period } from "./repo";

/** The period's payments of one gateway and method: what they took, and the store credit's part of it. */
export interface MethodRow {
  gateway: PaymentGateway;
  method: string | null;
  /** The payments' amounts (the orders' totals). */
  amount: number;
  /** What the orders' store credit paid of them; all of it for `store_credit` payments. */
  credit: number;
}

/** The period's payments taken by gateway and method (the ledger's payment rows, by its moment). */
export async function readPaymentsByMethod(db: Database, period: Period): Promise<MethodRow[]> {
  const rows = await db.execute<{
    gateway: PaymentGateway;
    method: string | null;
    amount: string;
    credit: string;
  }>(sql`
    select p.payment_gateway as gateway, p.method,
      sum(l.amount)::bigint as amount,
      sum(case when p.payment_gateway = 'store_credit' then l.amount
        else least(round(o.store_credit_used * 100)::bigint, l.amount) end)::bigint as credit
    from sales_ledger l
    join payments p on p.id = l.source_id
    join orders o on o.id = l.order_id
    where l.kind = 'payment' and l.at >= ${period.since} and l.at < ${period.before}
      and l.currency = ${period.currency}
    group by 1, 2`);
  return rows.rows.map((row) => ({
    gateway: row.gateway,
    method: row.method,
    amount: Number(row.amount),
    credit: Number(row.credit),
  }));
}
