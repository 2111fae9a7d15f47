import { PhotoIcon, TrashIcon } from "@heroicons/react/24/outline";
import { LOW_STOCK_THRESHOLD } from "@shop/shared/constants";
import { discountCodes, stock as stockMessages } from "@shop/shared/messages";
import type { PricedLine } from "@shop/shared/pricing";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { MediaImage } from "#web/components/media-image";
import { formatOptionValues, OptionValues } from "#web/components/option-values";
import { Price } from "#web/components/price";
import { QuantitySelector } from "#web/components/quantity-selector";
import { isPurchasable, itemKey, lineLimit, useCart } from "#web/lib/cart-store";
import { useMaxQuantityPerLine } from "#web/lib/config";
import { cx } from "#web/lib/cx";
import { formatPrice } from "#web/lib/money";
import type { CartItem } from "#web/lib/stored-state-types";

/**
 * One cart line: picture, name and option values, unit price, quantity (SPEC section 5 rules, per
 * variant), line total and Remove; `codeLeftOut` names the applied discount code when it takes
 * nothing off this line.
 */
export function CartLine({
  item,
  priced,
  codeLeftOut,
}: {
  item: CartItem;
  priced: PricedLine | undefined;
  codeLeftOut?: string | null | undefined;
}) {
  const { product, quantity } = item;
  const key = itemKey(item);
  const values = formatOptionValues(item.variant?.options);
  // "Trail Running Shoes, Size: 9": what the line's controls are named by for a screen reader.
  const label = values ? `${product.name}, ${values}` : product.name;
  const setQuantity = useCart((state) => state.setQuantity);
  const maxPerLine = useMaxQuantityPerLine();
  const removeItem = useCart((state) => state.removeItem);
  const purchasable = isPurchasable(product);
  const productLink = item.variant
    ? `/product/${product._id}?variant=${item.variant._id}`
    : `/product/${product._id}`;

  return (
    <li className="flex gap-3 py-5 sm:gap-5">
      <Link
        to={productLink}
        tabIndex={-1}
        aria-hidden="true"
        className={cx(
          "size-20 shrink-0 overflow-hidden rounded-control bg-neutral-100 sm:size-24",
          !purchasable && "opacity-50 grayscale",
        )}
      >
        {product.thumbnail ? (
          <MediaImage media={product.thumbnail} alt="" sizes="96px" className="size-full object-cover" />
        ) : (
          <PhotoIcon className="m-auto mt-6 size-8 text-neutral-300" aria-hidden="true" />
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 className="text-sm font-semibold text-neutral-900 sm:text-base">
            <Link to={productLink} className="hover:text-brand-700 hover:underline">
              {product.name}
            </Link>
          </h2>
          <OptionValues values={item.variant?.options} />
          <Price price={product.price} onSale={product.onSale} salePrice={product.salePrice} />
          {!product.isActive ? (
            <p className="text-sm font-medium text-danger-700">No longer available</p>
          ) : product.stock <= 0 ? (
            <p className="text-sm font-medium text-danger-700">{stockMessages.outOfStock}</p>
          ) : product.stock <= LOW_STOCK_THRESHOLD ? (
            <p className="text-sm text-warning-700">{stockMessages.lowStock(product.stock)}</p>
          ) : null}
          {codeLeftOut && purchasable ? (
            <p className="text-sm text-neutral-600">{discountCodes.notOnLine(codeLeftOut)}</p>
          ) : null}
        </div>

        <div className="flex flex-wrap items-end justify-between gap-3 sm:flex-col sm:items-end sm:justify-start">
          {purchasable ? (
            <QuantitySelector
              value={quantity}
              max={lineLimit(product, maxPerLine)}
              onChange={(next) => setQuantity(key, next, maxPerLine)}
              label={
                <>
                  Quantity<span className="sr-only"> of {label}</span>
                </>
              }
              className="[&_legend]:sr-only sm:[&_legend]:not-sr-only"
            />
          ) : null}
          <div className="flex items-center gap-3">
            <p className="text-base font-semibold text-neutral-900 tabular-nums">
              <span className="sr-only">Line total: </span>
              {purchasable ? formatPrice(priced?.lineTotal ?? 0) : "—"}
            </p>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => removeItem(key)}
              aria-label={`Remove ${label}`}
              className="text-danger-700 hover:bg-danger-50"
            >
              <TrashIcon className="size-4" aria-hidden="true" />
              <span className="hidden sm:inline">Remove</span>
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
