/**
 * When a parcel leaves and arrives, on the shop's clock (its store settings' UTC offset): an order
 * leaves today when it comes before the dispatch cut-off hour on a dispatch day, else on the next
 * dispatch day; it arrives the method's days later, counted in calendar days (carriers deliver on
 * Sundays and holidays less reliably than they promise, but promise in calendar days).
 */

/** The shop's dispatch rules (settings, shipping section). */
export interface DispatchRules {
  /** Orders placed before this hour (0–23, the shop's time) leave the same day. */
  cutoffHour: number;
  /** Days of the week nothing leaves, 0 = Sunday. */
  nonDispatchDays: readonly number[];
  /** Dates nothing leaves, "YYYY-MM-DD". */
  holidays: readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The most days looked ahead for a dispatch day: a year, past any list of holidays the settings allow. */
const LOOK_AHEAD_DAYS = 400;

/** "+05:30" → 330, "-04:00" → -240 minutes. */
export function offsetMinutes(utcOffset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(utcOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** A calendar day as "YYYY-MM-DD", from a day number (days since 1970-01-01). */
function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The day an order placed at `now` leaves, "YYYY-MM-DD" on the shop's clock; undefined when no day
 * of the coming year is a dispatch day (every weekday closed: the settings refuse that).
 */
export function dispatchDate(now: Date, utcOffset: string, rules: DispatchRules): string | undefined {
  const local = now.getTime() + offsetMinutes(utcOffset) * 60_000;
  const today = Math.floor(local / DAY_MS);
  const hour = Math.floor((local - today * DAY_MS) / 3_600_000);
  const closed = new Set(rules.nonDispatchDays);
  const holidays = new Set(rules.holidays);
  // Day 0 (1970-01-01) was a Thursday: weekday 4.
  const isDispatchDay = (day: number) => !closed.has((day + 4) % 7) && !holidays.has(dayText(day));
  const first = hour < rules.cutoffHour ? today : today + 1;
  for (let day = first; day <= today + LOOK_AHEAD_DAYS; day++) if (isDispatchDay(day)) return dayText(day);
  return undefined;
}

/** "YYYY-MM-DD" plus whole days. */
export function addDays(date: string, days: number): string {
  return dayText(Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS) + days);
}

/**
 * The day an order placed at `now` arrives with a method that takes `days` (calendar days after it
 * leaves), "YYYY-MM-DD" on the shop's clock; null when the method's days are not known.
 */
export function deliverByDate(
  now: Date,
  utcOffset: string,
  rules: DispatchRules,
  days: number | null,
): string | null {
  if (days === null) return null;
  const leaves = dispatchDate(now, utcOffset, rules);
  return leaves === undefined ? null : addDays(leaves, days);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a text is a day of the calendar as "YYYY-MM-DD" ("2026-02-30" is not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}
