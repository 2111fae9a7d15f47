import { describe, expect, it } from "vitest";
import { presetRange, shopToday } from "./period";

describe("the Reports page's periods", () => {
  it("reads today on the shop's clock, not the browser's or UTC", () => {
    expect(shopToday(new Date("2026-03-15T18:29:59.999Z"), "+05:30")).toBe("2026-03-15");
    expect(shopToday(new Date("2026-03-15T18:30:00.000Z"), "+05:30")).toBe("2026-03-16");
    expect(shopToday(new Date("2026-03-15T02:00:00.000Z"), "-05:00")).toBe("2026-03-14");
  });

  it("counts the days of each preset with today included", () => {
    expect(presetRange("today", "2026-03-16")).toEqual({ from: "2026-03-16", to: "2026-03-16" });
    expect(presetRange("7d", "2026-03-16")).toEqual({ from: "2026-03-10", to: "2026-03-16" });
    expect(presetRange("30d", "2026-03-16")).toEqual({ from: "2026-02-15", to: "2026-03-16" });
    expect(presetRange("this-month", "2026-03-16")).toEqual({ from: "2026-03-01", to: "2026-03-16" });
  });

  it("takes last month whole, across a year's end and a leap day", () => {
    expect(presetRange("last-month", "2026-01-01")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetRange("last-month", "2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });
});
