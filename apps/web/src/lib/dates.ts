/**
 * Dates as the shop shows them, in the shopper's time zone: "Nov 20, 2026" and
 * "Nov 20, 2026, 4:05 PM". One place, so the storefront, the account area and the dashboard agree.
 *
 * NOTE: the formatters are made on first use, not when a page's code loads: creating the first
 * Intl formatter costs tens of milliseconds on a phone, and most first pages show no date.
 */
let date: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  date ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
  return date.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  dateTime ??= new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
  return dateTime.format(new Date(iso));
}
