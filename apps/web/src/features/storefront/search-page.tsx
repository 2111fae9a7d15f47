import { hints, searchNotes } from "@shop/shared/messages";
import { searchDescription } from "@shop/shared/site";
import { useListParams } from "#web/lib/list-params";
import { PageMeta, pageTitle, staticPageHead } from "#web/lib/page-meta";
import { shopSettings } from "#web/lib/shop-settings";
import { useProducts } from "./api/get-products";
import { FilteredProducts } from "./components/filtered-products";
import { ListPageHeader, productCount } from "./components/list-page-header";
import { useProductFilters } from "./product-filters";

/** /search?keyword=: the matching products, by relevance; without a keyword, every product. */
export function SearchPage() {
  const list = useListParams();
  const filters = useProductFilters();
  const { keyword, page, size } = list;
  const products = useProducts({ page, size, ...(keyword ? { keyword } : {}), filters: filters.query });
  const title = keyword ? `Search results for “${keyword}”` : "All products";

  const head = (
    <PageMeta
      {...(keyword
        ? {
            title: pageTitle(`Search: ${keyword}`),
            description: searchDescription(keyword, shopSettings().store.name),
          }
        : staticPageHead("/search"))}
    />
  );

  // While another page or keyword loads, the count shown is the one of the results on screen.
  const total = products.data?.meta.total;
  const fallback = products.data?.meta.fallback;
  return (
    <>
      {head}
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
        <ListPageHeader
          title={<span className="break-words">{title}</span>}
          subtitle={total === undefined ? (products.isError ? "" : null) : `${productCount(total)} found`}
        />
        <FilteredProducts
          query={products}
          list={list}
          filters={filters}
          showCategories
          showOnSale
          hasKeyword={keyword !== ""}
          emptyHint={hints.searchEmpty}
          notice={
            fallback ? (
              <p
                role="status"
                className="mb-4 rounded-control bg-accent-50 px-4 py-3 text-sm text-neutral-800"
              >
                {searchNotes.fallback(fallback.from, fallback.to)}
              </p>
            ) : null
          }
        />
      </div>
    </>
  );
}
