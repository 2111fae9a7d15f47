import { ChevronLeftIcon, ChevronRightIcon } from "@heroicons/react/20/solid";
import { PAGE_SIZES } from "@shop/shared/constants";
import { useId } from "react";
import { cx } from "../lib/cx";

interface PaginationProps {
  page: number;
  /** Pages in the list; 0 when it is empty. */
  pageCount: number;
  size: number;
  onPageChange: (page: number) => void;
  /** The caller goes back to page 1 (SPEC section 2); see lib/list-params.ts. */
  onSizeChange: (size: number) => void;
  sizes?: readonly number[];
  className?: string;
}

const arrowClass =
  "inline-flex size-10 items-center justify-center rounded-control bg-white text-neutral-700 shadow-sm ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50 hover:text-neutral-900";

/**
 * The paging bar of every list (SPEC section 2): previous and next arrows, hidden on the first and
 * the last page, 'Page X of Y', and the 'Items per page' select (8, 20, 50, 100).
 */
export function Pagination({
  page,
  pageCount,
  size,
  onPageChange,
  onSizeChange,
  sizes = PAGE_SIZES,
  className,
}: PaginationProps) {
  const selectId = useId();
  const lastPage = Math.max(pageCount, 1);
  return (
    <nav
      aria-label="Pagination"
      className={cx("flex flex-wrap items-center justify-between gap-x-6 gap-y-3", className)}
    >
      <div className="flex items-center gap-2 text-sm text-neutral-700">
        <label htmlFor={selectId}>Items per page</label>
        <select
          id={selectId}
          value={size}
          onChange={(event) => onSizeChange(Number(event.target.value))}
          className="h-10 rounded-control border border-neutral-300 bg-white pr-8 pl-3 text-sm text-neutral-900 shadow-xs focus:border-brand-600 focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600"
        >
          {sizes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
        {/* NOTE: a hidden arrow keeps its room, so the other one does not jump. */}
        {page > 1 ? (
          <button
            type="button"
            onClick={() => onPageChange(Math.min(page - 1, lastPage))}
            aria-label="Previous page"
            className={arrowClass}
          >
            <ChevronLeftIcon className="size-5" aria-hidden="true" />
          </button>
        ) : (
          <span className="size-10" aria-hidden="true" />
        )}
        <p
          className="min-w-24 text-center text-sm font-medium text-neutral-800 tabular-nums"
          aria-live="polite"
        >
          Page {page} of {lastPage}
        </p>
        {page < pageCount ? (
          <button
            type="button"
            onClick={() => onPageChange(page + 1)}
            aria-label="Next page"
            className={arrowClass}
          >
            <ChevronRightIcon className="size-5" aria-hidden="true" />
          </button>
        ) : (
          <span className="size-10" aria-hidden="true" />
        )}
      </div>
    </nav>
  );
}
