import { DEFAULT_PAGE } from "@shop/shared/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export interface ReviewFilters {
  /** 1 to 5, or undefined for every rating. */
  rating: number | undefined;
  /** A product's id, or undefined for every product. */
  product: string | undefined;
  /** "shown", "hidden", or undefined for both. */
  visibility: "shown" | "hidden" | undefined;
}

const ID = /^[0-9a-f]{24}$/;

/**
 * The reviews list's filters, kept in the address beside page, size and keyword
 * (`?rating=1&product=…&visibility=hidden`); a value that is not one of them counts as none.
 * Another choice returns to page 1.
 */
export function useReviewFilters(): [ReviewFilters, (name: keyof ReviewFilters, value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const rating = Number(searchParams.get("rating"));
  const product = searchParams.get("product") ?? "";
  const visibility = searchParams.get("visibility");
  const filters: ReviewFilters = {
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : undefined,
    product: ID.test(product) ? product : undefined,
    visibility: visibility === "shown" || visibility === "hidden" ? visibility : undefined,
  };
  const setFilter = useCallback(
    (name: keyof ReviewFilters, value: string) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      }),
    [setSearchParams],
  );
  return [filters, setFilter];
}
