/**
 * Reviews: anyone reads them, a signed-in shopper writes one per product and may change or delete
 * it. Every write recomputes the product's rating average and count in the same transaction,
 * with the product row locked so that concurrent reviews never lose an update.
 */

import { activityPage, api, errors, successes } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { Viewer } from "@shop/shared/roles";
import type { ActivityKind } from "@shop/shared/schemas/activity";
import type { ReviewDto, ReviewInput, ReviewListQuery, StaffReviewDto } from "@shop/shared/schemas/review";
import { AppError } from "#api/core/errors";
import {
  type ListRead,
  limitOffset,
  limitOffsetAndOne,
  type PageRequest,
  withoutExtra,
} from "#api/core/paging";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { User } from "#api/db/schema/users";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { lockProductForUpdate, requireVisibleProduct } from "#api/modules/products/service";
import { toReviewDto, toStaffReviewDto } from "./dto";
import {
  countReviewsOfProduct,
  deleteReviewById,
  deleteReviewOfUser,
  findReviewProductId,
  findReviewRow,
  findStaffReviewRow,
  hasReviewOfUser,
  insertReview,
  listReviewsOfProduct,
  listStaffReviews,
  recomputeRatings,
  type StaffReviewRow,
  setReviewHidden,
  setReviewReply,
  updateReviewOfAuthor,
} from "./repo";

/** Reviews shown on the product page; the rest are paged through GET /products/{id}/reviews. */
export const LATEST_REVIEWS = 10;

/** The newest reviews of a product, for its page (the caller has checked the product's visibility). */
export async function latestReviews(db: Database, productId: string): Promise<ReviewDto[]> {
  return (await listReviewsOfProduct(db, productId, { limit: LATEST_REVIEWS, offset: 0 })).map(toReviewDto);
}

/** A page of a product's reviews, newest first; the product's visibility rules apply. */
export async function listReviews(
  db: Database,
  productId: string,
  viewer: Viewer,
  page: PageRequest,
): Promise<{ items: ReviewDto[]; total: number }> {
  await requireVisibleProduct(db, productId, viewer);
  const [rows, total] = await Promise.all([
    listReviewsOfProduct(db, productId, limitOffset(page)),
    countReviewsOfProduct(db, productId),
  ]);
  return { items: rows.map(toReviewDto), total };
}

async function review(db: Database, id: string): Promise<ReviewDto> {
  const row = await findReviewRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", api.reviewNotFound);
  return toReviewDto(row);
}

const alreadyReviewed = () => new AppError("CONFLICT", api.reviewExists);

/** Adds the user's review of an active product; a second review of the same product is a 409. */
export async function addReview(
  db: Database,
  user: User,
  productId: string,
  input: ReviewInput,
): Promise<{ review: ReviewDto; message: string }> {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const product = await lockProductForUpdate(tx, productId);
      if (!product) throw new AppError("NOT_FOUND", errors.productNotFound);
      if (!product.isActive) throw new AppError("NOT_FOUND", errors.productNotAvailable);
      if (await hasReviewOfUser(tx, productId, user.id)) throw alreadyReviewed();
      const reviewId = await insertReview(tx, { ...input, productId, userId: user.id });
      await recomputeRatings(tx, [productId]);
      return reviewId;
    });
  } catch (error) {
    // NOTE: the unique (user, product) constraint is the last word if two requests race.
    if (isPgError(error, UNIQUE_VIOLATION)) throw alreadyReviewed();
    throw error;
  }
  return { review: await review(db, id), message: successes.review };
}

/** Changes a review; only its author may, anyone else gets the same 404 as for a missing review. */
export async function editReview(
  db: Database,
  user: User,
  where: { productId: string; reviewId: string },
  input: ReviewInput,
): Promise<ReviewDto> {
  await db.transaction(async (tx) => {
    if (!(await lockProductForUpdate(tx, where.productId)))
      throw new AppError("NOT_FOUND", errors.productNotFound);
    const changed = await updateReviewOfAuthor(tx, { ...where, userId: user.id }, input);
    if (!changed) throw new AppError("NOT_FOUND", api.reviewNotFound);
    await recomputeRatings(tx, [where.productId]);
  });
  return review(db, where.reviewId);
}

