/**
 * The oracle of orders.payment_state: the state as the orders lists worked it out for each order
 * before it was kept on the order (the taken payment's status, else the latest attempt's, else
 * 'none'). A test file that writes payments ends with `itKeepsPaymentStates`, so that a statement
 * that writes a payment and forgets its order's state fails there.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Database } from "#api/db/client";
import type { TestApp } from "./app";

/** The state worked out from the payments, for the order `o` (the lists' expression until the column). */
export const paymentStateOf = sql`coalesce(
  (select p.status from payments p where p.id = o.payment_id),
  (select p.status from payments p where p.order_id = o.id order by p.created_at desc, p.id desc limit 1),
  'none')`;

/** The orders whose kept state is not the one their payments give, and how many orders have a payment. */
export async function paymentStatesAstray(db: Database) {
  const { rows } = await db.execute<{ id: string; kept: string; expected: string }>(sql`
    select o.id, o.payment_state as kept, ${paymentStateOf} as expected
    from orders o where o.payment_state is distinct from ${paymentStateOf} order by o.id`);
  const [paid] = (
    await db.execute<{ count: number }>(
      sql`select count(*)::integer as count from orders o where exists (select 1 from payments p where p.order_id = o.id)`,
    )
  ).rows;
  return { astray: rows, withPayments: Number(paid?.count ?? 0) };
}

/** A test, last in a file, that every order's kept payment state is the one its payments give. */
export function itKeepsPaymentStates(app: () => TestApp) {
  it("has kept every order's payment state as its payments give it", async () => {
    const { astray, withPayments } = await paymentStatesAstray(app().database.db);
    expect(astray).toEqual([]);
    // Not vacuous: the file's tests wrote payments.
    expect(withPayments).toBeGreaterThan(0);
  });
}
