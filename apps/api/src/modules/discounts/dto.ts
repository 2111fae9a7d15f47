import type { DiscountDto } from "@shop/shared/schemas/discount";
import { type DiscountWithTargets, statusOf } from "./repo";

export function toDiscountDto(row: DiscountWithTargets, now = new Date()): DiscountDto {
  return {
    _id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    appliesTo: row.appliesTo,
    // A code keeps only the targets its scope reads.
    categories: row.appliesTo === "categories" ? row.categories : [],
    products: row.appliesTo === "products" ? row.products : [],
    combinesWithSale: row.combinesWithSale,
    isActive: row.isActive,
    usedCount: row.usedCount,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
