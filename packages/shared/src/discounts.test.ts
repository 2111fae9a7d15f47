import { describe, expect, it } from "vitest";
import { type DiscountRules, discountRefusal } from "./discounts";
import { discountCodes } from "./messages";
import type { PricedInput } from "./pricing";

const now = new Date("2026-11-23T12:00:00Z");
const rules = (over: Partial<DiscountRules> = {}): DiscountRules => ({
  type: "percentage",
  value: 10,
  combinesWithSale: false,
  isActive: true,
  startsAt: null,
  endsAt: null,
  minSubtotal: null,
  usageLimit: null,
  perCustomerLimit: null,
  ...over,
});
const shoe: PricedInput = { price: 100, onSale: false, salePrice: 0, quantity: 2 };
const noUses = { total: 0, byCustomer: 0 };

describe("discountRefusal", () => {
  it("lets an active code without limits apply", () => {
    expect(discountRefusal(rules(), [shoe], now, noUses)).toBeUndefined();
  });

  it("refuses an inactive code as not valid", () => {
    expect(discountRefusal(rules({ isActive: false }), [shoe], now, noUses)).toBe(discountCodes.invalid);
  });

  it("refuses before its start and from its end", () => {
    const later = new Date(now.getTime() + 1000);
    expect(discountRefusal(rules({ startsAt: later }), [shoe], now, noUses)).toBe(discountCodes.notYetActive);
    expect(discountRefusal(rules({ startsAt: now }), [shoe], now, noUses)).toBeUndefined();
    expect(discountRefusal(rules({ endsAt: now }), [shoe], now, noUses)).toBe(discountCodes.expired);
    expect(discountRefusal(rules({ endsAt: later }), [shoe], now, noUses)).toBeUndefined();
  });

  it("says how much more the items must reach, on the prices paid", () => {
    expect(discountRefusal(rules({ minSubtotal: 250.5 }), [shoe], now, noUses)).toBe(
      "Add $50.50 more to use this code.",
    );
    expect(discountRefusal(rules({ minSubtotal: 200 }), [shoe], now, noUses)).toBeUndefined();
    const onSale = { ...shoe, onSale: true, salePrice: 90 };
    expect(discountRefusal(rules({ minSubtotal: 200, combinesWithSale: true }), [onSale], now, noUses)).toBe(
      "Add $20.00 more to use this code.",
    );
  });

  it("refuses when nothing in the cart is eligible, sale items counting only when it combines", () => {
    expect(discountRefusal(rules(), [{ ...shoe, eligible: false }], now, noUses)).toBe(
      discountCodes.notApplicable,
    );
    const onSale = { ...shoe, onSale: true, salePrice: 90 };
    expect(discountRefusal(rules(), [onSale], now, noUses)).toBe(discountCodes.notApplicable);
    expect(discountRefusal(rules({ combinesWithSale: true }), [onSale], now, noUses)).toBeUndefined();
  });

  it("refuses once the total or the shopper's uses reach their limits", () => {
    expect(
      discountRefusal(rules({ usageLimit: 5 }), [shoe], now, { total: 4, byCustomer: 0 }),
    ).toBeUndefined();
    expect(discountRefusal(rules({ usageLimit: 5 }), [shoe], now, { total: 5, byCustomer: 0 })).toBe(
      discountCodes.usedUp,
    );
    expect(discountRefusal(rules({ perCustomerLimit: 1 }), [shoe], now, { total: 1, byCustomer: 1 })).toBe(
      discountCodes.alreadyUsed,
    );
  });
});
