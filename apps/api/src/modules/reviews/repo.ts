/** SQL for reviews and the rating aggregate they keep on their product. */
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { CappedTotal } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { escapeLike } from "#api/db/like";
import { countUpTo } from "#api/db/paging";
import { products } from "#api/db/schema/products";
import { type NewReview, reviews } from "#api/db/schema/reviews";
import { users } from "#api/db/schema/users";

/** A review with what its card shows of the author. */
const reviewColumns = {
  id: reviews.id,
  title: reviews.title,
  rating: reviews.rating,
  comment: reviews.comment,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarUrl: users.avatarUrl },
};

export interface ReviewRow {
  id: string;
  title: string;
  rating: number;
  comment: string;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  user: { id: string; firstName: string; lastName: string; avatarUrl: string | null };
}

/** A page of a product's reviews as the shop shows them (hidden ones left out), newest first. */
export function listReviewsOfProduct(
  db: Database,
  productId: string,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.hidden, false)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReviewsOfProduct(db: Database, productId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.hidden, false)));
  return row?.total ?? 0;
}

export async function findReviewRow(db: Database, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row;
}

export async function hasReviewOfUser(db: Database, productId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertReview(db: Database, values: NewReview): Promise<string> {
  const [row] = await db.insert(reviews).values(values).returning({ id: reviews.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Inserts many reviews at once (the demo seed). */
export async function insertReviews(db: Database, values: NewReview[]): Promise<void> {
  if (values.length > 0) await db.insert(reviews).values(values);
}

/** Changes a review only when it is this author's review of this product; false otherwise. */
export async function updateReviewOfAuthor(
  db: Database,
  where: { reviewId: string; productId: string; userId: string },
  values: Pick<NewReview, "title" | "rating" | "comment">,
): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(reviews.id, where.reviewId),
        eq(reviews.productId, where.productId),
        eq(reviews.userId, where.userId),
      ),
    )
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Deletes the user's review of the product; false when there was none. */
export async function deleteReviewOfUser(db: Database, productId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/**
 * Recomputes the average rating (2 decimals) and the review count of these products from their
 * reviews the shop shows (a hidden review counts in neither).
 */
export async function recomputeRatings(db: Database, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({
      ratingAverage: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.productId} = ${products.id} and not ${reviews.hidden}), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id} and not ${reviews.hidden})`,
    })
    .where(inArray(products.id, [...productIds]));
}

export interface StaffReviewFilter {
  rating?: number | undefined;
  productId?: string | undefined;
  keyword?: string | undefined;
  hidden?: boolean | undefined;
}

export interface StaffReviewRow extends ReviewRow {
  hidden: boolean;
  product: { id: string; name: string };
}

function staffWhere(filter: StaffReviewFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.rating !== undefined) conditions.push(eq(reviews.rating, filter.rating));
  if (filter.productId) conditions.push(eq(reviews.productId, filter.productId));
  if (filter.hidden !== undefined) conditions.push(eq(reviews.hidden, filter.hidden));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const match = or(ilike(reviews.title, pattern), ilike(reviews.comment, pattern));
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const staffColumns = {
  ...reviewColumns,
  hidden: reviews.hidden,
  product: { id: products.id, name: products.name },
};

/**
 * A page of every review, hidden ones included, newest first, with its product (staff), and how
 * many match, counted up to `cap` (db/paging.ts).
 */
export async function listStaffReviews(
  db: Database,
  filter: StaffReviewFilter,
  page: { limit: number; offset: number },
  cap?: number,
): Promise<{ rows: StaffReviewRow[] } & CappedTotal> {
  const where = staffWhere(filter);
  const [rows, counted] = await Promise.all([
    db
      .select(staffColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(reviews).where(where), cap),
  ]);
  return { rows, ...counted };
}

export async function findStaffReviewRow(db: Database, id: string): Promise<StaffReviewRow | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, id))
    .limit(1);
  return row;
}

/** The product a review is of, or undefined when there is no such review. */
export async function findReviewProductId(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  return row?.productId;
}

/** Hides a review from the shop or shows it again; false when there is no such review. */
export async function setReviewHidden(db: Database, id: string, hidden: boolean): Promise<boolean> {
  // NOTE: updated_at is the author's last edit; moderation leaves it as it was.
  const rows = await db
    .update(reviews)
    .set({ hidden, updatedAt: sql`${reviews.updatedAt}` })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Sets the shop's reply under a review; false when there is no such review. */
export async function setReviewReply(db: Database, id: string, reply: string): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ reply, repliedAt: sql`clock_timestamp()`, updatedAt: sql`${reviews.updatedAt}` })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Deletes a review whoever wrote it (staff); false when there was none. */
export async function deleteReviewById(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return rows.length > 0;
}
