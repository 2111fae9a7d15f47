import { PhotoIcon, ShoppingCartIcon } from "@heroicons/react/24/outline";
import { empty } from "@shop/shared/messages";
import { formatPrice } from "@shop/shared/pricing";
import { STATIC_PAGE_HEADS } from "@shop/shared/site";
import { Link } from "react-router";
import { buttonClasses } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { MediaImage } from "../../components/media-image";
import { cartSummary, useCart } from "../../lib/cart-store";
import { usePageMeta } from "../../lib/page-meta";

// NOTE: quantity changes, removal, the price summary and checkout arrive with the cart issue; until
// then this page lists what the cart holds, read-only, so it never claims a full cart is empty.
export function CartPage() {
  usePageMeta(STATIC_PAGE_HEADS["/cart"]);
  const items = useCart((state) => state.items);
  const summary = cartSummary(items);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Shopping cart</h1>
      <div className="mt-6">
        {items.length === 0 ? (
          <EmptyState
            icon={ShoppingCartIcon}
            title={empty.cart}
            action={
              <Link to="/" className={buttonClasses()}>
                Browse products
              </Link>
            }
          />
        ) : (
          <div className="rounded-card bg-white shadow-card ring-1 ring-neutral-200">
            <ul className="divide-y divide-neutral-200">
              {items.map(({ product, quantity }, index) => (
                <li key={product._id} className="flex items-center gap-4 p-4">
                  <div className="size-16 shrink-0 overflow-hidden rounded-control bg-neutral-100">
                    {product.thumbnail ? (
                      <MediaImage
                        media={product.thumbnail}
                        alt=""
                        sizes="64px"
                        className="size-full object-cover"
                      />
                    ) : (
                      <PhotoIcon className="m-auto size-8 text-neutral-300" aria-hidden="true" />
                    )}
                  </div>
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/product/${product._id}`}
                      className="font-medium text-neutral-900 hover:text-brand-700 hover:underline"
                    >
                      {product.name}
                    </Link>
                    <p className="text-sm text-neutral-600">Quantity: {quantity}</p>
                  </div>
                  <p className="font-semibold text-neutral-900 tabular-nums">
                    {formatPrice(summary.lines[index]?.lineTotal ?? 0)}
                  </p>
                </li>
              ))}
            </ul>
            <p className="flex justify-between border-t border-neutral-200 p-4 font-semibold text-neutral-900">
              <span>Items</span>
              <span className="tabular-nums">{formatPrice(summary.itemsPrice)}</span>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
