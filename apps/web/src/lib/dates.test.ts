import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./dates";

describe("dates", () => {
  it("shows a date as month, day and year", () => {
    expect(formatDate("2026-11-20T12:00:00Z")).toBe("Nov 20, 2026");
    expect(formatDate("2026-01-05T12:00:00Z")).toBe("Jan 5, 2026");
  });

  it("shows a moment with its time of day", () => {
    expect(formatDateTime("2026-11-20T12:00:00Z")).toMatch(/^Nov 20, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });
});
