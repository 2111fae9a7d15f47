import { CheckCircleIcon, ExclamationTriangleIcon, XCircleIcon } from "@heroicons/react/20/solid";
import { LOW_STOCK_THRESHOLD } from "@shop/shared/constants";
import { stock as messages } from "@shop/shared/messages";
import { cx } from "#web/lib/cx";

/**
 * The stock line: out of stock, 'Only N left in stock' at 10 or fewer (SPEC section 9), or in stock.
 * `exact={false}` (a product with options before a variant is chosen: the stock is summed over its
 * variants) says only in stock or out of stock.
 */
export function StockStatus({
  stock,
  exact = true,
  className,
}: {
  stock: number;
  exact?: boolean;
  className?: string;
}) {
  const [Icon, text, tone] =
    stock <= 0
      ? [XCircleIcon, messages.outOfStock, "text-danger-700"]
      : exact && stock <= LOW_STOCK_THRESHOLD
        ? [ExclamationTriangleIcon, messages.lowStock(stock), "text-warning-700"]
        : [CheckCircleIcon, messages.inStock, "text-success-700"];
  return (
    <p className={cx("flex items-center gap-1.5 text-sm font-medium", tone, className)}>
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}
