/**
 * The paging of a list, read from and written to the address (SPEC section 2: list URLs carry
 * page, size and keyword), so a page of results can be bookmarked, shared and reloaded.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@shop/shared/constants";
import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";

export interface ListParamsState {
  page: number;
  size: number;
  keyword: string;
  /** `replace` corrects the address in place (no new history entry), as for a page past the end. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
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

export function useListParams(): ListParamsState {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get("page"));
  const size = parseSize(searchParams.get("size"));
  // `q` is another name for the keyword (/search?q=shirt), as other shops' and search engines' links write it.
  const keyword = (searchParams.get("keyword") ?? searchParams.get("q") ?? "").trim();

  const update = useCallback(
    (next: { page: number; size?: number }, replace = false) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set("page", String(next.page));
          params.set("size", String(next.size ?? parseSize(current.get("size"))));
          return params;
        },
        { replace },
      ),
    [setSearchParams],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => update({ page: next }, options?.replace),
    [update],
  );
  const setSize = useCallback((next: number) => update({ page: DEFAULT_PAGE, size: next }), [update]);

  const setKeyword = useCallback(
    (next: string) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        params.set("size", String(parseSize(current.get("size"))));
        const trimmed = next.trim();
        params.delete("q");
        if (trimmed) params.set("keyword", trimmed);
        else params.delete("keyword");
        return params;
      }),
    [setSearchParams],
  );

  return { page, size, keyword, setPage, setSize, setKeyword };
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
