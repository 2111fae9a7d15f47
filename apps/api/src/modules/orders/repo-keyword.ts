/**
 * What the staff's order search matches (GET /orders?keyword=): an order's id, number, shipping name or
 * phone, or its shopper's name or email, as SQL over `orders` for the lists (two halves, each walked
 * apart: modules/orders/repo.ts) and the export (one set of ids).
 */
import { Email } from "@shop/shared/schemas/common";
import { type SQL, sql } from "drizzle-orm";
import { escapeLike } from "#api/db/like";
import { orders } from "#api/db/schema/orders";
import { users } from "#api/db/schema/users";

/** The order number a keyword names: "1001" or "#1001" (an integer column's range), else none. */
function orderNumberOf(keyword: string): number | undefined {
  const match = /^#?\s*(\d{1,10})$/.exec(keyword.trim());
  const number = match?.[1] ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(number) && number <= 2_147_483_647 ? number : undefined;
}

/** The digits of a phone number a keyword names ("+91 98765 43210" → "9876543210"), else none. */
function phoneDigitsOf(keyword: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(keyword)) return undefined;
  const digits = keyword.replace(/\D/g, "");
  // Stored numbers are the 10 digits after the country code.
  return digits.length >= 3 ? digits.slice(-10) : undefined;
}

/** The account's address a keyword is, written as it is kept ("Asha@Example.com " → "asha@example.com"), else none. */
function emailOf(keyword: string): string | undefined {
  const email = Email.safeParse(keyword);
  return email.success ? email.data : undefined;
}

/** The shipping name as one text ("Asha Rao"): the expression the trigram index of migration 0012 covers. */
const shippingName = sql`((${orders.shippingAddress}->'name'->>'firstName') || ' ' || (${orders.shippingAddress}->'name'->>'lastName'))`;
const shippingPhone = sql`(${orders.shippingAddress}->>'phoneNumber')`;
const shopperName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * What a keyword matches, in two halves: on the order itself (its id, number, shipping name or
 * phone) and by its shopper (name or email). Each half is answered from indexes: the primary key,
 * the unique number, the trigram indexes of migration 0012 on the shipping name and phone, and on
 * the shopper's email and name, whose matching shoppers are then a set the orders are tested
 * against (a hash) or read from (orders_user_created_at_idx), whichever finds fewer rows. A keyword
 * that is a whole address names the account that has it, found by the addresses' unique index; only
 * when no account has it is it looked for within the others. NOTE: the trigram index reads every
 * trigram of the address, and most of them ("gmail.com") are in most addresses: 16 ms at 200 000
 * shoppers, where the unique index takes a fraction of a millisecond.
 */
export function keywordHalves(keyword: string): { onOrder: SQL; byShopper: SQL } {
  const pattern = `%${escapeLike(keyword)}%`;
  const number = orderNumberOf(keyword);
  const digits = phoneDigitsOf(keyword);
  const onOrder = [
    sql`${orders.id} = ${keyword.toLowerCase()}`,
    sql`${shippingName} ilike ${pattern}`,
    ...(number === undefined ? [] : [sql`${orders.number} = ${number}`]),
    ...(digits === undefined ? [] : [sql`${shippingPhone} like ${`%${digits}%`}`]),
  ];
  const email = emailOf(keyword);
  const shoppers = email
    ? sql`select ${users.id} from ${users} where ${users.email} = ${email}
        union all
        select ${users.id} from ${users} where ${users.email} ilike ${pattern}
          and not exists (select 1 from ${users} where ${users.email} = ${email})`
    : sql`select ${users.id} from ${users} where ${shopperName} ilike ${pattern} or ${users.email} ilike ${pattern}`;
  return {
    onOrder: sql`(${sql.join(onOrder, sql` or `)})`,
    byShopper: sql`${orders.userId} in (${shoppers})`,
  };
}

/**
 * The orders a keyword finds, as a set of ids (the export's batches). NOTE: the two halves joined
 * by UNION rather than one OR, so that PostgreSQL answers each from its indexes instead of scanning
 * every order.
 */
export function keywordMatch(keyword: string): SQL {
  const { onOrder, byShopper } = keywordHalves(keyword);
  return sql`${orders.id} in (
    select ${orders.id} from ${orders} where ${onOrder}
    union
    select ${orders.id} from ${orders} where ${byShopper})`;
}
