import type { ReviewDto, StaffReviewDto } from "@shop/shared/schemas/review";
import type { ReviewRow, StaffReviewRow } from "./repo";

/** A review as the API shows it: the text exactly as written (plain text, rendered inert by the web). */
export function toReviewDto(row: ReviewRow): ReviewDto {
  return {
    _id: row.id,
    title: row.title,
    rating: row.rating,
    comment: row.comment,
    user: {
      _id: row.user.id,
      name: { firstName: row.user.firstName, lastName: row.user.lastName },
      avatar: row.user.avatarUrl ? { url: row.user.avatarUrl } : null,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reply:
      row.reply !== null && row.repliedAt !== null
        ? { text: row.reply, at: row.repliedAt.toISOString() }
        : null,
  };
}

/** A review as staff moderate it. */
export function toStaffReviewDto(row: StaffReviewRow): StaffReviewDto {
  return {
    ...toReviewDto(row),
    product: { _id: row.product.id, name: row.product.name },
    hidden: row.hidden,
  };
}
