import { describe, expect, it } from "vitest";
import { addMonths, isMonth, MONTHS_OFFERED, monthsOffered, monthToFile } from "./months";

describe("the GST tab's months", () => {
  it("files the month before the shop's today, across a year's end", () => {
    expect(monthToFile("2026-12-05")).toBe("2026-11");
    expect(monthToFile("2027-01-01")).toBe("2026-12");
    expect(addMonths("2026-11", 2)).toBe("2027-01");
  });

  it("lists today's month first and two years before it, with an older month the address names", () => {
    const months = monthsOffered("2026-12-05", "2026-11");
    expect(months).toHaveLength(MONTHS_OFFERED + 1);
    expect(months.slice(0, 3)).toEqual(["2026-12", "2026-11", "2026-10"]);
    expect(months.at(-1)).toBe("2024-12");
    expect(monthsOffered("2026-12-05", "2020-04").at(-1)).toBe("2020-04");
  });

  it("tells a month from anything else", () => {
    expect(isMonth("2026-11")).toBe(true);
    expect(isMonth("2026-13")).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
});
