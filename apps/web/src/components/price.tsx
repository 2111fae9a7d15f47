import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { formatPrice } from "#web/lib/money";
import { cx } from "../lib/cx";

type PricedProduct = Pick<ProductSummaryDto, "price" | "onSale" | "salePrice">;

interface PriceProps extends PricedProduct {
  size?: "sm" | "lg";
  /** The lowest of several prices (a product whose variants are priced apart): "from $X". */
  from?: boolean;
  className?: string;
}

/** How much off a sale takes, in whole percent. */
export function discountPercent({ price, onSale, salePrice }: PricedProduct): number {
  if (!onSale || price <= 0) return 0;
  return Math.round(((price - salePrice) / price) * 100);
}

/** The price; on sale, the sale price with the original struck through beside it. */
export function Price({ price, onSale, salePrice, size = "sm", from = false, className }: PriceProps) {
  const main = size === "lg" ? "text-2xl font-bold sm:text-3xl" : "text-base font-semibold";
  const struck = size === "lg" ? "text-lg" : "text-sm";
  const fromLabel = from ? (
    <span className={cx("font-normal text-neutral-600", size === "lg" ? "text-lg" : "text-sm")}>from </span>
  ) : null;
  if (!onSale) {
    return (
      <p className={cx(main, "text-neutral-900 tabular-nums", className)}>
        {fromLabel}
        {formatPrice(price)}
      </p>
    );
  }
  return (
    <p className={cx("flex flex-wrap items-baseline gap-x-2 tabular-nums", className)}>
      {fromLabel}
      <span className="sr-only">Sale price</span>
      <span className={cx(main, "text-accent-700")}>{formatPrice(salePrice)}</span>
      <span className="sr-only">Original price</span>
      <s className={cx(struck, "text-neutral-500")}>{formatPrice(price)}</s>
    </p>
  );
}
