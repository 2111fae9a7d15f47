import { AdjustmentsHorizontalIcon } from "@heroicons/react/20/solid";
import type { ProductSort } from "@shop/shared/constants";
import { searchTexts } from "@shop/shared/messages";
import type { UseQueryResult } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { SelectField } from "#web/components/select-field";
import type { ListParamsState } from "#web/lib/list-params";
import type { ProductList } from "../api/list-query";
import { activeFilterCount, type ProductFiltersState, SORT_ORDER } from "../product-filters";
import { FilterChips } from "./filter-chips";
import { FilterPanel } from "./filter-panel";
import { PagedProducts } from "./paged-products";

// The drawer (Headless UI's Dialog) is fetched when a phone first opens it.
const FilterDrawer = lazy(() => import("./filter-drawer").then((m) => ({ default: m.FilterDrawer })));
const preloadDrawer = () => void import("./filter-drawer");

interface FilteredProductsProps {
  query: UseQueryResult<ProductList>;
  list: ListParamsState;
  filters: ProductFiltersState;
  /** The category filter: on the search and sale pages. */
  showCategories: boolean;
  /** The on-sale filter: not on the sale page. */
  showOnSale: boolean;
  /** With a keyword the results come by relevance first, and relevance is a choice. */
  hasKeyword: boolean;
  emptyHint?: ReactNode;
  /** Above the results (the dropped-word message). */
  notice?: ReactNode;
}

/**
 * A product list with its sort and filters: a sidebar on wide screens, a drawer on phones, chips
 * for the filters that are on, all kept in the address with the page and size.
 */
export function FilteredProducts({
  query,
  list,
  filters: state,
  showCategories,
  showOnSale,
  hasKeyword,
  emptyHint,
  notice,
}: FilteredProductsProps) {
  const [drawer, setDrawer] = useState<"closed" | "open" | "unused">("unused");
  const facets = query.data?.meta.facets;
  const sorts = SORT_ORDER.filter((sort) => hasKeyword || sort !== "relevance");
  const fallbackSort: ProductSort = hasKeyword ? "relevance" : "newest";
  const sort = state.sort && sorts.includes(state.sort) ? state.sort : fallbackSort;
  const active = activeFilterCount(state.filters);
  const panel = {
    facets,
    loading: query.isPending,
    filters: state.filters,
    setFilters: state.setFilters,
    showCategories,
    showOnSale,
  };

  return (
    <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
      <aside aria-label={searchTexts.filters} className="hidden lg:block">
        <FilterPanel {...panel} />
      </aside>
      <div>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            onPointerDown={preloadDrawer}
            onFocus={preloadDrawer}
            onClick={() => setDrawer("open")}
            aria-haspopup="dialog"
            className="inline-flex h-10 items-center gap-2 rounded-control bg-white px-3 text-sm font-medium text-neutral-800 shadow-sm ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50 lg:hidden"
          >
            <AdjustmentsHorizontalIcon className="size-5 text-neutral-500" aria-hidden="true" />
            {searchTexts.showFilters(active)}
          </button>
          <SelectField
            label={searchTexts.sortLabel}
            layout="inline"
            className="ml-auto"
            value={sort}
            onChange={(event) => state.setSort(sorts.find((option) => option === event.target.value) ?? null)}
          >
            {sorts.map((option) => (
              <option key={option} value={option}>
                {searchTexts.sorts[option]}
              </option>
            ))}
          </SelectField>
        </div>
        <FilterChips
          filters={state.filters}
          facets={facets}
          setFilters={state.setFilters}
          clearFilters={state.clearFilters}
        />
        {notice}
        <PagedProducts query={query} list={list} emptyHint={emptyHint} />
      </div>
      {drawer === "unused" ? null : (
        <Suspense fallback={null}>
          <FilterDrawer
            {...panel}
            open={drawer === "open"}
            onClose={() => setDrawer("closed")}
            total={query.data?.meta.total}
          />
        </Suspense>
      )}
    </div>
  );
}
