import { inventoryPage } from "@shop/shared/messages";
import { cx } from "../lib/cx";

/**
 * "Out of stock" (red) at 0 units, "Low stock" (yellow) at or under the threshold, nothing above it:
 * the products and inventory lists' mark, in the status badges' pill.
 */
export function StockBadge({
  stock,
  threshold,
  className,
}: {
  stock: number;
  threshold: number;
  className?: string;
}) {
  if (stock > threshold) return null;
  const out = stock <= 0;
  return (
    <span
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        out
          ? "bg-danger-100 text-danger-700 ring-danger-600/30"
          : "bg-warning-100 text-warning-700 ring-warning-600/30",
        className,
      )}
    >
      {out ? inventoryPage.out : inventoryPage.low}
    </span>
  );
}
