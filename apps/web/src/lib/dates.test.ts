import { DEFAULT_PAGE_SETTINGS } from "@shop/shared/site";
import { afterEach, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDeliveryDay,
  formatHour,
  formatMonth,
  formatWeekday,
} from "./dates";
import { setShopSettings } from "./shop-settings";

afterEach(() => {
  setShopSettings(DEFAULT_PAGE_SETTINGS);
});

describe("dates", () => {
  it("shows a date as month, day and year in SPEC's en-US", () => {
    expect(formatDate("2026-11-20T12:00:00Z")).toBe("Nov 20, 2026");
    expect(formatDate("2026-01-05T12:00:00Z")).toBe("Jan 5, 2026");
  });

  it("shows a moment with its time of day", () => {
    expect(formatDateTime("2026-11-20T12:00:00Z")).toMatch(/^Nov 20, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it("names a calendar day and a month of the shop's clock, whatever the browser's zone", () => {
    expect(formatDay("2026-03-01")).toBe("Mar 1, 2026");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });

  it('follows the store\'s locale: "26 Nov 2026" in en-IN, and back once the owner changes it', () => {
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    expect(formatDate("2026-11-26T12:00:00Z")).toBe("26 Nov 2026");
    expect(formatDateTime("2026-11-26T12:00:00Z")).toMatch(/^26 Nov 2026, \d{1,2}:\d{2}\s[ap]m$/);
    expect(formatDay("2026-11-26")).toBe("26 Nov 2026");
    expect(formatMonth("2026-11")).toBe("November 2026");
    setShopSettings(DEFAULT_PAGE_SETTINGS);
    expect(formatDate("2026-11-26T12:00:00Z")).toBe("Nov 26, 2026");
  });

  it('writes a delivery day with its weekday and no year: "Sat, 30 Nov" in en-IN, "Sat, Nov 30" in en-US', () => {
    expect(formatDeliveryDay("2024-11-30")).toBe("Sat, Nov 30");
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    expect(formatDeliveryDay("2024-11-30")).toBe("Sat, 30 Nov");
    // A calendar day of the shop: the same day whatever the browser's zone.
    expect(formatDeliveryDay("2026-12-01")).toBe("Tue, 1 Dec");
  });

  it("names the hours and weekdays of the dispatch rules in the store's locale", () => {
    expect(formatHour(0)).toBe("12:00 AM");
    expect(formatHour(14)).toBe("2:00 PM");
    expect([0, 1, 6].map(formatWeekday)).toEqual(["Sunday", "Monday", "Saturday"]);
    setShopSettings({ store: { name: "Kapda House" }, currency: { code: "INR", locale: "en-IN" } });
    expect(formatHour(14)).toBe("2:00 pm");
  });
});