/** Deletes the caller's own review of a product; 404 when there is none. */
export async function removeOwnReview(db: Database, user: User, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockProductForUpdate(tx, productId))) throw new AppError("NOT_FOUND", errors.productNotFound);
    if (!(await deleteReviewOfUser(tx, productId, user.id)))
      throw new AppError("NOT_FOUND", api.reviewNotFound);
    await recomputeRatings(tx, [productId]);
  });
}

/**
 * Every review for staff, hidden ones included, newest first, narrowed by rating, product, keyword
 * and visibility; the total counted up to COUNT_CAP (`cap` only for tests).
 */
export async function listReviewsForStaff(
  db: Database,
  query: Omit<ReviewListQuery, "page" | "size">,
  page: PageRequest,
  cap?: number,
): Promise<ListRead<StaffReviewDto>> {
  const read = await listStaffReviews(
    db,
    {
      rating: query.rating,
      productId: query.product,
      keyword: query.keyword || undefined,
      hidden: query.hidden,
    },
    limitOffsetAndOne(page),
    cap,
  );
  const { rows, more } = withoutExtra(read.rows, page.size);
  return { items: rows.map(toStaffReviewDto), total: read.total, totalCapped: read.totalCapped, more };
}

async function staffReview(db: Database, id: string): Promise<StaffReviewDto> {
  const row = await findStaffReviewRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", api.reviewNotFound);
  return toStaffReviewDto(row);
}

/** A review as the activity log keeps it. */
function reviewFields(row: StaffReviewRow | undefined) {
  if (!row) return null;
  const { title, rating, comment, hidden, reply, user } = row;
  return { title, rating, comment, author: fullName(user), hidden, reply };
}

const reviewSubject = (row: StaffReviewRow) => ({
  type: "review" as const,
  id: row.id,
  label: activityPage.reviewSubject(row.title, row.product.name),
});

/** Runs a staff change of one review and records it in the activity log with the review before and after. */
async function moderate(
  tx: Database,
  actor: ActivityActor,
  reviewId: string,
  kind: ActivityKind,
  change: (tx: Database) => Promise<boolean>,
): Promise<void> {
  const before = await findStaffReviewRow(tx, reviewId);
  if (!before || !(await change(tx))) throw new AppError("NOT_FOUND", api.reviewNotFound);
  const after = await findStaffReviewRow(tx, reviewId);
  await recordActivity(tx, actor, kind, reviewSubject(before), reviewFields(before), reviewFields(after));
}

/**
 * Runs a staff change of one review with its product locked, then recomputes the product's rating
 * and count in the same transaction; a missing review is a 404.
 */
async function changeReview(
  db: Database,
  actor: ActivityActor,
  reviewId: string,
  kind: ActivityKind,
  change: (tx: Database) => Promise<boolean>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const productId = await findReviewProductId(tx, reviewId);
    if (!productId || !(await lockProductForUpdate(tx, productId)))
      throw new AppError("NOT_FOUND", api.reviewNotFound);
    await moderate(tx, actor, reviewId, kind, change);
    await recomputeRatings(tx, [productId]);
  });
}

/** Hides a review from the shop (kept, left out of the product's rating and count) or shows it again. */
export async function setReviewVisibility(
  db: Database,
  actor: ActivityActor,
  reviewId: string,
  hidden: boolean,
) {
  const kind = hidden ? "review.hidden" : "review.shown";
  await changeReview(db, actor, reviewId, kind, (tx) => setReviewHidden(tx, reviewId, hidden));
  return staffReview(db, reviewId);
}

/** Sets the shop's reply, shown under the review on the product page. */
export async function replyToReview(db: Database, actor: ActivityActor, reviewId: string, text: string) {
  await db.transaction((tx) =>
    moderate(tx, actor, reviewId, "review.replied", (inner) => setReviewReply(inner, reviewId, text)),
  );
  return staffReview(db, reviewId);
}

/** Deletes anyone's review (staff); the product's rating and count follow. */
export async function deleteReview(db: Database, actor: ActivityActor, reviewId: string): Promise<void> {
  await changeReview(db, actor, reviewId, "review.deleted", (tx) => deleteReviewById(tx, reviewId));
}
