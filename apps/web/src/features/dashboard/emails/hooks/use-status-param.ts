import { DEFAULT_PAGE, EMAIL_STATUSES, type EmailStatus } from "@shop/shared/constants";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

export type EmailStatusFilter = EmailStatus | "all";

function isEmailStatus(value: string | null): value is EmailStatus {
  return EMAIL_STATUSES.some((status) => status === value);
}

/**
 * The Emails list's status filter, kept in the address beside page, size and keyword (`?status=failed`,
 * as the dashboard home's warning links to it); anything but a known status means every message.
 * Choosing another status returns to page 1.
 */
export function useStatusParam(): [EmailStatusFilter, (status: EmailStatusFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get("status");
  const status = isEmailStatus(value) ? value : "all";
  const setStatus = useCallback(
    (next: EmailStatusFilter) =>
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
