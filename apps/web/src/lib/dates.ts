/**
 * Dates as the shop shows them, in the store's locale and the shopper's time zone: "Nov 20, 2026"
 * and "Nov 20, 2026, 4:05 PM" in en-US, "20 Nov 2026" and "20 Nov 2026, 4:05 pm" in en-IN. One
 * place, so the storefront, the account area and the dashboard agree.
 *
 * NOTE: the formatters are made on first use, not when a page's code loads: creating the first
 * Intl formatter costs tens of milliseconds on a phone, and most first pages show no date.
 */
import { shopSettings } from "./shop-settings";

type Style = "date" | "dateTime" | "day" | "weekday" | "month" | "hour" | "weekdayName";

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  // A calendar day or month is already the shop's: read in UTC, whatever the browser's zone.
  day: { dateStyle: "medium", timeZone: "UTC" },
  // A delivery day, near enough to need no year: "Sat, 30 Nov" in en-IN, "Sat, Nov 30" in en-US.
  weekday: { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" },
  month: { month: "long", year: "numeric", timeZone: "UTC" },
  // An hour and a day of the week of the shop's clock (the dispatch rules), whatever the browser's zone.
  hour: { hour: "numeric", minute: "2-digit", timeZone: "UTC" },
  weekdayName: { weekday: "long", timeZone: "UTC" },
};

/** One formatter per style and locale: the store's locale is read when a date is written, as amounts read the currency. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(style: Style, iso: string): string {
  const { locale } = shopSettings().currency;
  const key = `${style} ${locale}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, OPTIONS[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return format("date", iso);
}

export function formatDateTime(iso: string): string {
  return format("dateTime", iso);
}

/** "Mar 1, 2026", "1 Mar 2026" in en-IN: a calendar day ("2026-03-01") of the shop's clock. */
export function formatDay(day: string): string {
  return format("day", `${day}T00:00:00Z`);
}

/** "Sat, 30 Nov" in en-IN, "Sat, Nov 30" in en-US: a day the shop promises delivery by ("2026-11-30"). */
export function formatDeliveryDay(day: string): string {
  return format("weekday", `${day}T00:00:00Z`);
}

/** "November 2026": a month ("2026-11") of the shop's clock. */
export function formatMonth(month: string): string {
  return format("month", `${month}-01T00:00:00Z`);
}

/** "2:00 PM" ("2:00 pm" in en-IN): an hour of the shop's clock, 0 to 23 (the dispatch cut-off). */
export function formatHour(hour: number): string {
  return format("hour", new Date(Date.UTC(2000, 0, 1, hour)).toISOString());
}

/** "Sunday": a day of the week by its number, 0 being Sunday (4 January 1970 was one). */
export function formatWeekday(day: number): string {
  return format("weekdayName", new Date(Date.UTC(1970, 0, 4 + day)).toISOString());
}
