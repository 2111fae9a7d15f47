/**
 * The months the GST tab offers, as months of the shop's clock (a return is filed for the shop's
 * month, whatever the day where the browser is): the month to file first, then the ones before it.
 */

/** How many months back the month picker goes: two financial years. */
export const MONTHS_OFFERED = 24;

export function isMonth(value: string | null | undefined): value is string {
  return typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The month `months` after "2026-11" (before it when negative). */
export function addMonths(month: string, months: number): string {
  const [year = 0, number = 1] = month.split("-").map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The month a return is due for on `today` (a day of the shop's clock): the one before today's. */
export function monthToFile(today: string): string {
  return addMonths(today.slice(0, 7), -1);
}

/**
 * The months the picker lists, newest first: today's month (still running) and the MONTHS_OFFERED
 * before it, with `chosen` among them when an address names an older one.
 */
export function monthsOffered(today: string, chosen: string): string[] {
  const current = today.slice(0, 7);
  const months = Array.from({ length: MONTHS_OFFERED + 1 }, (_, i) => addMonths(current, -i));
  if (!months.includes(chosen)) months.push(chosen);
  return months.sort().reverse();
}
