import { useDeferredValue } from "react";
import { cx } from "../lib/cx";
import { type CardProduct, ProductCard, ProductCardSkeleton } from "./product-card";

const GRID_CLASS = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4 lg:gap-6";

/** How many cards fill the first screen on a wide layout: their pictures load at once. */
const FIRST_ROW = 4;
/** The first row on a phone: one of its pictures is the page's largest paint, fetched first. */
const FIRST_PHONE_ROW = 2;

const NONE: readonly CardProduct[] = [];

interface ProductGridProps {
  products: readonly CardProduct[];
  /** The cards' title level: 2 under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
  /** The grid opens the page: its first row's pictures are fetched at once, the rest lazily. */
  aboveTheFold?: boolean;
  /** Older results shown while the next page loads. */
  stale?: boolean;
  className?: string;
}

function imageLoad(aboveTheFold: boolean, index: number): "priority" | "eager" | "lazy" {
  if (!aboveTheFold || index >= FIRST_ROW) return "lazy";
  return index < FIRST_PHONE_ROW ? "priority" : "eager";
}

export function ProductGrid({
  products,
  headingLevel = 3,
  aboveTheFold = false,
  stale = false,
  className,
}: ProductGridProps) {
  // NOTE: a grid that appears with its data first shows its skeleton, then React renders the cards
  // in the background (in short slices, not one long task); both take the same room, so nothing moves.
  const shown = useDeferredValue(products, NONE);
  if (shown === NONE && products.length > 0) {
    return <ProductGridSkeleton count={products.length} className={className} />;
  }
  return (
    <ul
      aria-busy={stale || undefined}
      className={cx(GRID_CLASS, stale && "opacity-60 transition-opacity", className)}
    >
      {shown.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            imageLoad={imageLoad(aboveTheFold, index)}
          />
        </li>
      ))}
    </ul>
  );
}

/** A grid of card-shaped placeholders, as tall as the cards that will replace them. */
export function ProductGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cx(GRID_CLASS, className)}>
      <span className="sr-only" role="status">
        Loading products
      </span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
