import { lazy, Suspense } from "react";

// NOTE: the heart is on every product card: its code (the wishlist query, the tap) is fetched right
// after the first paint instead of with it, all hearts sharing the one chunk; until then its place
// is kept, so nothing moves when it appears.
const HeartButton = lazy(() => import("./wishlist-heart-button"));

interface WishlistHeartProps {
  productId: string;
  /** The product page's: a saved product on sale says so beside the heart. */
  onSale?: boolean;
  className: string;
}

/** The wishlist's heart of a product (components/wishlist-heart-button.tsx). */
export function WishlistHeart(props: WishlistHeartProps) {
  return (
    <Suspense fallback={<span className={`size-10 ${props.className}`} />}>
      <HeartButton {...props} />
    </Suspense>
  );
}
