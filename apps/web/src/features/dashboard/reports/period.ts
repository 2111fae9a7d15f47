/**
 * The periods the Reports page offers, as days of the shop's clock (SHOP_UTC_OFFSET), not the
 * browser's: "today" at 01:00 in Mumbai is already the next day there while a laptop in London still
 * reads the day before, and the API counts money by the shop's days.
 */
import { SHOP_UTC_OFFSET } from "@shop/shared/constants";
import { salesReports } from "@shop/shared/messages";
import { formatDay } from "#web/lib/dates";

export const PERIODS = ["today", "7d", "30d", "this-month", "last-month", "custom"] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD = "30d" satisfies Period;

/** Days as YYYY-MM-DD, both included; a custom range may have a day left empty (""). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "+05:30" → its milliseconds east of UTC. */
function offsetMs(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`not a UTC offset: ${offset}`);
  const [, sign, hours, minutes] = match;
  return (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
}

/** The day the shop's clock reads at `now` ("2026-11-25"). */
export function shopToday(now: Date = new Date(), offset = SHOP_UTC_OFFSET): string {
  return new Date(now.getTime() + offsetMs(offset)).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function isDay(value: string | null | undefined): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The days of a period that is not custom, given the shop's today. */
export function presetRange(period: Exclude<Period, "custom">, today: string): DayRange {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "this-month":
      return { from: firstOfMonth, to: today };
    case "last-month": {
      const lastDay = addDays(firstOfMonth, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The days a period covers as the page names them: "Mar 1, 2026 – Mar 31, 2026", or one day alone. */
export function coveringText(range: DayRange): string {
  return range.from === range.to
    ? formatDay(range.from)
    : salesReports.covering(formatDay(range.from), formatDay(range.to));
}
