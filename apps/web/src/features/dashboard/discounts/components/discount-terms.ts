/** How the dashboard words a discount code's terms, in its list and its form. */
import type { DiscountScope, DiscountStatus, DiscountType } from "@shop/shared/constants";
import type { DiscountDto } from "@shop/shared/schemas/discount";
import { formatDateTime } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = {
  percentage: "Percentage",
  fixed: "Fixed amount",
  free_shipping: "Free shipping",
};

export const DISCOUNT_SCOPE_LABELS: Record<DiscountScope, string> = {
  all: "All products",
  categories: "Some categories",
  products: "Some products",
};

export const DISCOUNT_STATUS_LABELS: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  "used-up": "Used up",
  inactive: "Inactive",
};

/** "10%", "$25.00 off", "Free shipping". */
export function discountValueText({ type, value }: Pick<DiscountDto, "type" | "value">): string {
  if (type === "percentage") return `${value}%`;
  if (type === "fixed") return `${formatPrice(value)} off`;
  return "Free shipping";
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "All products", the category names (or "3 categories"), or "2 products". */
export function discountScopeText(
  discount: Pick<DiscountDto, "appliesTo" | "categories" | "products">,
  categoryNames: ReadonlyMap<string, string>,
): string {
  if (discount.appliesTo === "all") return DISCOUNT_SCOPE_LABELS.all;
  if (discount.appliesTo === "products") return plural(discount.products.length, "product", "products");
  const names = discount.categories.map((id) => categoryNames.get(id));
  if (names.length <= 2 && names.every((name) => name !== undefined)) return names.join(", ");
  return plural(discount.categories.length, "category", "categories");
}

/** "From Nov 20, 2026, 9:00 AM", "Until ...", both, or "Always". */
export function discountDatesText({ startsAt, endsAt }: Pick<DiscountDto, "startsAt" | "endsAt">): string {
  if (startsAt && endsAt) return `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`;
  if (startsAt) return `From ${formatDateTime(startsAt)}`;
  if (endsAt) return `Until ${formatDateTime(endsAt)}`;
  return "No dates";
}

/** "3 / 100", or "3 / no limit". */
export function discountUsesText({ usedCount, usageLimit }: Pick<DiscountDto, "usedCount" | "usageLimit">) {
  return `${usedCount} / ${usageLimit ?? "no limit"}`;
}
