import { SparklesIcon } from "@heroicons/react/20/solid";
import { useListParams } from "#web/lib/list-params";
import { PageMeta, staticPageHead } from "#web/lib/page-meta";
import { useOnSaleProducts } from "./api/get-on-sale-products";
import { FilteredProducts } from "./components/filtered-products";
import { ListPageHeader, productCount } from "./components/list-page-header";
import { useProductFilters } from "./product-filters";

/** /sale: every active product on sale, paged. */
export function SalePage() {
  const list = useListParams();
  const filters = useProductFilters();
  const products = useOnSaleProducts({ page: list.page, size: list.size, filters: filters.query });
  const head = <PageMeta {...staticPageHead("/sale")} />;

  const total = products.data?.meta.total;
  return (
    <>
      {head}
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <ListPageHeader
          title="Festive sale"
          subtitle={total === undefined ? (products.isError ? "" : null) : `${productCount(total)} on sale`}
        >
          <p className="mb-2 inline-flex items-center gap-1.5 rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold tracking-wide text-accent-700 uppercase">
            <SparklesIcon className="size-4" aria-hidden="true" />
            Limited time
          </p>
        </ListPageHeader>
        <FilteredProducts
          query={products}
          list={list}
          filters={filters}
          showCategories
          showOnSale={false}
          hasKeyword={false}
        />
      </div>
    </>
  );
}
