import type { ReactNode } from "react";
import { errorMessage } from "../lib/api";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";

/** The part of a TanStack Query result QueryState reads. */
export interface QueryLike<T> {
  data?: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  /** The data is the previous list's, shown while this one loads. */
  isPlaceholderData?: boolean;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /**
   * Shown while the first answer loads: a skeleton of the content's size (or the loader SPEC names),
   * so that nothing moves when the content arrives.
   */
  loading: ReactNode;
  /** Shown instead of the content when there is nothing to show: a message, or an EmptyState of its own. */
  empty?: ReactNode;
  /** Whether the answer has nothing to show; by default an empty array, or a page without items. */
  isEmpty?: (data: T) => boolean;
  /** 'Error: ' before the message (dashboard and account); the storefront shows the message alone. */
  errorPrefix?: boolean;
  children: (data: T) => ReactNode;
}

function hasNothing(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const page = data as { items?: unknown } | null;
  return Array.isArray(page?.items) && page.items.length === 0;
}

/**
 * The loading, error and empty states of a section that shows a query's data (every paged list of
 * the storefront, the account and the dashboard), and the content once there is some. The error is
 * the ApiError's message: the server's, or the default its call names (lib/api.ts).
 */
export function QueryState<T>({
  query,
  loading,
  empty,
  isEmpty = hasNothing,
  errorPrefix = true,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) {
    return <ErrorState message={errorMessage(query.error)} prefix={errorPrefix} />;
  }
  if (empty !== undefined && isEmpty(query.data)) {
    return typeof empty === "string" ? <EmptyState title={empty} /> : empty;
  }
  return children(query.data);
}
