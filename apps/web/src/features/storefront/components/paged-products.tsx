import { MagnifyingGlassIcon } from "@heroicons/react/24/outline";
import type { ListMeta } from "@shop/shared/api";
import { empty } from "@shop/shared/messages";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EmptyState } from "#web/components/empty-state";
import { Pagination } from "#web/components/pagination";
import { ProductGrid, ProductGridSkeleton } from "#web/components/product-grid";
import { QueryState } from "#web/components/query-state";
import { type ListParamsState, useKeepPageInRange } from "#web/lib/list-params";

/** Placeholders shown while a page loads: a page's worth, but no more than two rows of four. */
const SKELETON_MAX = 8;

interface PagedProductsProps {
  query: UseQueryResult<{ items: ProductSummaryDto[]; meta: ListMeta }>;
  list: ListParamsState;
  /** Shown under the empty message. */
  emptyHint?: ReactNode;
}

/**
 * A paged grid of products with its loading, error and empty states and the paging bar; the page
 * and size come from the address (lib/list-params.ts).
 */
export function PagedProducts({ query, list, emptyHint }: PagedProductsProps) {
  const { data } = query;
  // Past the last page (an old link), the list goes to its last page; meanwhile it shows as loading.
  const pastEnd = useKeepPageInRange(list, query.isPlaceholderData ? undefined : data?.meta.pageCount);
  const showPagination = data !== undefined && data.items.length > 0 && !pastEnd;
  return (
    <>
      <QueryState
        query={pastEnd ? { ...query, isPending: true } : query}
        loading={<ProductGridSkeleton count={Math.min(list.size, SKELETON_MAX)} />}
        empty={<EmptyState icon={MagnifyingGlassIcon} title={empty.products} description={emptyHint} />}
        errorPrefix={false}
      >
        {({ items }) => (
          <ProductGrid products={items} headingLevel={2} aboveTheFold stale={query.isPlaceholderData} />
        )}
      </QueryState>
      {showPagination && !query.isError ? (
        <Pagination
          page={list.page}
          pageCount={data.meta.pageCount}
          size={list.size}
          onPageChange={list.setPage}
          onSizeChange={list.setSize}
          className="mt-8 border-t border-neutral-200 pt-6"
        />
      ) : null}
    </>
  );
}
