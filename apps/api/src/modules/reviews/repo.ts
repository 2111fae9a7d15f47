/** SQL for reviews and the rating aggregate they keep on their product. */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { products } from "#api/db/schema/products";
import { type NewReview, reviews } from "#api/db/schema/reviews";
import { users } from "#api/db/schema/users";

/** A review with what its card shows of the author. */
const reviewColumns = {
  id: reviews.id,
  title: reviews.title,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, avatarUrl: users.avatarUrl },
};

export interface ReviewRow {
  id: string;
  title: string;
  rating: number;
  comment: string;
  createdAt: Date;
  updatedAt: Date;
  user: { id: string; firstName: string; lastName: string; avatarUrl: string | null };
}

/** A page of a product's reviews, newest first. */
export function listReviewsOfProduct(
  db: Database,
  productId: string,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReviewsOfProduct(db: Database, productId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviews).where(eq(reviews.productId, productId));
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

/** Recomputes the average rating (2 decimals) and the review count of these products from their reviews. */
export async function recomputeRatings(db: Database, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({
      ratingAverage: sql`coalesce((select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.productId} = ${products.id}), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id})`,
    })
    .where(inArray(products.id, [...productIds]));
}
