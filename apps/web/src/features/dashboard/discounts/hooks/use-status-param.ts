import { DEFAULT_PAGE, DISCOUNT_STATUSES, type DiscountStatus } from "@shop/shared/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type DiscountStatusFilter = DiscountStatus | "all";

function isDiscountStatus(value: string | null): value is DiscountStatus {
  return DISCOUNT_STATUSES.some((status) => status === value);
}

/**
 * The Discounts list's status filter, kept in the address beside page, size and keyword
 * (`?status=expired`); anything but a known status means every code. Choosing another status
 * returns to page 1.
 */
export function useStatusParam(): [DiscountStatusFilter, (status: DiscountStatusFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get("status");
  const status = isDiscountStatus(value) ? value : "all";
  const setStatus = useCallback(
    (next: DiscountStatusFilter) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set("page", String(DEFAULT_PAGE));
        if (next === "all") params.delete("status");
        else params.set("status", next);
        return params;
      }),
    [setSearchParams],
  );
  return [status, setStatus];
}
