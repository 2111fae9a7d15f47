import { ChatBubbleLeftRightIcon, SparklesIcon } from "@heroicons/react/24/outline";
import { DEFAULT_PAGE_SIZE } from "@shop/shared/constants";
import { usePrefetchQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "#web/components/button";
import { ProductGrid, ProductGridSkeleton } from "#web/components/product-grid";
import { QueryState } from "#web/components/query-state";
import { PageMeta, staticPageHead } from "#web/lib/page-meta";
import { useRecentlyViewed } from "#web/lib/recently-viewed";
import { onSaleProductsQueryOptions, useOnSaleProducts } from "./api/get-on-sale-products";
import { productsQueryOptions, useProducts } from "./api/get-products";
import { ProductSection } from "./components/product-section";

const SECTION_SIZE = DEFAULT_PAGE_SIZE;
const ON_SALE = { page: 1, size: SECTION_SIZE };
// SPEC section 2: active products only, best sellers first.
const RECOMMENDED = { page: 1, size: SECTION_SIZE, sort: "best-selling" } as const;

function SaleBanner() {
  return (
    <section className="relative overflow-hidden rounded-card bg-gradient-to-br from-brand-700 via-brand-600 to-brand-800 px-6 py-10 text-white sm:px-10 sm:py-14">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-16 -right-16 size-64 rounded-full bg-accent-500/30 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-24 left-1/3 size-72 rounded-full bg-brand-300/20 blur-3xl"
      />
      <div className="relative max-w-xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
          <SparklesIcon className="size-4" aria-hidden="true" />
          Festive sale
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-5xl">Celebrate in style</h1>
        <p className="mt-3 text-base text-brand-50 sm:text-lg">
          Fresh festive prices on clothing, shoes and watches, for a limited time.
        </p>
        <div className="mt-6">
          <Link to="/sale" className={buttonClasses({ variant: "secondary", size: "lg" })}>
            Shop the sale
          </Link>
        </div>
      </div>
    </section>
  );
}

function OnSaleSection() {
  const onSale = useOnSaleProducts(ON_SALE);
  return (
    <ProductSection id="on-sale" title="On sale" viewAll={{ to: "/sale", label: "View all" }}>
      <QueryState query={onSale} loading={<ProductGridSkeleton count={SECTION_SIZE} />} errorPrefix={false}>
        {/* The first row shows above the fold on wide screens: its pictures load at once. */}
        {({ items }) => <ProductGrid products={items} aboveTheFold />}
      </QueryState>
    </ProductSection>
  );
}

function RecommendedSection() {
  const recommended = useProducts(RECOMMENDED);
  return (
    <ProductSection id="recommended" title="Recommended">
      <QueryState
        query={recommended}
        loading={<ProductGridSkeleton count={SECTION_SIZE} />}
        errorPrefix={false}
      >
        {({ items }) => <ProductGrid products={items} />}
      </QueryState>
    </ProductSection>
  );
}

/** The products this browser viewed last, from local storage; nothing at all when there are none. */
function RecentlyViewedSection() {
  const products = useRecentlyViewed((state) => state.products);
  if (products.length === 0) return null;
  return (
    <ProductSection id="recently-viewed" title="Recently viewed">
      <ProductGrid products={products} />
    </ProductSection>
  );
}

function HelpBlock() {
  return (
    <section
      aria-labelledby="help-heading"
      className="flex flex-col items-start gap-4 rounded-card bg-white p-6 shadow-card ring-1 ring-neutral-200 sm:flex-row sm:items-center sm:p-8"
    >
      <ChatBubbleLeftRightIcon className="size-10 shrink-0 text-brand-600" aria-hidden="true" />
      <div className="flex-1">
        <h2 id="help-heading" className="text-lg font-semibold text-neutral-900">
          Need help with an order?
        </h2>
        <p className="mt-1 text-sm text-neutral-600">Our support team is here to help by email and phone.</p>
      </div>
      <Link to="/contact" className={buttonClasses({ variant: "secondary" })}>
        Contact us
      </Link>
    </section>
  );
}

export function HomePage() {
  const head = <PageMeta {...staticPageHead("/")} />;
  // Both lists are asked for as the page renders, not once it is on screen.
  usePrefetchQuery(onSaleProductsQueryOptions(ON_SALE));
  usePrefetchQuery(productsQueryOptions(RECOMMENDED));
  return (
    <>
      {head}
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-6 sm:space-y-16 sm:px-6 sm:py-10 lg:px-8">
        <SaleBanner />
        <OnSaleSection />
        <RecommendedSection />
        <RecentlyViewedSection />
        <HelpBlock />
      </div>
    </>
  );
}
