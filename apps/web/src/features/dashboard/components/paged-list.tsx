import type { ListMeta } from "@shop/shared/api";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { Pagination } from "../../../components/pagination";
import { PageSpinner } from "../../../components/spinner";
import type { ListParamsState } from "../../../lib/list-params";
import { ListSearch } from "./list-search";

interface PagedListProps<T> {
  list: ListParamsState;
  /** What the search box searches, e.g. "orders". */
  searchLabel: string;
  query: {
    data?: { items: T[]; meta: ListMeta } | undefined;
    isPending: boolean;
    isError: boolean;
    error: Error | null;
  };
  empty: string;
  /** Shown while the first page loads; defaults to a spinner. */
  loading?: ReactNode;
  /** Shown when the list fails without a server message (SPEC section 8). */
  errorMessage: string;
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
  loading,
  errorMessage,
  children,
}: PagedListProps<T>) {
  const { data } = query;
  let body: ReactNode;
  if (query.isPending) body = loading ?? <PageSpinner />;
  else if (query.isError || !data) body = <ErrorState message={query.error?.message || errorMessage} />;
  else if (data.items.length === 0) body = <EmptyState title={empty} />;
  else body = children(data.items);

  return (
    <div className="space-y-4">
      <ListSearch keyword={list.keyword} onSearch={list.setKeyword} label={searchLabel} />
      {body}
      {data && data.items.length > 0 ? (
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
