import { HeartIcon, PhotoIcon, TrashIcon } from "@heroicons/react/24/outline";
import { LOW_STOCK_THRESHOLD } from "@shop/shared/constants";
import { errors, stock as stockWords, wishlistWords } from "@shop/shared/messages";
import type { WishlistItemDto } from "@shop/shared/schemas/shopper-lists";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { Button, buttonClasses } from "#web/components/button";
import { EmptyState } from "#web/components/empty-state";
import { ErrorState } from "#web/components/error-state";
import { MediaImage } from "#web/components/media-image";
import { Price } from "#web/components/price";
import { Skeleton } from "#web/components/skeleton";
import { errorMessage } from "#web/lib/api";
import { toCartProduct, useCart } from "#web/lib/cart-store";
import { useMaxQuantityPerLine } from "#web/lib/config";
import { cx } from "#web/lib/cx";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { toast } from "#web/lib/toast";
import { changeSaved, wishlistItemsQueryOptions } from "#web/lib/wishlist";

type Saved = WishlistItemDto["product"];

/** In stock, "Only N left in stock" or out of stock, as the product page says it. */
function StockLine({ product }: { product: Saved }) {
  const [text, tone] =
    product.stock <= 0
      ? [stockWords.outOfStock, "text-danger-700"]
      : product.options.length === 0 && product.stock <= LOW_STOCK_THRESHOLD
        ? [stockWords.lowStock(product.stock), "text-warning-700"]
        : [stockWords.inStock, "text-success-700"];
  return <p className={cx("text-sm font-medium", tone)}>{text}</p>;
}

function SavedProduct({ product }: { product: Saved }) {
  const queryClient = useQueryClient();
  const maxPerLine = useMaxQuantityPerLine();
  const hasOptions = product.options.length > 0;
  const page = `/product/${product._id}`;

  // A product without options goes to the cart as it is; one with options needs a choice first.
  const moveToCart = () => {
    const added = useCart.getState().addItem(toCartProduct(product), 1, maxPerLine);
    if (added === 0) {
      toast.error(errors.addToCart);
      return;
    }
    toast.success(wishlistWords.moved(product.name));
    void changeSaved(queryClient, product._id, false);
  };

  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0">
      {/* The picture repeats the name's link for a pointer: read out and tabbed to once, by its name. */}
      <Link
        to={page}
        tabIndex={-1}
        aria-hidden="true"
        className="size-24 shrink-0 overflow-hidden rounded-control bg-neutral-100 sm:size-28"
      >
        {product.thumbnail ? (
          <MediaImage
            media={product.thumbnail}
            alt={product.name}
            sizes="112px"
            className="size-full object-cover"
          />
        ) : (
          <span className="flex size-full items-center justify-center">
            <PhotoIcon className="size-8 text-neutral-300" aria-hidden="true" />
          </span>
        )}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0 space-y-1">
          <h2 className="text-base font-medium text-neutral-900">
            <Link to={page} className="hover:underline">
              {product.name}
            </Link>
          </h2>
          <Price
            price={product.price}
            onSale={product.onSale}
            salePrice={product.salePrice}
            from={hasOptions}
          />
          <StockLine product={product} />
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2 sm:mt-0 sm:flex-col sm:items-end">
          {hasOptions ? (
            <Link
              to={page}
              aria-label={wishlistWords.chooseOptionsOf(product.name)}
              className={buttonClasses({ size: "sm" })}
            >
              {wishlistWords.chooseOptions}
            </Link>
          ) : (
            <Button
              size="sm"
              onClick={moveToCart}
              disabled={product.stock <= 0}
              aria-label={wishlistWords.moveToCartOf(product.name)}
            >
              {wishlistWords.moveToCart}
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void changeSaved(queryClient, product._id, false)}
            aria-label={wishlistWords.removeOf(product.name)}
          >
            <TrashIcon className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-5">
      <span className="sr-only" role="status">
        Loading your wishlist
      </span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-4">
          <Skeleton className="size-24 rounded-control sm:size-28" />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-4 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * /account/wishlist: the products the shopper saved, newest first, at today's price with their
 * stock; each moves to the cart (a product with options links to its page to choose them) or is
 * removed.
 */
export function WishlistPage() {
  const head = <PageMeta title={pageTitle(wishlistWords.title)} />;
  const queryClient = useQueryClient();
  const wishlist = useQuery(wishlistItemsQueryOptions(queryClient));
  const items = wishlist.data;

  return (
    <>
      {head}
      <section className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
            {wishlistWords.title}
          </h1>
          {items && items.length > 0 ? (
            <p className="text-sm text-neutral-600">{wishlistWords.count(items.length)}</p>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-neutral-600">{wishlistWords.intro}</p>
        <div className="mt-6">
          {wishlist.isPending ? (
            <div className="rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6">
              <ListSkeleton />
            </div>
          ) : wishlist.isError ? (
            <ErrorState message={`${wishlistWords.loadFailed} ${errorMessage(wishlist.error)}`} />
          ) : items && items.length > 0 ? (
            <ul className="divide-y divide-neutral-200 rounded-card bg-white p-5 shadow-card ring-1 ring-neutral-200 sm:p-6">
              {items.map((item) => (
                <SavedProduct key={item.product._id} product={item.product} />
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={HeartIcon}
              title={wishlistWords.empty}
              description={wishlistWords.emptyHint}
              action={
                <Link to="/" className={buttonClasses()}>
                  {wishlistWords.browse}
                </Link>
              }
            />
          )}
        </div>
      </section>
    </>
  );
}
