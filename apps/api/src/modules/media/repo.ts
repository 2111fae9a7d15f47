/** SQL for media. */
import { count, desc, eq, ilike, inArray } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { escapeLike } from "#api/db/like";
import { type Media, media, type NewMedia } from "#api/db/schema/media";

export async function insertMedia(db: Database, values: NewMedia): Promise<Media> {
  const [row] = await db.insert(media).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findMediaById(db: Database, id: string): Promise<Media | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}

/** The rows among these ids, in no particular order; unknown ids are simply absent. */
export async function findMediaByIds(db: Database, ids: readonly string[]): Promise<Media[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
}

/** Newest first, optionally only names containing the keyword (case-insensitive). */
export async function listMedia(
  db: Database,
  filter: { keyword?: string },
  page: { limit: number; offset: number },
) {
  const where = filter.keyword ? ilike(media.name, `%${escapeLike(filter.keyword)}%`) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(media)
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(media).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Deletes the row and returns it (undefined when it did not exist). The foreign keys do the rest:
 * products.thumbnail_id becomes NULL and product_gallery rows go (ON DELETE SET NULL / CASCADE).
 */
export async function deleteMediaById(db: Database, id: string): Promise<Media | undefined> {
  const [row] = await db.delete(media).where(eq(media.id, id)).returning();
  return row;
}
