import { NoSymbolIcon } from "@heroicons/react/24/outline";
import { errors, staffNotes } from "@shop/shared/messages";
import type { ProductDto } from "@shop/shared/schemas/product";
import { lazy, Suspense, useDeferredValue, useId, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Breadcrumb } from "#web/components/breadcrumb";
import { buttonClasses } from "#web/components/button";
import { CheckDelivery } from "#web/components/check-delivery";
import { ErrorState } from "#web/components/error-state";
import { discountPercent, Price } from "#web/components/price";
import { Skeleton } from "#web/components/skeleton";
import { formatRating, Stars } from "#web/components/stars";
import { SavedOnSale, WishlistHeart } from "#web/components/wishlist-heart";
import { errorMessage, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { useRecordRecentlyViewed } from "#web/lib/recently-viewed";
import { useProduct } from "./api/get-product";
import { AddToCart } from "./components/add-to-cart";
import { OptionSelector } from "./components/option-selector";
import { ProductGallery } from "./components/product-gallery";
import { RelatedProducts } from "./components/related-products";
import { StockStatus } from "./components/stock-status";
import { PRODUCT_ID } from "./route-data";
import {
  type Choice,
  choose,
  chosenVariant,
  initialChoice,
  missingOption,
  pricesDiffer,
} from "./variant-choice";

const PAGE_CLASS = "mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8";

// Only a sold-out choice needs it: the page's first load does not carry it.
const StockAlert = lazy(() => import("./components/stock-alert"));
// Below the fold and rendered after the rest (see `below`): its code is fetched then, not first.
const ProductReviews = lazy(() =>
  import("./components/product-reviews").then((m) => ({ default: m.ProductReviews })),
);

/** 'Product not found.' or 'Product is not available.' (SPEC section 8) in place of the product. */
function ProductUnavailable({ message }: { message: string }) {
  const head = <PageMeta title={pageTitle(message)} />;
  return (
    <>
      {head}
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <NoSymbolIcon className="size-12 text-neutral-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-neutral-900">{message}</h1>
        <Link to="/" className={cx(buttonClasses(), "mt-8")}>
          Continue shopping
        </Link>
      </section>
    </>
  );
}

function ProductSkeleton() {
  return (
    <div className={PAGE_CLASS}>
      <span className="sr-only" role="status">
        Loading product
      </span>
      <Skeleton className="h-5 w-64 max-w-full" />
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-square w-full rounded-card" />
        <div className="space-y-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-5 w-36" />
          <Skeleton className="mt-6 h-12 w-full max-w-sm" />
          <Skeleton className="mt-6 h-24 w-full" />
        </div>
      </div>
    </div>
  );
}

function ProductDetails({ product }: { product: ProductDto }) {
  const head = <PageMeta title={pageTitle(product.name)} description={product.description} />;
  useRecordRecentlyViewed(product);
  const { average, count } = product.rating;
  const hasOptions = product.options.length > 0;
  const [searchParams, setSearchParams] = useSearchParams();
  // The chosen values; a complete choice is the variant in the address (?variant=), so a shared link opens it.
  const [choice, setChoice] = useState<Choice>(() => initialChoice(product, searchParams.get("variant")));
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const optionIds = useId();
  const variant = chosenVariant(product, choice);
  // Price, sale price and stock are the chosen variant's; before a choice, the cheapest ("from").
  const priced = variant ?? product;
  const discount = discountPercent(priced);

  const onChoose = (optionName: string, value: string) => {
    const next = choose(product, choice, optionName, value);
    setChoice(next);
    const nextVariant = chosenVariant(product, next);
    // NOTE: replace, not push: choosing sizes adds no history entries; and no scroll to the top.
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (nextVariant) params.set("variant", nextVariant._id);
        else params.delete("variant");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onMissingOption = (optionName: string) => {
    setMissing(optionName);
    const index = product.options.findIndex((option) => option.name === optionName);
    const group = document.getElementById(`${optionIds}-${index}`);
    const control = group?.matches("select") ? group : group?.querySelector("input:not(:disabled)");
    if (control instanceof HTMLElement) control.focus();
  };
  // The reviews and related products are below the fold: React renders them after the rest is on
  // screen, in the background, so the picture and the price show sooner.
  const below = useDeferredValue<ProductDto | null>(product, null);

  return (
    <>
      {head}
      <div className={PAGE_CLASS}>
        <Breadcrumb
          items={[
            { label: "Home", to: "/" },
            { label: product.category.name, to: `/product-category/${product.category.slug}` },
            { label: product.name },
          ]}
        />

        {product.isActive ? null : (
          <p className="mt-4 rounded-card border border-warning-100 bg-warning-50 px-4 py-3 text-sm text-warning-700">
            {staffNotes.productInactive}
          </p>
        )}

        <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
          <ProductGallery
            key={product._id}
            name={product.name}
            thumbnail={product.thumbnail}
            gallery={product.gallery}
          />

          <div>
            <WishlistHeart productId={product._id} className="float-right ml-3" />
            <Link
              to={`/product-category/${product.category.slug}`}
              className="text-sm font-semibold tracking-wide text-brand-700 uppercase hover:underline"
            >
              {product.category.name}
            </Link>
            <h1 className="mt-2 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">
              {product.name}
            </h1>

            <div className="mt-3 flex items-center gap-2">
              <Stars rating={count > 0 ? average : 0} size="md" />
              <a href="#reviews" className="text-sm text-neutral-600 hover:text-brand-700 hover:underline">
                {count > 0 ? `${formatRating(average)} · ` : ""}
                {count} {count === 1 ? "review" : "reviews"}
              </a>
            </div>

            <div className="mt-5 flex flex-wrap items-center gap-3">
              <Price
                price={priced.price}
                onSale={priced.onSale}
                salePrice={priced.salePrice}
                from={!variant && pricesDiffer(product)}
                size="lg"
              />
              {discount > 0 ? (
                <span className="rounded-full bg-accent-100 px-2.5 py-0.5 text-sm font-semibold text-accent-700">
                  Save {discount}%
                </span>
              ) : null}
              {product.onSale ? <SavedOnSale productId={product._id} /> : null}
            </div>

            <StockStatus
              stock={variant ? (variant.isActive ? variant.stock : 0) : product.stock}
              exact={!hasOptions || variant !== undefined}
              className="mt-4"
            />

            {hasOptions ? (
              <div className="mt-6">
                <OptionSelector
                  product={product}
                  choice={choice}
                  onChoose={onChoose}
                  missing={missing}
                  idPrefix={optionIds}
                />
              </div>
            ) : null}

            {/* On a small screen the quantity and Add to cart stay at the bottom of the screen while the
              details are in view: they can be reached without scrolling past the gallery. */}
            <div className="mt-6 border-t border-neutral-200 pt-6 max-lg:sticky max-lg:bottom-0 max-lg:z-20 max-lg:-mx-4 max-lg:bg-white/95 max-lg:px-4 max-lg:pb-3 max-lg:pt-3 max-lg:shadow-[0_-4px_12px_rgb(0_0_0/0.06)] max-lg:backdrop-blur sm:max-lg:-mx-6 sm:max-lg:px-6">
              <AddToCart
                key={product._id}
                product={product}
                variant={variant}
                missingOption={missingOption(product, choice)}
                onMissingOption={onMissingOption}
              />
            </div>

            {/* A sold-out variant (the only one of a product without options counts as chosen). */}
            {product.isActive && variant?.isActive && variant.stock <= 0 ? (
              <Suspense fallback={null}>
                <StockAlert key={variant._id} variantId={variant._id} />
              </Suspense>
            ) : null}

            <CheckDelivery product={product._id} className="mt-6" />

            <div className="mt-6 border-t border-neutral-200 pt-6">
              <h2 className="text-base font-semibold text-neutral-900">Description</h2>
              <p className="mt-2 text-base leading-7 whitespace-pre-line text-neutral-700">
                {product.description}
              </p>
            </div>
          </div>
        </div>

        {below ? (
          <div className="mt-16 space-y-16">
            <Suspense fallback={<div className="min-h-96" />}>
              <ProductReviews product={below} />
            </Suspense>
            <RelatedProducts productId={below._id} category={below.category} />
          </div>
        ) : (
          // Keeps the footer out of the first screen until the sections arrive, so it does not jump.
          <div className="mt-16 min-h-[50vh]" />
        )}
      </div>
    </>
  );
}

export function ProductPage() {
  const { productId = "" } = useParams();
  const validId = PRODUCT_ID.test(productId);
  const product = useProduct(productId, { enabled: validId });

  if (!validId) return <ProductUnavailable message={errors.productNotFound} />;
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    // The API's 404 says which: 'Product not found.' or 'Product is not available.'
    if (isApiError(product.error) && product.error.status === 404) {
      return <ProductUnavailable message={product.error.message} />;
    }
    return (
      <div className={PAGE_CLASS}>
        <ErrorState message={errorMessage(product.error)} prefix={false} />
      </div>
    );
  }
  // A new product starts afresh (its lower sections are rendered after the rest again).
  return <ProductDetails key={product.data._id} product={product.data} />;
}
