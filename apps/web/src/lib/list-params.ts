/**
 * The paging of a list, read from and written to the address (SPEC section 2: list URLs carry
 * page, size and keyword), so a page of results can be bookmarked, shared and reloaded. A page the
 * next arrow opened also carries its cursor (`after`), so that a reload or the back button asks the
 * API for the same rows by keyset, however deep (docs/decisions/034).
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@shop/shared/constants";
import { useCallback, useEffect, useRef } from "react";
import { type NavigateOptions, useLocation, useNavigate, useSearchParams } from "react-router";

export interface ListParamsState {
  page: number;
  size: number;
  keyword: string;
  /**
   * The cursor this page was reached by (the `meta.next` of the page before): the API answers the
   * rows after it without counting through the ones before. Only on a page after the first.
   */
  after: string | undefined;
  /**
   * Goes to a page by its number (the API reads it by offset). `replace` corrects the address in
   * place (no new history entry), as for a page past the end.
   */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** The next page: after `cursor` (the list's `meta.next`) when the list gave one, else by its number. */
  nextPage: (cursor: string | undefined) => void;
  /** The page before: back through the history when the next arrow led here from it, else by its number. */
  previousPage: () => void;
  /** Changing the size returns to page 1 (SPEC section 2). */
  setSize: (size: number) => void;
  /** A new keyword returns to page 1; an empty one removes it from the address. */
  setKeyword: (keyword: string) => void;
}

/** A page number from the address; anything but a whole number from 1 up means page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE;
}

/** A page size from the address; only the offered sizes are taken, anything else is the default. */
export function parseSize(value: string | null, sizes: readonly number[] = PAGE_SIZES): number {
  const size = Number(value);
  return sizes.includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/**
 * What the next arrow leaves in the history entry it makes: the page it came from. The previous
 * arrow goes back to that entry rather than asking for the page again by its number, which past the
 * first rows costs the API as much as the rows it skips.
 */
interface PagedState {
  pagedFrom: number;
}

function isPagedState(state: unknown): state is PagedState {
  return typeof state === "object" && state !== null && typeof (state as PagedState).pagedFrom === "number";
}

/**
 * React Router's search parameters, with a setter whose changes build on one another. NOTE: React
 * Router hands setSearchParams's updater the parameters of the last render and does not queue its
 * calls, so a second change made before the page renders the first (two filters chosen in quick
 * succession on a busy phone) would write over it: here each change starts from what the last one
 * left, until the router's own parameters move on.
 */
export function useSearchParamsChanges(): readonly [
  URLSearchParams,
  (change: (params: URLSearchParams) => void, options?: NavigateOptions) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const seen = useRef(searchParams);
  const latest = useRef(searchParams);
  if (seen.current !== searchParams) {
    seen.current = searchParams;
    latest.current = searchParams;
  }
  const change = useCallback(
    (apply: (params: URLSearchParams) => void, options?: NavigateOptions) => {
      const params = new URLSearchParams(latest.current);
      apply(params);
      latest.current = params;
      setSearchParams(params, options);
    },
    [setSearchParams],
  );
  return [searchParams, change] as const;
}

export function useListParams(): ListParamsState {
  const [searchParams, changeSearchParams] = useSearchParamsChanges();
  const location = useLocation();
  const navigate = useNavigate();
  const page = parsePage(searchParams.get("page"));
  const size = parseSize(searchParams.get("size"));
  // `q` is another name for the keyword (/search?q=shirt), as other shops' and search engines' links write it.
  const keyword = (searchParams.get("keyword") ?? searchParams.get("q") ?? "").trim();
  // NOTE: a cursor left in the address by a page of another filter (every filter returns to page 1)
  // is never read on page 1.
  const after = page > DEFAULT_PAGE ? searchParams.get("after") || undefined : undefined;

  const update = useCallback(
    (next: { page: number; size?: number; after?: string | undefined }, replace = false) =>
      changeSearchParams(
        (params) => {
          params.set("page", String(next.page));
          params.set("size", String(next.size ?? parseSize(params.get("size"))));
          if (next.after) params.set("after", next.after);
          else params.delete("after");
        },
        { replace, ...(next.after ? { state: { pagedFrom: next.page - 1 } satisfies PagedState } : {}) },
      ),
    [changeSearchParams],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => update({ page: next }, options?.replace),
    [update],
  );
  const nextPage = useCallback(
    (cursor: string | undefined) => update({ page: page + 1, after: cursor }),
    [update, page],
  );
  const cameFromPageBefore = isPagedState(location.state) && location.state.pagedFrom === page - 1;
  const previousPage = useCallback(() => {
    if (cameFromPageBefore) navigate(-1);
    else update({ page: Math.max(DEFAULT_PAGE, page - 1) });
  }, [cameFromPageBefore, navigate, update, page]);
  const setSize = useCallback((next: number) => update({ page: DEFAULT_PAGE, size: next }), [update]);

  const setKeyword = useCallback(
    (next: string) =>
      changeSearchParams((params) => {
        params.set("page", String(DEFAULT_PAGE));
        params.set("size", String(parseSize(params.get("size"))));
        params.delete("after");
        const trimmed = next.trim();
        params.delete("q");
        if (trimmed) params.set("keyword", trimmed);
        else params.delete("keyword");
      }),
    [changeSearchParams],
  );

  return { page, size, keyword, after, setPage, nextPage, previousPage, setSize, setKeyword };
}

/** The last page of a list of `pageCount` pages: an empty list still has its page 1. */
export function lastPage(pageCount: number): number {
  return Math.max(pageCount, 1);
}

/** Whether the address asks for a page past the end of the list (an old link, a list that shrank). */
export function isPastEnd(page: number, pageCount: number | undefined): boolean {
  return pageCount !== undefined && page > lastPage(pageCount);
}

/**
 * A page past the end of the list goes to its last page, in place: the shopper never sees
 * 'Page 99 of 2' over an empty list. `pageCount` is undefined until the list's own answer is in.
 * NOTE: never the page count of placeholder data: that is the previous list's (another size, another
 * keyword), and would send the shopper away from a page that exists.
 */
export function useKeepPageInRange(
  list: Pick<ListParamsState, "page" | "setPage">,
  pageCount: number | undefined,
) {
  const { page, setPage } = list;
  const pastEnd = isPastEnd(page, pageCount);
  const last = pageCount === undefined ? DEFAULT_PAGE : lastPage(pageCount);
  useEffect(() => {
    if (pastEnd) setPage(last, { replace: true });
  }, [pastEnd, last, setPage]);
  return pastEnd;
}
