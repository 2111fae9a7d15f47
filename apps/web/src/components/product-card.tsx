import { PhotoIcon } from "@heroicons/react/24/outline";
import { CARD_IMAGE_SIZES } from "@shop/shared/images";
import { empty, stock as stockMessages } from "@shop/shared/messages";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import { Link } from "react-router";
import { cx } from "../lib/cx";
import { MediaImage } from "./media-image";
import { discountPercent, Price } from "./price";
import { Stars } from "./stars";
import { WishlistHeart } from "./wishlist-heart";

export type CardProduct = Pick<
  ProductSummaryDto,
  "_id" | "name" | "price" | "onSale" | "salePrice" | "stock" | "thumbnail" | "rating"
> & {
  /** A product with options is priced by its cheapest variant: the card says "from". */
  options?: ProductSummaryDto["options"] | undefined;
};

interface ProductCardProps {
  product: CardProduct;
  /** The card's title level under the heading it sits beneath. */
  headingLevel?: 2 | 3;
  /** "eager" for cards in the first screenful, so their pictures are not delayed; "priority" first. */
  imageLoad?: "lazy" | "eager" | "priority";
}

function Badge({ tone, children }: { tone: "sale" | "out"; children: string }) {
  return (
    <span
      className={cx(
        "rounded-full px-2 py-0.5 text-xs font-semibold",
        tone === "sale" ? "bg-accent-700 text-white" : "bg-neutral-900/80 text-white",
      )}
    >
      {children}
    </span>
  );
}

/**
 * A product in a grid: picture, name (the link to its page), rating, price, badges and the wishlist's
 * heart. Every part has a fixed height, so a grid of cards and its skeleton take the same room.
 */
export function ProductCard({ product, headingLevel = 3, imageLoad = "lazy" }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const outOfStock = product.stock <= 0;
  const discount = discountPercent(product);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-neutral-200 transition-shadow hover:shadow-popover">
      <div className="relative aspect-square overflow-hidden bg-neutral-100">
        {product.thumbnail ? (
          <MediaImage
            media={product.thumbnail}
            alt={product.name}
            sizes={CARD_IMAGE_SIZES}
            load={imageLoad}
            className={cx(
              "size-full object-cover transition-transform duration-300 group-hover:scale-105",
              outOfStock && "opacity-60",
            )}
          />
        ) : (
          <div className="flex size-full items-center justify-center">
            <PhotoIcon className="size-10 text-neutral-300" aria-hidden="true" />
          </div>
        )}
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {outOfStock ? <Badge tone="out">{stockMessages.outOfStock}</Badge> : null}
          {product.onSale && discount > 0 ? <Badge tone="sale">{`${discount}% off`}</Badge> : null}
        </div>
        {/* Above the link that covers the card, so that a tap on it saves rather than opens. */}
        <WishlistHeart productId={product._id} className="absolute top-2 right-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <Heading className="line-clamp-2 h-10 text-sm leading-5 font-medium text-neutral-900">
          <Link
            to={`/product/${product._id}`}
            className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
          >
            {product.name}
          </Link>
        </Heading>
        <div className="mt-1.5 flex h-5 items-center gap-1.5">
          {product.rating.count > 0 ? (
            <>
              <Stars rating={product.rating.average} />
              <span className="text-xs text-neutral-500">
                ({product.rating.count}
                <span className="sr-only"> {product.rating.count === 1 ? "review" : "reviews"}</span>)
              </span>
            </>
          ) : (
            <span className="text-xs text-neutral-500">{empty.reviews}</span>
          )}
        </div>
        <Price
          price={product.price}
          onSale={product.onSale}
          salePrice={product.salePrice}
          // NOTE: lists carry no variant prices (decision 015: no list reads variants); the
          // product-level price is the cheapest variant's, so "from" is always true of it.
          from={(product.options?.length ?? 0) > 0}
          className="mt-1.5 h-6 overflow-hidden"
        />
      </div>
    </article>
  );
}

/** The room of one card while it loads. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col overflow-hidden rounded-card bg-white ring-1 ring-neutral-200"
    >
      <div className="aspect-square animate-pulse bg-neutral-200" />
      <div className="p-3 sm:p-4">
        <div className="h-10 space-y-2 pt-0.5">
          <div className="h-3.5 w-full animate-pulse rounded bg-neutral-200" />
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-neutral-200" />
        </div>
        <div className="mt-1.5 flex h-5 items-center">
          <div className="h-3.5 w-24 animate-pulse rounded bg-neutral-200" />
        </div>
        <div className="mt-1.5 flex h-6 items-center">
          <div className="h-4 w-16 animate-pulse rounded bg-neutral-200" />
        </div>
      </div>
    </div>
  );
}
