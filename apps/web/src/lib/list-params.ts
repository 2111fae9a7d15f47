/**
 * The paging of a list, read from and written to the address (SPEC section 2: list URLs carry
 * page, size and keyword), so a page of results can be bookmarked, shared and reloaded.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@shop/shared/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export interface ListParamsState {
  page: number;
  size: number;
  keyword: string;
  setPage: (page: number) => void;
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
  const keyword = (searchParams.get("keyword") ?? "").trim();

  const update = useCallback(
    (next: { page: number; size?: number }) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(next.page));
        params.set("size", String(next.size ?? parseSize(current.get("size"))));
        return params;
      }),
    [setSearchParams],
  );

  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setSize = useCallback((next: number) => update({ page: DEFAULT_PAGE, size: next }), [update]);

  const setKeyword = useCallback(
    (next: string) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        params.set("size", String(parseSize(current.get("size"))));
        const trimmed = next.trim();
        if (trimmed) params.set("keyword", trimmed);
        else params.delete("keyword");
        return params;
      }),
    [setSearchParams],
  );

  return { page, size, keyword, setPage, setSize, setKeyword };
}
