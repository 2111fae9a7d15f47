import type { ListMeta } from "@shop/shared/api";
import { listPaging } from "@shop/shared/messages";
import type { ReactNode } from "react";
import { Pagination } from "#web/components/pagination";
import { type QueryLike, QueryState } from "#web/components/query-state";
import { SearchField } from "#web/components/search-field";
import { PageSpinner } from "#web/components/spinner";
import { type ListParamsState, useKeepPageInRange } from "#web/lib/list-params";
import { formatCount } from "#web/lib/numbers";

interface PagedListProps<T> {
  list: ListParamsState;
  /** What the search box searches, e.g. "orders". */
  searchLabel: string;
  /** What the list counts, one and more ("order", "orders"): the line over the list says how many. */
  noun?: { one: string; other: string } | undefined;
  query: QueryLike<{ items: T[]; meta: ListMeta }>;
  empty: string;
  /** Controls beside the search box that narrow the list (a status select). */
  filters?: ReactNode;
  /** Shown while the first page loads; defaults to a spinner. */
  loading?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** "1 order", "1,234 orders", "10,000+ orders": how many a list holds, as far as the API counted. */
export function listCount(meta: ListMeta, noun: { one: string; other: string }): string {
  const capped = meta.totalCapped === true;
  return listPaging.count(
    formatCount(meta.total),
    capped,
    meta.total === 1 && !capped ? noun.one : noun.other,
  );
}

/**
 * A dashboard list: the keyword box, the loading, error and empty states, the items, how many there
 * are, and the paging bar (SPEC section 2), with page, size, keyword and the page's cursor in the
 * address: the next arrow asks for the rows after the page's last one (`meta.next`) where the list
 * gives a cursor (docs/decisions/034).
 */
export function PagedList<T>({
  list,
  searchLabel,
  noun,
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
  const count =
    noun && data && !pastEnd ? (
      <p className="text-sm text-neutral-600 tabular-nums sm:ml-auto" aria-live="polite">
        {listCount(data.meta, noun)}
      </p>
    ) : null;
  return (
    <div className="space-y-4">
      {filters || count ? (
        <div className="flex flex-wrap items-center gap-3">
          {search}
          {filters}
          {count}
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
          more={data.meta.totalCapped}
          size={list.size}
          onPageChange={list.setPage}
          // A placeholder's cursor is another page's: without one, the next page goes by its number.
          onNext={() => list.nextPage(query.isPlaceholderData ? undefined : data.meta.next)}
          onPrevious={list.previousPage}
          onSizeChange={list.setSize}
        />
      ) : null}
    </div>
  );
}
