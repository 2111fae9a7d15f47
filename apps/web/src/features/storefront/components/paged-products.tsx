import { MagnifyingGlassIcon } from "@heroicons/react/24/outline";
import type { ListMeta } from "@shop/shared/api";
import { empty } from "@shop/shared/messages";
import type { ProductSummaryDto } from "@shop/shared/schemas/product";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { Pagination } from "../../../components/pagination";
import { ProductGrid, ProductGridSkeleton } from "../../../components/product-grid";
import type { ListParamsState } from "../../../lib/list-params";

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
  if (query.isPending) return <ProductGridSkeleton count={Math.min(list.size, SKELETON_MAX)} />;
  if (query.isError) return <ErrorState message={query.error.message} prefix={false} />;

  const { items, meta } = query.data;
  const pagination = (
    <Pagination
      page={list.page}
      pageCount={meta.pageCount}
      size={list.size}
      onPageChange={list.setPage}
      onSizeChange={list.setSize}
      className="mt-8 border-t border-neutral-200 pt-6"
    />
  );

  if (items.length === 0) {
    return (
      <>
        <EmptyState icon={MagnifyingGlassIcon} title={empty.products} description={emptyHint} />
        {list.page > 1 ? pagination : null}
      </>
    );
  }
  return (
    <>
      <ProductGrid products={items} headingLevel={2} aboveTheFold stale={query.isPlaceholderData} />
      {pagination}
    </>
  );
}
