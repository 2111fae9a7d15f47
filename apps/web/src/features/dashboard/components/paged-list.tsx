import type { ListMeta } from "@shop/shared/api";
import type { ReactNode } from "react";
import { Pagination } from "#web/components/pagination";
import { type QueryLike, QueryState } from "#web/components/query-state";
import { SearchField } from "#web/components/search-field";
import { PageSpinner } from "#web/components/spinner";
import { type ListParamsState, useKeepPageInRange } from "#web/lib/list-params";

interface PagedListProps<T> {
  list: ListParamsState;
  /** What the search box searches, e.g. "orders". */
  searchLabel: string;
  query: QueryLike<{ items: T[]; meta: ListMeta }>;
  empty: string;
  /** Controls beside the search box that narrow the list (a status select). */
  filters?: ReactNode;
  /** Shown while the first page loads; defaults to a spinner. */
  loading?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/**
 * A dashboard list: the keyword box, the loading, error and empty states, the items, and the
 * paging bar (SPEC section 2), with page, size and keyword in the address.
 */
export function PagedList<T>({
  list,
  searchLabel,
  query,
  empty,
  filters,
  loading,
  children,
}: PagedListProps<T>) {
  const { data } = query;
  // Past the last page (an old link, a list that shrank), the list goes to its last page.
  const pastEnd = useKeepPageInRange(list, query.isPlaceholderData ? undefined : data?.meta.pageCount);
  const search = (
    <SearchField
      label={`Search ${searchLabel}`}
      defaultValue={list.keyword}
      onSearch={list.setKeyword}
      className="w-full sm:max-w-xs"
    />
  );
  return (
    <div className="space-y-4">
      {filters ? (
        <div className="flex flex-wrap items-center gap-3">
          {search}
          {filters}
        </div>
      ) : (
        search
      )}
      <QueryState
        query={pastEnd ? { ...query, isPending: true } : query}
        loading={loading ?? <PageSpinner />}
        empty={empty}
      >
        {(page) => children(page.items)}
      </QueryState>
      {data && data.items.length > 0 && !pastEnd ? (
        <Pagination
          page={list.page}
          pageCount={data.meta.pageCount}
          size={list.size}
          onPageChange={list.setPage}
          onSizeChange={list.setSize}
        />
      ) : null}
    </div>
  );
}
