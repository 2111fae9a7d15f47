/** SQL for categories. */
import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type Category, categories, type NewCategory } from "#api/db/schema/categories";
import { idValue } from "#api/db/schema/columns";
import { productCounts, products } from "#api/db/schema/products";
import { searchDocumentOf } from "#api/modules/products/search";

export interface CategoryWithCount {
  id: string;
  name: string;
  slug: string;
  count: number;
  taxRate: number | null;
  taxSlabs: Category["taxSlabs"];
  hsnCode: string | null;
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
  values: Pick<NewCategory, "name" | "slug" | "taxRate" | "taxSlabs" | "hsnCode">,
): Promise<Category> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Sets a category's GST rate (or rate by price) and HSN code; undefined when there is no such category. */
export async function updateCategoryTax(
  db: Database,
  id: string,
  values: Pick<NewCategory, "taxRate" | "taxSlabs" | "hsnCode">,
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

/**
 * Writes the search document of each product of a category again with the category's name (its
 * weight B part, products/search.ts); the words' triggers follow. Answers the products' ids.
 */
export async function rewriteProductSearch(
  db: Database,
  categoryId: string,
  categoryName: string,
): Promise<string[]> {
  const document = searchDocumentOf({
    name: sql`p.name`,
    categoryName: sql`${categoryName}::text`,
    description: sql`p.description`,
  });
  const result = await db.execute<{ id: string }>(sql`
    update ${products} p set search_vector = ${document}
    where p.category_id = ${idValue(categoryId)}
    returning p.id`);
  return result.rows.map((row) => row.id).sort();
}
