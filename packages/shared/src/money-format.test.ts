import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currencySymbol,
  formatMoney,
  formatMoneyCompact,
  formatMoneyTrimmed,
  SPEC_CURRENCY,
} from "./money-format";

const INR = { code: "INR", locale: "en-IN" };
const USD = { code: "USD", locale: "en-US" };

describe("formatMoney", () => {
  it('writes rupees the Indian way: 123456 in INR and en-IN is "₹1,23,456.00"', () => {
    expect(formatMoney(123456, INR)).toBe("₹1,23,456.00");
    expect(formatMoney(80, INR)).toBe("₹80.00");
  });

  it('keeps SPEC\'s dollars for a fresh shop: 1234.5 in USD and en-US is "$1,234.50"', () => {
    expect(SPEC_CURRENCY).toEqual(USD);
    expect(formatMoney(1234.5, USD)).toBe("$1,234.50");
    expect(formatMoney(0, USD)).toBe("$0.00");
    expect(formatMoney(1234567.891, USD)).toBe("$1,234,567.89");
  });

  it("puts the minus before the currency, and none on an amount that rounds to zero", () => {
    expect(formatMoney(-5, USD)).toBe("-$5.00");
    expect(formatMoney(-1234.5, INR)).toBe("-₹1,234.50");
    expect(formatMoney(-0, USD)).toBe("$0.00");
    expect(formatMoney(-0.001, USD)).toBe("$0.00");
    expect(formatMoney(-0.001, INR)).toBe("₹0.00");
  });

  it("writes another locale's separators and a currency without cents as Intl does", () => {
    expect(formatMoney(1234.5, { code: "EUR", locale: "de-DE" })).toBe("1.234,50\u00a0€");
    expect(formatMoney(1234.5, { code: "JPY", locale: "ja-JP" })).toBe("￥1,235");
  });

  it("writes SPEC's dollars exactly as Intl does, without making a formatter", () => {
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      signDisplay: "negative",
    });
    const amounts = fc.oneof(
      // Whole cents, as every amount of the shop is.
      fc.integer({ min: -1e12, max: 1e12 }).map((cents) => cents / 100),
      // Anything else, halves of a cent included.
      fc.double({ min: -1e14, max: 1e14, noNaN: true }),
      fc.integer({ min: -1e7, max: 1e7 }).map((tenths) => tenths / 1000 + 0.005),
    );
    fc.assert(fc.property(amounts, (amount) => formatMoney(amount, USD) === intl.format(amount)));
    for (const amount of [1.005, 2.675, 0.125, 999.995, 1e-7, 1e21, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatMoney(amount, USD)).toBe(intl.format(amount));
  });
});

describe("formatMoneyCompact", () => {
  it("shortens an amount for a chart's axis as the locale does", () => {
    expect(formatMoneyCompact(-125, USD)).toBe("-$125");
    expect(formatMoneyCompact(1200, USD)).toBe("$1.2K");
    expect(formatMoneyCompact(125000, INR)).toBe("₹1.3L");
  });
});

describe("currencySymbol", () => {
  it("names the sign a field's amount is in: ₹ for INR, $ for SPEC's dollars and for USD in en-IN", () => {
    expect(currencySymbol(INR)).toBe("₹");
    expect(currencySymbol(USD)).toBe("$");
    expect(currencySymbol({ code: "USD", locale: "en-IN" })).toBe("$");
    expect(currencySymbol({ code: "EUR", locale: "de-DE" })).toBe("€");
  });

  it("gives the code where the locale writes no sign", () => {
    expect(currencySymbol({ code: "CHF", locale: "en-US" })).toBe("CHF");
  });
});

describe("formatMoneyTrimmed", () => {
  it('writes a typed bound without zero cents: 40 is "$40" and "₹40", 1500 in INR "₹1,500"', () => {
    expect(formatMoneyTrimmed(40, USD)).toBe("$40");
    expect(formatMoneyTrimmed(40, INR)).toBe("₹40");
    expect(formatMoneyTrimmed(1500, INR)).toBe("₹1,500");
  });

  it("keeps cents that are there, written out for SPEC's dollars as Intl writes them", () => {
    expect(formatMoneyTrimmed(39.5, USD)).toBe("$39.50");
    expect(formatMoneyTrimmed(39.5, INR)).toBe("₹39.50");
    const intl = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      trailingZeroDisplay: "stripIfInteger",
    });
    for (const amount of [0, 1, 12.3, 1234567, 1.005, 999.999])
      expect(formatMoneyTrimmed(amount, USD)).toBe(intl.format(amount));
  });
});
