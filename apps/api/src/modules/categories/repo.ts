/** SQL for categories. */
import { and, asc, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Category, categories, type NewCategory } from "#api/db/schema/categories";
import { discountCategories, discounts } from "#api/db/schema/discounts";
import { productCounts, products } from "#api/db/schema/products";

export interface CategoryWithCount {
  id: string;
  name: string;
  slug: string;
  count: number;
  taxRate: number | null;
  taxSlabs: Category["taxSlabs"];
  hsnCode: string | null;
  hsnDescription: string | null;
}

/** Categories with the number of their active products (kept in `product_counts`); by name. */
function selectWithCounts(db: Database, where?: SQL) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      taxRate: categories.taxRate,
      taxSlabs: categories.taxSlabs,
      hsnCode: categories.hsnCode,
      hsnDescription: categories.hsnDescription,
      count: sql<number>`coalesce(${productCounts.active}, 0)`,
    })
    .from(categories)
    .leftJoin(productCounts, eq(productCounts.categoryId, categories.id))
    .where(where)
    .orderBy(asc(categories.name), asc(categories.id));
}

export function listCategoriesWithCounts(db: Database): Promise<CategoryWithCount[]> {
  return selectWithCounts(db);
}

export async function findCategoryWithCount(
  db: Database,
  by: { id: string } | { slug: string },
): Promise<CategoryWithCount | undefined> {
  const where = "id" in by ? eq(categories.id, by.id) : eq(categories.slug, by.slug);
  const [row] = await selectWithCounts(db, where);
  return row;
}

export async function findCategory(
  db: Database,
  by: { id: string } | { slug: string },
): Promise<Category | undefined> {
  const where = "id" in by ? eq(categories.id, by.id) : eq(categories.slug, by.slug);
  const [row] = await db.select().from(categories).where(where).limit(1);
  return row;
}

export async function insertCategory(
  db: Database,
  values: Pick<NewCategory, "name" | "slug" | "taxRate" | "taxSlabs" | "hsnCode" | "hsnDescription">,
): Promise<Category> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Sets a category's GST rate (or rate by price) and HSN code; undefined when there is no such category. */
export async function updateCategoryTax(
  db: Database,
  id: string,
  values: Pick<NewCategory, "taxRate" | "taxSlabs" | "hsnCode" | "hsnDescription">,
): Promise<Category | undefined> {
  const [row] = await db
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  return row;
}

/** A category, its row locked until the transaction ends (a rename or a deletion of it waits). */
export async function lockCategory(db: Database, id: string): Promise<Category | undefined> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).for("update");
  return row;
}

/**
 * Categories locked in the order of their ids, so that two deletions moving products into each
 * other's category wait for one another instead of deadlocking.
 */
export async function lockCategories(db: Database, ids: readonly string[]): Promise<Category[]> {
  return db
    .select()
    .from(categories)
    .where(inArray(categories.id, [...ids]))
    .orderBy(asc(categories.id))
    .for("update");
}

/**
 * A category's products, inactive ones included. NOTE: the category's row is locked (FOR UPDATE),
 * and a product written into it locks the row too (its foreign key's check), so none comes in meanwhile.
 */
export async function countProductsOf(db: Database, categoryId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products).where(eq(products.categoryId, categoryId));
  return row?.total ?? 0;
}

/** The discount codes limited to a category, by code. */
export async function discountCodesOf(db: Database, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ code: discounts.code })
    .from(discountCategories)
    .innerJoin(discounts, eq(discounts.id, discountCategories.discountId))
    .where(eq(discountCategories.categoryId, categoryId))
    .orderBy(asc(discounts.code));
  return rows.map((row) => row.code);
}

export async function deleteCategoryRow(db: Database, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

/** Whether a category other than `exceptId` is called `name`, whatever the case. */
export async function isCategoryNameTaken(db: Database, name: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, ne(categories.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function updateCategoryName(db: Database, id: string, name: string): Promise<Category> {
  const [row] = await db
    .update(categories)
    .set({ name, updatedAt: new Date() })
    .where(eq(categories.id, id))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}
