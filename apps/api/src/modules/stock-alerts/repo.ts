/** SQL for back-in-stock requests: asking, claiming the ones whose variant is back, and forgetting a user's. */
import { eq, sql } from "drizzle-orm";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import { idValue } from "#api/db/schema/columns";
import { type ProductOption, products, productVariants } from "#api/db/schema/products";
import { stockAlerts } from "#api/db/schema/shoppers-lists";
import { users } from "#api/db/schema/users";

export interface AskOutcome {
  /** The variant's stock, or null when it is unknown, removed or not sold (it or its product inactive). */
  stock: number | null;
}

/**
 * Records a request for a sold-out variant, in one statement: nothing unless the variant is sold
 * (current, active, of an active product) and out of stock; the same address asking again for the
 * same variant while its request is open leaves the one request (the partial unique index).
 */
export async function insertStockAlert(
  db: Database,
  values: { variantId: string; email: string; userId: string | null },
): Promise<AskOutcome> {
  const result = await db.execute<{ stock: number | null }>(sql`
    with variant as (
      select v.id, v.stock from ${productVariants} v join ${products} p on p.id = v.product_id
      where v.id = ${idValue(values.variantId)} and v.removed_at is null and v.is_active and p.is_active
    ), inserted as (
      insert into ${stockAlerts} (id, variant_id, email, user_id)
      select ${idValue(newId())}, id, ${values.email}, ${values.userId === null ? null : idValue(values.userId)}
      from variant where stock = 0
      on conflict (variant_id, email) where notified_at is null do nothing
      returning id
    )
    select (select stock from variant) as stock, (select count(*) from inserted) as inserted`);
  const stock = result.rows[0]?.stock;
  return { stock: stock === null || stock === undefined ? null : Number(stock) };
}

/** A request claimed for its email: who asked, and what for. */
export interface DueAlert {
  id: string;
  email: string;
  /** The first name of the account that asked; null for a request made without one. */
  firstName: string | null;
  /** The account that asked; null for a request made without one (email only). */
  userId: string | null;
  variantId: string;
  productId: string;
  productName: string;
  productOptions: ProductOption[];
  values: Record<string, string>;
}

/**
 * Claims up to `limit` open requests whose variant is in stock again and sold, oldest first, and
 * marks them done, in one statement; requests another sender holds are skipped (`skip locked`).
 * Pass the transaction that queues their emails: a failure there leaves them open.
 */
export async function claimDueAlerts(db: Database, limit: number): Promise<DueAlert[]> {
  const result = await db.execute<{
    id: string;
    email: string;
    first_name: string | null;
    user_id: string | null;
    variant_id: string;
    product_id: string;
    product_name: string;
    product_options: ProductOption[];
    variant_options: Record<string, string>;
  }>(sql`
    with due as (
      select a.id, a.email, a.user_id, v.id as variant_id, p.id as product_id, p.name as product_name,
             p.options as product_options, v.options as variant_options, a.created_at
      from ${stockAlerts} a
      join ${productVariants} v on v.id = a.variant_id
      join ${products} p on p.id = v.product_id
      where a.notified_at is null and v.stock > 0 and v.removed_at is null and v.is_active and p.is_active
      order by a.created_at, a.id
      limit ${limit}
      for update of a skip locked
    ), claimed as (
      update ${stockAlerts} a set notified_at = now() from due where a.id = due.id returning a.id
    )
    select due.id, due.email, u.first_name, due.user_id, due.variant_id, due.product_id, due.product_name,
           due.product_options, due.variant_options
    from due join claimed on claimed.id = due.id
    left join ${users} u on u.id = due.user_id
    order by due.created_at, due.id`);
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    userId: row.user_id,
    variantId: row.variant_id,
    productId: row.product_id,
    productName: row.product_name,
    productOptions: row.product_options,
    values: row.variant_options,
  }));
}

/** Removes every request of a user, open or done (their account closed): each names an address. */
export async function deleteStockAlertsOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(stockAlerts).where(eq(stockAlerts.userId, userId));
}
