/**
 * The sort and filters of the search, category and sale pages, read from and written to the address
 * beside page, size and keyword (lib/list-params.ts), so that a shared link, a reload and the back
 * button show the same results. Any change returns to page 1.
 *
 * The address: `sort`, `category` (slugs, comma-separated), `minPrice`, `maxPrice`, `inStock=true`,
 * `onSale=true`, `rating` (4 or 3: that many stars and up), and one parameter per option, named as
 * the option is (`Size=M&Size=L&Colour=Blue`). The API takes the same, except the options: one
 * repeated `option` parameter, `Name:Value` each (`option=Size:M&option=Colour:Blue`).
 */
import { DEFAULT_PAGE, PRODUCT_SORTS, type ProductSort, RATING_STEPS } from "@shop/shared/constants";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { parseSize } from "#web/lib/list-params";

/** The sorts in the order the select offers them. */
export const SORT_ORDER: readonly ProductSort[] = [
  "relevance",
  "newest",
  "price-asc",
  "price-desc",
  "rating",
  "best-selling",
];

export interface ProductFilters {
  category: string[];
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  onSale: boolean;
  rating: number | null;
  /** Option name → the values asked for (any of them). */
  options: Record<string, string[]>;
}

/** Parameters that are not option names. */
const RESERVED = new Set([
  "page",
  "size",
  "keyword",
  // The keyword's other name (/search?q=shirt), as search boxes elsewhere write it.
  "q",
  "sort",
  "category",
  "minPrice",
  "maxPrice",
  "inStock",
  "onSale",
  "rating",
]);

export const NO_FILTERS: ProductFilters = {
  category: [],
  minPrice: null,
  maxPrice: null,
  inStock: false,
  onSale: false,
  rating: null,
  options: {},
};

function parsePrice(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 ? price : null;
}

function distinct(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))].sort();
}

/** The sort in the address; anything unknown is no sort (the list's own order). */
export function parseSort(params: URLSearchParams): ProductSort | null {
  const sort = params.get("sort");
  return PRODUCT_SORTS.find((known) => known === sort) ?? null;
}

/** The filters in the address; values that mean nothing are left out rather than refused. */
export function parseFilters(params: URLSearchParams): ProductFilters {
  const options: Record<string, string[]> = {};
  for (const name of new Set(params.keys())) {
    if (RESERVED.has(name) || !name.trim()) continue;
    const values = distinct(params.getAll(name));
    if (values.length > 0) options[name] = values;
  }
  const rating = Number(params.get("rating"));
  return {
    category: distinct(params.getAll("category").flatMap((value) => value.split(","))),
    minPrice: parsePrice(params.get("minPrice")),
    maxPrice: parsePrice(params.get("maxPrice")),
    inStock: params.get("inStock") === "true",
    onSale: params.get("onSale") === "true",
    rating: RATING_STEPS.some((floor) => floor === rating) ? rating : null,
    options,
  };
}

/** Writes the filters into `params` in place of the ones there. */
export function writeFilters(params: URLSearchParams, filters: ProductFilters): void {
  for (const name of [...params.keys()])
    if (!["page", "size", "keyword", "sort"].includes(name)) params.delete(name);
  if (filters.category.length > 0) params.set("category", filters.category.join(","));
  if (filters.minPrice !== null) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== null) params.set("maxPrice", String(filters.maxPrice));
  if (filters.inStock) params.set("inStock", "true");
  if (filters.onSale) params.set("onSale", "true");
  if (filters.rating !== null) params.set("rating", String(filters.rating));
  for (const [name, values] of Object.entries(filters.options)) {
    for (const value of values) params.append(name, value);
  }
}

/** How many filters are on: each category, option value, price bound, flag and the rating count once. */
export function activeFilterCount(filters: ProductFilters): number {
  return (
    filters.category.length +
    Object.values(filters.options).reduce((sum, values) => sum + values.length, 0) +
    (filters.minPrice !== null ? 1 : 0) +
    (filters.maxPrice !== null ? 1 : 0) +
    (filters.inStock ? 1 : 0) +
    (filters.onSale ? 1 : 0) +
    (filters.rating !== null ? 1 : 0)
  );
}

/** The API's query parameters for the sort and filters (page, size and keyword are added by the caller). */
export function filterQuery(sort: ProductSort | null, filters: ProductFilters) {
  return {
    ...(sort ? { sort } : {}),
    ...(filters.category.length > 0 ? { category: filters.category.join(",") } : {}),
    ...(filters.minPrice !== null ? { minPrice: filters.minPrice } : {}),
    ...(filters.maxPrice !== null ? { maxPrice: filters.maxPrice } : {}),
    ...(filters.inStock ? { inStock: true } : {}),
    ...(filters.onSale ? { onSale: true } : {}),
    ...(filters.rating !== null ? { rating: filters.rating } : {}),
    ...(Object.keys(filters.options).length > 0
      ? {
          option: Object.entries(filters.options).flatMap(([name, values]) =>
            values.map((value) => `${name}:${value}`),
          ),
        }
      : {}),
  };
}
export type FilterQuery = ReturnType<typeof filterQuery>;

export interface ProductFiltersState {
  sort: ProductSort | null;
  filters: ProductFilters;
  /** The API's parameters for both, stable while the address does not change (a query key part). */
  query: FilterQuery;
  setSort: (sort: ProductSort | null) => void;
  /** Replaces the filters with what `change` makes of them; back to page 1. */
  setFilters: (change: (filters: ProductFilters) => ProductFilters) => void;
  clearFilters: () => void;
}

/** Adds or removes one value of a list (a category slug, an option's value). */
export function toggle(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value].sort();
}

export function useProductFilters(): ProductFiltersState {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const { sort, filters, query } = useMemo(() => {
    const params = new URLSearchParams(search);
    const sort = parseSort(params);
    const filters = parseFilters(params);
    return { sort, filters, query: filterQuery(sort, filters) };
  }, [search]);

  const update = useCallback(
    (write: (params: URLSearchParams) => void) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        write(params);
        params.set("page", String(DEFAULT_PAGE));
        params.set("size", String(parseSize(current.get("size"))));
        return params;
      }),
    [setSearchParams],
  );

  const setSort = useCallback(
    (next: ProductSort | null) =>
      update((params) => {
        if (next) params.set("sort", next);
        else params.delete("sort");
      }),
    [update],
  );
  const setFilters = useCallback(
    (change: (filters: ProductFilters) => ProductFilters) =>
      update((params) => writeFilters(params, change(parseFilters(params)))),
    [update],
  );
  const clearFilters = useCallback(() => update((params) => writeFilters(params, NO_FILTERS)), [update]);

  return { sort, filters, query, setSort, setFilters, clearFilters };
}
