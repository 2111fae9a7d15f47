import { lazy, Suspense } from "react";

// NOTE: the heart is on every product card: its code (the wishlist query, the tap) is fetched right
// after the first paint instead of with it, all hearts sharing the one chunk; until then its place
// is kept, so nothing moves when it appears.
const HeartButton = lazy(() => import("./wishlist-heart-button"));
const SavedBadge = lazy(() => import("./wishlist-heart-button").then((m) => ({ default: m.SavedOnSale })));

/** The wishlist's heart of a product (components/wishlist-heart-button.tsx). */
export function WishlistHeart(props: { productId: string; className: string }) {
  return (
    <Suspense fallback={<span className={`size-10 ${props.className}`} />}>
      <HeartButton {...props} />
    </Suspense>
  );
}

/** The product page's "On sale: a product you saved", for a product on sale; nothing until it is known saved. */
export function SavedOnSale({ productId }: { productId: string }) {
  return (
    <Suspense fallback={null}>
      <SavedBadge productId={productId} />
    </Suspense>
  );
}
