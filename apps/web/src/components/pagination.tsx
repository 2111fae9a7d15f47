import { ChevronLeftIcon, ChevronRightIcon } from "@heroicons/react/20/solid";
import { PAGE_SIZES } from "@shop/shared/constants";
import { listPaging } from "@shop/shared/messages";
import { cx } from "../lib/cx";
import { formatCount } from "../lib/numbers";
import { SelectField } from "./select-field";

interface PaginationProps {
  page: number;
  /** Pages in the list; 0 when it is empty. */
  pageCount: number;
  /**
   * The list holds more than the API counted (`meta.totalCapped`): `pageCount` is the pages known
   * so far, and the bar says "of 500+".
   */
  more?: boolean | undefined;
  size: number;
  onPageChange: (page: number) => void;
  /** The next arrow, when it does more than ask for the page number (a list paged by cursor). */
  onNext?: (() => void) | undefined;
  /** The previous arrow, when it does more than ask for the page number (back through the history). */
  onPrevious?: (() => void) | undefined;
  /** The caller goes back to page 1 (SPEC section 2); see lib/list-params.ts. */
  onSizeChange: (size: number) => void;
  sizes?: readonly number[];
  className?: string;
}

const arrowClass =
  "inline-flex size-10 items-center justify-center rounded-control bg-white text-neutral-700 shadow-sm ring-1 ring-neutral-300 ring-inset hover:bg-neutral-50 hover:text-neutral-900";

/**
 * The paging bar of every list (SPEC section 2): previous and next arrows, hidden on the first and
 * the last page, 'Page X of Y' ('of Y+' while the list holds more than it counted, numbers in the
 * store's locale), and the 'Items per page' select (8, 20, 50, 100).
 */
export function Pagination({
  page,
  pageCount,
  more = false,
  size,
  onPageChange,
  onNext,
  onPrevious,
  onSizeChange,
  sizes = PAGE_SIZES,
  className,
}: PaginationProps) {
  const lastPage = Math.max(pageCount, 1);
  return (
    <nav
      aria-label="Pagination"
      className={cx("flex flex-wrap items-center justify-between gap-x-6 gap-y-3", className)}
    >
      <SelectField
        label="Items per page"
        layout="inline"
        value={size}
        onChange={(event) => onSizeChange(Number(event.target.value))}
      >
        {sizes.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:justify-end">
        {/* NOTE: a hidden arrow keeps its room, so the other one does not jump. */}
        {page > 1 ? (
          <button
            type="button"
            onClick={() => (onPrevious ? onPrevious() : onPageChange(Math.min(page - 1, lastPage)))}
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
          {listPaging.pageOf(formatCount(page), formatCount(lastPage), more)}
        </p>
        {page < pageCount ? (
          <button
            type="button"
            onClick={() => (onNext ? onNext() : onPageChange(page + 1))}
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
