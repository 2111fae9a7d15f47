import { FolderOpenIcon } from "@heroicons/react/24/outline";
import { categoryDescription } from "@shop/shared/site";
import { Link, useParams } from "react-router";
import { Breadcrumb } from "#web/components/breadcrumb";
import { buttonClasses } from "#web/components/button";
import { ErrorState } from "#web/components/error-state";
import { errorMessage, isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { shopSettings } from "#web/lib/shop-settings";
import { useCategory } from "./api/get-category";
import { useCategoryProducts } from "./api/get-category-products";
import { FilteredProducts } from "./components/filtered-products";
import { ListPageHeader, productCount } from "./components/list-page-header";
import { activeFilterCount, useProductFilters } from "./product-filters";

const PAGE_CLASS = "mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8";

/** An unknown slug: the server's 'Category not found.' and a way back. */
function CategoryMissing({ message }: { message: string }) {
  const head = <PageMeta title={pageTitle(message)} />;
  return (
    <>
      {head}
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <FolderOpenIcon className="size-12 text-neutral-400" aria-hidden="true" />
        <p className="mt-4 text-sm font-semibold tracking-wide text-brand-700">404</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-neutral-900">{message}</h1>
        <Link to="/" className={cx(buttonClasses(), "mt-8")}>
          Go back home
        </Link>
      </section>
    </>
  );
}

export function CategoryPage() {
  const { categorySlug = "" } = useParams();
  const list = useListParams();
  const filters = useProductFilters();
  const category = useCategory(categorySlug);
  const missing = category.isError && isApiError(category.error) && category.error.status === 404;
  const products = useCategoryProducts(
    categorySlug,
    { page: list.page, size: list.size, filters: filters.query },
    { enabled: !missing },
  );

  const name = category.data?.name ?? null;
  const head = (
    <PageMeta
      title={name ? pageTitle(name) : null}
      description={category.data ? categoryDescription(category.data, shopSettings().store.name) : null}
    />
  );

  if (missing) return <CategoryMissing message={category.error.message} />;
  if (category.isError) {
    return (
      <>
        {head}
        <div className={PAGE_CLASS}>
          <ErrorState message={errorMessage(category.error)} prefix={false} />
        </div>
      </>
    );
  }

  return (
    <>
      {head}
      <div className={PAGE_CLASS}>
        <ListPageHeader
          title={
            name ?? (
              <span className="inline-block h-8 w-48 animate-pulse rounded bg-neutral-200 align-middle" />
            )
          }
          // With filters on, the count is of the products they leave.
          subtitle={
            products.data && activeFilterCount(filters.filters) > 0
              ? productCount(products.data.meta.total)
              : category.data
                ? productCount(category.data.count)
                : null
          }
        >
          <div className="mb-3">
            <Breadcrumb items={[{ label: "Home", to: "/" }, { label: name ?? "Category" }]} />
          </div>
        </ListPageHeader>
        <FilteredProducts
          query={products}
          list={list}
          filters={filters}
          showCategories={false}
          showOnSale
          hasKeyword={false}
        />
      </div>
    </>
  );
}
