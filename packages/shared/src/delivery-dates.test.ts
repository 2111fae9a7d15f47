import { describe, expect, it } from "vitest";
import { addDays, type DispatchRules, deliverByDate, dispatchDate, offsetMinutes } from "./delivery-dates";

const IST = "+05:30";
/** Dispatch until 2 pm, never on Sundays: the settings' defaults. */
const RULES: DispatchRules = { cutoffHour: 14, nonDispatchDays: [0], holidays: [] };
const at = (iso: string) => new Date(iso);

describe("the day an order leaves, on the shop's clock", () => {
  it("is today before the cut-off hour, and the next day from the cut-off on", () => {
    // Tuesday 26 November 2024, 13:59:59 and 14:00 in India.
    expect(dispatchDate(at("2024-11-26T08:29:59Z"), IST, RULES)).toBe("2024-11-26");
    expect(dispatchDate(at("2024-11-26T08:30:00Z"), IST, RULES)).toBe("2024-11-27");
  });

  it("counts the day by the shop's clock, not UTC's, either side of midnight", () => {
    // 23:59:59 on Tuesday in India is 18:29:59 UTC: past the cut-off, so Wednesday.
    expect(dispatchDate(at("2024-11-26T18:29:59Z"), IST, RULES)).toBe("2024-11-27");
    // 00:00 on Wednesday in India is still Tuesday in UTC: Wednesday, before its cut-off.
    expect(dispatchDate(at("2024-11-26T18:30:00Z"), IST, RULES)).toBe("2024-11-27");
    // 01:30 on Tuesday in India is Monday 20:00 UTC: Tuesday.
    expect(dispatchDate(at("2024-11-25T20:00:00Z"), IST, RULES)).toBe("2024-11-26");
    // 10:00 on Tuesday in New York (-04:00 in this test) is 14:00 UTC: Tuesday, before a 2 pm cut-off.
    expect(dispatchDate(at("2024-11-26T14:00:00Z"), "-04:00", RULES)).toBe("2024-11-26");
  });

  it("skips a Sunday: Saturday after the cut-off and Sunday morning leave on Monday", () => {
    expect(dispatchDate(at("2024-11-30T09:30:00Z"), IST, RULES)).toBe("2024-12-02");
    expect(dispatchDate(at("2024-12-01T03:00:00Z"), IST, RULES)).toBe("2024-12-02");
    // Saturday before the cut-off leaves on Saturday.
    expect(dispatchDate(at("2024-11-30T05:00:00Z"), IST, RULES)).toBe("2024-11-30");
  });

  it("skips a holiday, and a holiday next to a Sunday", () => {
    const rules = { ...RULES, holidays: ["2024-12-02"] };
    expect(dispatchDate(at("2024-11-30T09:30:00Z"), IST, rules)).toBe("2024-12-03");
    // The holiday morning itself, before the cut-off.
    expect(dispatchDate(at("2024-12-02T03:00:00Z"), IST, rules)).toBe("2024-12-03");
  });

  it("crosses the end of a month and of a year", () => {
    // Tuesday 31 December 2024 after the cut-off, New Year's Day a holiday: Thursday 2 January 2025.
    const rules = { ...RULES, holidays: ["2025-01-01"] };
    expect(dispatchDate(at("2024-12-31T12:00:00Z"), IST, rules)).toBe("2025-01-02");
    // 23:45 on 31 December in India is 18:15 UTC, the same day in both.
    expect(dispatchDate(at("2024-12-31T18:15:00Z"), IST, RULES)).toBe("2025-01-01");
    // Friday 31 January 2025 after the cut-off: Saturday 1 February (Saturdays are dispatch days).
    expect(dispatchDate(at("2025-01-31T10:00:00Z"), IST, RULES)).toBe("2025-02-01");
  });

  it("takes a cut-off of midnight as: never the same day", () => {
    expect(dispatchDate(at("2024-11-26T18:30:00Z"), IST, { ...RULES, cutoffHour: 0 })).toBe("2024-11-28");
  });

  it("has no day when every weekday is closed", () => {
    const closed = { ...RULES, nonDispatchDays: [0, 1, 2, 3, 4, 5, 6] };
    expect(dispatchDate(at("2024-11-26T05:00:00Z"), IST, closed)).toBeUndefined();
    expect(deliverByDate(at("2024-11-26T05:00:00Z"), IST, closed, 3)).toBeNull();
  });
});

describe("the day an order arrives", () => {
  it("is the dispatch day plus the method's days, in calendar days", () => {
    // Tuesday 13:30 in India: leaves Tuesday, four days later is Saturday 30 November.
    expect(deliverByDate(at("2024-11-26T08:00:00Z"), IST, RULES, 4)).toBe("2024-11-30");
    // After the cut-off: leaves Wednesday, arrives Sunday 1 December (carriers count calendar days).
    expect(deliverByDate(at("2024-11-26T09:00:00Z"), IST, RULES, 4)).toBe("2024-12-01");
    // Across a Sunday, a holiday, and the year's end: leaves Thursday 2 January, arrives on the 5th.
    const rules = { ...RULES, holidays: ["2025-01-01"] };
    expect(deliverByDate(at("2024-12-31T12:00:00Z"), IST, rules, 3)).toBe("2025-01-05");
  });

  it("is not known for a method whose days are not known", () => {
    expect(deliverByDate(at("2024-11-26T08:00:00Z"), IST, RULES, null)).toBeNull();
  });

  it("adds days across February of a leap year", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2028-02-28", 2)).toBe("2028-03-01");
    expect(addDays("2024-12-30", 3)).toBe("2025-01-02");
  });
});

describe("the shop's offset from UTC", () => {
  it("reads hours and minutes with their sign", () => {
    expect(offsetMinutes("+05:30")).toBe(330);
    expect(offsetMinutes("-04:00")).toBe(-240);
    expect(offsetMinutes("+05:45")).toBe(345);
    expect(offsetMinutes("+00:00")).toBe(0);
  });
});
