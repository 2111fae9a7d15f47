import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type DiscountTerms,
  formatPrice,
  fromCents,
  type PricedInput,
  priceItems,
  priceOrder,
  toCents,
} from "./pricing";

const item = (price: number, quantity = 1, sale?: number): PricedInput => ({
  price,
  quantity,
  onSale: sale !== undefined,
  salePrice: sale ?? 0,
});

describe("priceItems: lines and discount", () => {
  it("prices an on-sale line at its sale price", () => {
    const { lines, itemsPrice } = priceItems([item(100, 2, 80)]);
    expect(lines[0]).toEqual({
      unitPrice: 80,
      savedAmount: 40,
      lineTotal: 160,
      quantity: 2,
      discountShare: 0,
    });
    expect(itemsPrice).toBe(160);
  });

  it("prices a line that is not on sale at its price, ignoring a leftover sale price", () => {
    const { lines, discountPrice } = priceItems([{ price: 100, salePrice: 80, onSale: false, quantity: 2 }]);
    expect(lines[0]).toEqual({
      unitPrice: 100,
      savedAmount: 0,
      lineTotal: 200,
      quantity: 2,
      discountShare: 0,
    });
    expect(discountPrice).toBe(0);
  });

  it("sums (price - salePrice) x quantity over the on-sale lines only", () => {
    const summary = priceItems([
      item(100, 2, 80),
      { price: 50, salePrice: 10, onSale: false, quantity: 3 },
      item(19.99, 3, 14.99),
    ]);
    expect(summary.discountPrice).toBe(55);
    expect(summary.itemsPrice).toBe(354.97);
  });
});

describe("priceItems: shipping", () => {
  it("charges 80 when the items price is exactly 5000", () => {
    expect(priceItems([item(5000)]).shippingPrice).toBe(80);
    expect(priceItems([item(2500, 2)]).shippingPrice).toBe(80);
  });

  it("charges 80 below 5000", () => {
    expect(priceItems([item(4999.99)]).shippingPrice).toBe(80);
    expect(priceItems([item(0.01)]).shippingPrice).toBe(80);
  });

  it("ships free at 5000.01", () => {
    expect(priceItems([item(5000.01)]).shippingPrice).toBe(0);
    expect(priceItems([item(2500.01, 2)]).shippingPrice).toBe(0);
  });

  it("ships free above 5000", () => {
    expect(priceItems([item(6000)]).shippingPrice).toBe(0);
  });

  it("decides shipping on the sale prices, not the list prices", () => {
    expect(priceItems([item(6000, 1, 4000)]).shippingPrice).toBe(80);
  });

  it("charges a method's own price and threshold, and never ships free a method without one", () => {
    const express = { price: 150.5, freeAbove: 10_000 };
    expect(priceItems([item(6000)], undefined, express).shippingPrice).toBe(150.5);
    expect(priceItems([item(10_000.01)], undefined, express).shippingPrice).toBe(0);
    expect(priceItems([item(1_000_000)], undefined, { price: 40, freeAbove: null }).shippingPrice).toBe(40);
    // The total adds the method's price exactly: 6000 + 150.50 + 18% of 6000.
    expect(priceItems([item(6000)], undefined, express).totalPrice).toBe(7230.5);
  });

  it("charges nothing at all for an empty list", () => {
    expect(priceItems([])).toEqual({
      lines: [],
      itemsPrice: 0,
      discountPrice: 0,
      discountAmount: 0,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 0,
    });
  });
});

describe("priceItems: tax", () => {
  it.each([
    [0.05, 0.01],
    [10.99, 1.98],
    [0.02, 0],
    [0.03, 0.01],
    [100, 18],
    [5000.01, 900],
  ])("taxes an items price of %d at 18%%, rounded to the cent: %d", (price, tax) => {
    expect(priceItems([item(price)]).taxPrice).toBe(tax);
  });

  it("rounds half a cent of tax up (0.25 x 18% = 4.5 cents gives 0.05)", () => {
    expect(priceItems([item(0.25)]).taxPrice).toBe(0.05);
  });

  it("taxes the sale price, not the list price", () => {
    expect(priceItems([item(100, 1, 50)]).taxPrice).toBe(9);
  });
});

describe("priceItems: totals exact to the cent", () => {
  it("adds items, shipping and tax into the total", () => {
    expect(priceItems([item(10.99)]).totalPrice).toBe(92.97);
    expect(priceItems([item(5000.01)]).totalPrice).toBe(5900.01);
  });

  // Each case below gives a float error in plain JS arithmetic (0.1 + 0.2 = 0.30000000000000004).
  it("totals 0.1 + 0.2 as 0.3", () => {
    const summary = priceItems([item(0.1), item(0.2)]);
    expect(summary.itemsPrice).toBe(0.3);
    // Each line's GST rounded on its own (decision 047): 0.018 → 0.02 and 0.036 → 0.04.
    expect(summary.taxPrice).toBe(0.06);
    expect(summary.totalPrice).toBe(80.36);
  });

  it("totals 3 x 19.99 exactly", () => {
    const summary = priceItems([item(19.99, 3)]);
    expect(summary.lines[0]?.lineTotal).toBe(59.97);
    expect(summary.taxPrice).toBe(10.79);
    expect(summary.totalPrice).toBe(150.76);
  });

  it("totals 3 x 1.1 as 3.3", () => {
    const summary = priceItems([item(1.1, 3)]);
    expect(summary.itemsPrice).toBe(3.3);
    expect(summary.totalPrice).toBe(83.89);
  });

  it("totals ten lines of 0.1 as 1", () => {
    const summary = priceItems(Array.from({ length: 10 }, () => item(0.1)));
    expect(summary.itemsPrice).toBe(1);
    // Ten lines of 0.018 GST, each rounded to 0.02 (decision 047).
    expect(summary.totalPrice).toBe(81.2);
  });

  it("totals a saving of 0.7 - 0.6 as 0.1 per unit", () => {
    const summary = priceItems([item(0.7, 3, 0.6)]);
    expect(summary.lines[0]?.savedAmount).toBe(0.3);
    expect(summary.discountPrice).toBe(0.3);
    expect(summary.itemsPrice).toBe(1.8);
  });

  it("gives every amount as whole cents, the total being items + shipping + tax", () => {
    const line = fc
      .record({
        priceCents: fc.integer({ min: 0, max: 1_000_000 }),
        saleCents: fc.integer({ min: 0, max: 1_000_000 }),
        onSale: fc.boolean(),
        quantity: fc.integer({ min: 1, max: 50 }),
      })
      .map(({ priceCents, saleCents, onSale, quantity }) => ({
        price: priceCents / 100,
        salePrice: Math.min(saleCents, priceCents) / 100,
        onSale,
        quantity,
      }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (items) => {
        const s = priceItems(items);
        for (const amount of [s.itemsPrice, s.discountPrice, s.shippingPrice, s.taxPrice, s.totalPrice]) {
          expect(fromCents(toCents(amount))).toBe(amount);
        }
        expect(toCents(s.totalPrice)).toBe(
          toCents(s.itemsPrice) + toCents(s.shippingPrice) + toCents(s.taxPrice),
        );
      }),
    );
  });
});

describe("priceItems: a discount code", () => {
  const percent = (value: number, combinesWithSale = true): DiscountTerms => ({
    type: "percentage",
    value,
    combinesWithSale,
  });
  const fixed = (value: number, combinesWithSale = true): DiscountTerms => ({
    type: "fixed",
    value,
    combinesWithSale,
  });

  it("takes a percentage off every eligible line, rounded per line, and the lines add up", () => {
    const s = priceItems([item(10.05, 1), item(20.05, 1), { ...item(99, 1), eligible: false }], percent(10));
    expect(s.lines.map((line) => line.discountShare)).toEqual([1.01, 2.01, 0]);
    expect(s.discountAmount).toBe(3.02);
    expect(s.itemsPrice).toBe(129.1);
  });

  it("charges 18% tax on the items after the discount, and totals them", () => {
    const s = priceItems([item(1000, 1)], percent(10));
    expect(s.discountAmount).toBe(100);
    expect(s.taxPrice).toBe(162);
    expect(s.shippingPrice).toBe(80);
    expect(s.totalPrice).toBe(1000 - 100 + 162 + 80);
  });

  it("decides free shipping on the items after the discount", () => {
    expect(priceItems([item(5100, 1)]).shippingPrice).toBe(0);
    expect(priceItems([item(5100, 1)], percent(10)).shippingPrice).toBe(80);
  });

  it("skips items on sale unless the code combines with sales", () => {
    const items = [item(100, 1, 80), item(50, 2)];
    expect(priceItems(items, percent(50, false)).lines.map((line) => line.discountShare)).toEqual([0, 50]);
    expect(priceItems(items, percent(50, true)).lines.map((line) => line.discountShare)).toEqual([40, 50]);
  });

  it("spreads a fixed amount over the eligible lines in proportion, to the cent", () => {
    const s = priceItems([item(10, 1), item(10, 1), item(10, 1)], fixed(10));
    expect(s.lines.map((line) => line.discountShare)).toEqual([3.34, 3.33, 3.33]);
    expect(s.discountAmount).toBe(10);
  });

  it("never takes a fixed amount below zero: at most the eligible items", () => {
    const s = priceItems([item(30, 1), { ...item(500, 1), eligible: false }], fixed(100));
    expect(s.discountAmount).toBe(30);
    expect(s.lines.map((line) => line.discountShare)).toEqual([30, 0]);
    expect(s.taxPrice).toBe(90);
  });

  it("makes shipping free with a free-shipping code and takes nothing off the items", () => {
    const s = priceItems([item(100, 1)], { type: "free_shipping", value: 0, combinesWithSale: true });
    expect(s).toMatchObject({ discountAmount: 0, shippingPrice: 0, taxPrice: 18, totalPrice: 118 });
  });

  it("keeps every share between 0 and its line, the shares adding up to the discount", () => {
    const line = fc
      .record({
        priceCents: fc.integer({ min: 1, max: 500_000 }),
        saleCents: fc.integer({ min: 1, max: 500_000 }),
        onSale: fc.boolean(),
        quantity: fc.integer({ min: 1, max: 10 }),
        eligible: fc.boolean(),
      })
      .map(({ priceCents, saleCents, onSale, quantity, eligible }) => ({
        price: priceCents / 100,
        salePrice: Math.min(saleCents, priceCents) / 100,
        onSale,
        quantity,
        eligible,
      }));
    const terms = fc.oneof(
      fc.record({ type: fc.constant("percentage" as const), value: fc.integer({ min: 1, max: 100 }) }),
      fc.record({
        type: fc.constant("fixed" as const),
        value: fc.integer({ min: 1, max: 1_000_000 }).map((c) => c / 100),
      }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), terms, fc.boolean(), (items, t, combinesWithSale) => {
        const s = priceItems(items, { ...t, combinesWithSale });
        let sum = 0;
        s.lines.forEach((priced, i) => {
          const share = toCents(priced.discountShare);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(toCents(priced.lineTotal));
          const original = items[i];
          if (original && (!original.eligible || (original.onSale && !combinesWithSale)))
            expect(share).toBe(0);
          sum += share;
        });
        expect(sum).toBe(toCents(s.discountAmount));
        expect(toCents(s.totalPrice)).toBe(
          toCents(s.itemsPrice) - sum + toCents(s.shippingPrice) + toCents(s.taxPrice),
        );
      }),
    );
  });
});

describe("toCents and fromCents", () => {
  it("rounds 1.005 up to 101 cents despite 1.005 * 100 being 100.49999999999999", () => {
    expect(toCents(1.005)).toBe(101);
  });

  it("rounds half a cent away from zero for a negative amount", () => {
    expect(toCents(-1.005)).toBe(-101);
  });

  it("converts two-decimal amounts both ways without loss", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.29)).toBe(29);
    expect(fromCents(1999)).toBe(19.99);
  });
});

describe("formatPrice", () => {
  it('shows 1234.5 as "$1,234.50"', () => {
    expect(formatPrice(1234.5)).toBe("$1,234.50");
  });

  it("always shows two decimals", () => {
    expect(formatPrice(0)).toBe("$0.00");
    expect(formatPrice(80)).toBe("$80.00");
  });

  it("groups thousands and rounds to the cent", () => {
    expect(formatPrice(1234567.891)).toBe("$1,234,567.89");
  });
});

describe("priceOrder: the owner's tax rates", () => {
  const at = (price: number, quantity: number, taxRate: number): PricedInput => ({
    ...item(price, quantity),
    taxRate,
  });
  const express = { price: 150, freeAbove: 3000 };

  it("adds each rate's GST on top, rounded once per rate, shipping untaxed (SPEC)", () => {
    const summary = priceOrder([at(1000, 1, 18), at(500, 1, 5), at(0.1, 1, 5)]);
    expect(summary.taxPrice).toBe(205.01);
    expect(summary.shippingPrice).toBe(80);
    expect(summary.shippingTax).toBe(0);
    expect(summary.totalPrice).toBe(1785.11);
    expect(summary.lineTaxes).toEqual([
      { rate: 18, taxableValue: 1000, tax: 180, cgst: 0, sgst: 0, igst: 180 },
      { rate: 5, taxableValue: 500, tax: 25, cgst: 0, sgst: 0, igst: 25 },
      { rate: 5, taxableValue: 0.1, tax: 0.01, cgst: 0, sgst: 0, igst: 0.01 },
    ]);
    expect(summary.taxes).toEqual([
      { rate: 5, taxableValue: 500.1, tax: 25.01, cgst: 0, sgst: 0, igst: 25.01 },
      { rate: 18, taxableValue: 1000, tax: 180, cgst: 0, sgst: 0, igst: 180 },
    ]);
  });

  it("takes the GST out of prices that include it, taxed shipping's at the highest rate, after a code", () => {
    const summary = priceOrder([at(1180, 1, 18), at(525, 2, 5)], {
      discount: { type: "percentage", value: 10, combinesWithSale: true },
      shipping: express,
      taxes: { pricesIncludeTax: true, chargesTaxed: true },
    });
    expect(summary.itemsPrice).toBe(2230);
    expect(summary.discountAmount).toBe(223);
    expect(summary.shippingPrice).toBe(150);
    // 1062 at 18% is 900 + 162; 945 at 5% is 900 + 45; 150 at 18% is 127.12 + 22.88.
    expect(summary.lineTaxes).toEqual([
      { rate: 18, taxableValue: 900, tax: 162, cgst: 0, sgst: 0, igst: 162 },
      { rate: 5, taxableValue: 900, tax: 45, cgst: 0, sgst: 0, igst: 45 },
    ]);
    expect(summary.shippingTax).toBe(22.88);
    expect(summary.shippingTaxRate).toBe(18);
    expect(summary.taxPrice).toBe(229.88);
    expect(summary.totalPrice).toBe(2157);
    expect(summary.taxes).toEqual([
      { rate: 5, taxableValue: 900, tax: 45, cgst: 0, sgst: 0, igst: 45 },
      { rate: 18, taxableValue: 1027.12, tax: 184.88, cgst: 0, sgst: 0, igst: 184.88 },
    ]);
    // Charges left outside GST, shipping takes no tax in prices that include it either.
    const untaxed = priceOrder([at(1180, 1, 18), at(525, 2, 5)], {
      discount: { type: "percentage", value: 10, combinesWithSale: true },
      shipping: express,
      taxes: { pricesIncludeTax: true },
    });
    expect(untaxed).toMatchObject({ shippingPrice: 150, shippingTax: 0, taxPrice: 207, totalPrice: 2157 });
    expect(untaxed.shippingCharge).toMatchObject({ taxed: false, taxableValue: 0, rate: 0 });
  });

  it("ships free past the method's threshold, on the items after the code, with no shipping GST", () => {
    const summary = priceOrder([at(3540, 1, 18)], { shipping: express, taxes: { pricesIncludeTax: true } });
    expect(summary.shippingPrice).toBe(0);
    expect(summary.shippingTax).toBe(0);
    expect(summary.taxPrice).toBe(540);
    expect(summary.totalPrice).toBe(3540);
  });

  it("keeps SPEC's figures when every line is at 18% on top", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 5 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (lines) => {
          const items = lines.map((line) => item(fromCents(line.cents), line.quantity));
          const spec = priceItems(items);
          const taxed = priceOrder(items.map((line) => ({ ...line, taxRate: 18 })));
          expect(taxed.taxPrice).toBe(spec.taxPrice);
          expect(taxed.totalPrice).toBe(spec.totalPrice);
        },
      ),
    );
  });

  it("adds up: the lines' GST and shipping's make the tax, the rates' make it too, the total ties", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 2_000_000 }),
            quantity: fc.integer({ min: 1, max: 4 }),
            rate: fc.constantFrom(0, 5, 12, 18, 28, 0.25, 3),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.boolean(),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (lines, included, percent, chargesTaxed) => {
          const summary = priceOrder(
            lines.map((line) => at(fromCents(line.cents), line.quantity, line.rate)),
            {
              discount:
                percent > 0 ? { type: "percentage", value: percent, combinesWithSale: true } : undefined,
              shipping: express,
              taxes: { pricesIncludeTax: included, chargesTaxed },
            },
          );
          const cents = (values: number[]) => values.reduce((sum, value) => sum + toCents(value), 0);
          const tax = toCents(summary.taxPrice);
          expect(cents(summary.lineTaxes.map((line) => line.tax)) + toCents(summary.shippingTax)).toBe(tax);
          expect(cents(summary.taxes.map((rate) => rate.tax))).toBe(tax);
          const net = toCents(summary.itemsPrice) - toCents(summary.discountAmount);
          const total = net + toCents(summary.shippingPrice) + (included ? 0 : tax);
          expect(toCents(summary.totalPrice)).toBe(total);
          // Values before tax, the tax and the round off make the total, whichever way the prices
          // carry it, with shipping outside GST unless the charges are taxed.
          const values = cents(summary.taxes.map((rate) => rate.taxableValue));
          const untaxedShipping = chargesTaxed ? 0 : toCents(summary.shippingPrice);
          expect(values + tax + toCents(summary.roundOff) + untaxedShipping).toBe(total);
          if (!included) expect(summary.roundOff).toBe(0);
          // Every row holds tax = round(rate × taxable) (IGST across states).
          summary.lineTaxes.forEach((line) => {
            expect(toCents(line.tax)).toBe(Math.round((toCents(line.taxableValue) * line.rate) / 100));
          });
        },
      ),
    );
  });
});

describe("priceOrder: CGST and SGST within the state, IGST across", () => {
  const at = (price: number, quantity: number, taxRate: number): PricedInput => ({
    ...item(price, quantity),
    taxRate,
  });
  const express = { price: 150, freeAbove: 3000 };

  it("halves each line's GST into CGST = SGST, each rounded to the paisa, the GST their sum", () => {
    // 69.99 at 5% within the price: taxable round(6999 × 100 / 105) = 66.66, as across states; each
    // half round(66.66 × 2.5%) = 1.67, and the paisa the price cannot hold (−0.01) is its round off.
    const summary = priceOrder([at(69.99, 1, 5), at(1180, 1, 18)], {
      taxes: { pricesIncludeTax: true, supply: "intra-state", chargesTaxed: true },
    });
    expect(summary.supply).toBe("intra-state");
    expect(summary.roundOffs).toEqual([-0.01, 0]);
    expect(summary.roundOff).toBe(-0.01);
    expect(summary.lineTaxes).toEqual([
      { rate: 5, taxableValue: 66.66, tax: 3.34, cgst: 1.67, sgst: 1.67, igst: 0 },
      { rate: 18, taxableValue: 1000, tax: 180, cgst: 90, sgst: 90, igst: 0 },
    ]);
    // Shipping (80) at the highest rate, 18%: taxable round(8000 × 100 / 118) = 67.80, each half 6.10.
    expect(summary).toMatchObject({
      shippingPrice: 80,
      shippingTax: 12.2,
      shippingCgst: 6.1,
      shippingSgst: 6.1,
      shippingIgst: 0,
      taxPrice: 195.54,
      totalPrice: 1329.99,
    });
    expect(summary.taxes).toEqual([
      { rate: 5, taxableValue: 66.66, tax: 3.34, cgst: 1.67, sgst: 1.67, igst: 0 },
      { rate: 18, taxableValue: 1067.8, tax: 192.2, cgst: 96.1, sgst: 96.1, igst: 0 },
    ]);
  });

  it("adds each half on top at rate/2 of the line, shipping untaxed (SPEC)", () => {
    const summary = priceOrder([at(10.99, 1, 18), at(0.3, 1, 5)], {
      taxes: { pricesIncludeTax: false, supply: "intra-state" },
    });
    // 10.99 × 9% = 0.9891 → 0.99; 0.30 × 2.5% = 0.0075 → 0.01.
    expect(summary.lineTaxes).toEqual([
      { rate: 18, taxableValue: 10.99, tax: 1.98, cgst: 0.99, sgst: 0.99, igst: 0 },
      { rate: 5, taxableValue: 0.3, tax: 0.02, cgst: 0.01, sgst: 0.01, igst: 0 },
    ]);
    expect(summary).toMatchObject({ shippingTax: 0, shippingCgst: 0, taxPrice: 2, totalPrice: 93.29 });
  });

  it("keeps the GST across states as IGST only, as before, and inter-state by default", () => {
    const items = [at(69.99, 1, 5), at(1180, 1, 18)];
    const across = priceOrder(items, {
      taxes: { pricesIncludeTax: true, supply: "inter-state", chargesTaxed: true },
    });
    expect(priceOrder(items, { taxes: { pricesIncludeTax: true, chargesTaxed: true } })).toEqual(across);
    expect(across.supply).toBe("inter-state");
    expect(across.lineTaxes).toEqual([
      { rate: 5, taxableValue: 66.66, tax: 3.33, cgst: 0, sgst: 0, igst: 3.33 },
      { rate: 18, taxableValue: 1000, tax: 180, cgst: 0, sgst: 0, igst: 180 },
    ]);
    expect(across).toMatchObject({ shippingTax: 12.2, shippingIgst: 12.2, shippingCgst: 0, shippingSgst: 0 });
  });

  it("for any rates, prices and codes: CGST = SGST on every line, the included values add up, totals tie", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 1, max: 2_000_000 }),
            saleCents: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: undefined }),
            quantity: fc.integer({ min: 1, max: 4 }),
            rate: fc.constantFrom(0, 5, 12, 18, 28, 40, 0.25, 3),
            slabs: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.boolean(),
        fc.constantFrom("intra-state" as const, "inter-state" as const),
        fc.boolean(),
        fc.oneof(
          fc.constant(undefined),
          fc.record({
            type: fc.constant("percentage" as const),
            value: fc.integer({ min: 1, max: 100 }),
            combinesWithSale: fc.boolean(),
          }),
          fc.record({
            type: fc.constant("fixed" as const),
            value: fc.integer({ min: 1, max: 500_000 }).map(fromCents),
            combinesWithSale: fc.boolean(),
          }),
        ),
        (lines, included, supply, chargesTaxed, discount) => {
          const items = lines.map(
            (line): PricedInput => ({
              ...item(
                fromCents(line.cents),
                line.quantity,
                line.saleCents === undefined ? undefined : fromCents(Math.min(line.saleCents, line.cents)),
              ),
              taxRate: line.rate,
              taxSlabs: line.slabs ? apparel : null,
            }),
          );
          const summary = priceOrder(items, {
            discount,
            shipping: express,
            taxes: { pricesIncludeTax: included, supply, chargesTaxed },
            codFee: 49,
          });
          const cents = (values: number[]) => values.reduce((sum, value) => sum + toCents(value), 0);
          summary.lineTaxes.forEach((line, i) => {
            const value =
              toCents(summary.lines[i]?.lineTotal ?? 0) - toCents(summary.lines[i]?.discountShare ?? 0);
            if (supply === "intra-state") {
              expect(line.cgst).toBe(line.sgst);
              expect(line.igst).toBe(0);
            } else {
              expect(line.cgst + line.sgst).toBe(0);
              expect(line.igst).toBe(line.tax);
            }
            expect(toCents(line.cgst) + toCents(line.sgst) + toCents(line.igst)).toBe(toCents(line.tax));
            // One rule: the taxable value, then each part rounded from it (decision 047).
            const taxable = toCents(line.taxableValue);
            const wanted = included ? Math.round((value * 100) / (100 + line.rate)) : value;
            expect(Math.abs(taxable - wanted)).toBeLessThanOrEqual(1);
            const half = Math.round((taxable * line.rate) / 200 + 1e-9);
            if (supply === "intra-state") expect(toCents(line.cgst)).toBe(half);
            expect(taxable + (included ? toCents(line.tax) + toCents(summary.roundOffs[i] ?? 0) : 0)).toBe(
              value,
            );
            if (items[i]?.taxSlabs) expect([5, 18]).toContain(line.rate);
            else expect(line.rate).toBe(lines[i]?.rate);
          });
          expect(summary.shippingCgst).toBe(summary.shippingSgst);
          const shippingTax = toCents(summary.shippingTax);
          expect(
            toCents(summary.shippingCgst) + toCents(summary.shippingSgst) + toCents(summary.shippingIgst),
          ).toBe(shippingTax);
          const tax = toCents(summary.taxPrice);
          expect(summary.codFeeCharge.cgst).toBe(summary.codFeeCharge.sgst);
          expect(
            cents(summary.lineTaxes.map((line) => line.tax)) +
              shippingTax +
              toCents(summary.codFeeCharge.tax),
          ).toBe(tax);
          expect(cents(summary.taxes.map((rate) => rate.tax))).toBe(tax);
          expect(cents(summary.taxes.map((rate) => rate.cgst))).toBe(
            cents(summary.taxes.map((rate) => rate.sgst)),
          );
          const net = toCents(summary.itemsPrice) - toCents(summary.discountAmount);
          const total = net + toCents(summary.shippingPrice) + 4900 + (included ? 0 : tax);
          expect(toCents(summary.totalPrice)).toBe(total);
          const values = cents(summary.taxes.map((rate) => rate.taxableValue));
          const untaxed = chargesTaxed ? 0 : toCents(summary.shippingPrice) + 4900;
          expect(values + tax + toCents(summary.roundOff) + untaxed).toBe(total);
          // The charges at the highest rate among the goods, or outside GST.
          const highest = Math.max(0, ...summary.lineTaxes.map((line) => line.rate));
          expect(summary.codFeeCharge).toMatchObject({
            taxed: chargesTaxed,
            rate: chargesTaxed ? highest : 0,
          });
          if (!chargesTaxed) expect(summary.codFeeCharge).toMatchObject({ taxableValue: 0, tax: 0 });
        },
      ),
    );
  });
});

/** GST 2.0's apparel and footwear: 5% on a piece up to 2,500, 18% above. */
const apparel = [
  { upTo: 2500, rate: 5 },
  { upTo: null, rate: 18 },
];

describe("priceOrder: rates by the price of a piece", () => {
  const shirt = (price: number, quantity = 1, sale?: number): PricedInput => ({
    ...item(price, quantity, sale),
    taxRate: 12,
    taxSlabs: apparel,
  });
  const tenPercent: DiscountTerms = { type: "percentage", value: 10, combinesWithSale: true };

  it("taxes a 2,600 shirt at 18%, and the same shirt with a 10% code (2,340) at 5%", () => {
    const full = priceOrder([shirt(2600)]);
    expect(full.lineTaxes).toEqual([{ rate: 18, taxableValue: 2600, tax: 468, cgst: 0, sgst: 0, igst: 468 }]);
    expect(full).toMatchObject({ taxPrice: 468, shippingPrice: 80, totalPrice: 3148 });
    const coded = priceOrder([shirt(2600)], {
      discount: tenPercent,
      taxes: { pricesIncludeTax: false, supply: "intra-state" },
    });
    expect(coded.lineTaxes).toEqual([
      { rate: 5, taxableValue: 2340, tax: 117, cgst: 58.5, sgst: 58.5, igst: 0 },
    ]);
    expect(coded).toMatchObject({ discountAmount: 260, taxPrice: 117, totalPrice: 2537 });
  });

  it("puts a piece of 2,500.00 at 5% and one of 2,500.01 at 18% (tax on top)", () => {
    expect(priceOrder([shirt(2500)]).lineTaxes[0]).toMatchObject({ rate: 5, tax: 125 });
    expect(priceOrder([shirt(2500.01)]).lineTaxes[0]).toMatchObject({ rate: 18, tax: 450 });
  });

  it("decides on each piece's value: quantity does not lift a line into the higher slab, a sale price lowers it", () => {
    expect(priceOrder([shirt(2500, 3)]).lineTaxes[0]).toMatchObject({
      rate: 5,
      taxableValue: 7500,
      tax: 375,
    });
    expect(priceOrder([shirt(3000, 2, 2400)]).lineTaxes[0]).toMatchObject({ rate: 5, taxableValue: 4800 });
    // A fixed code's share spread over two pieces: 5,200 − 200 = 5,000, 2,500 a piece.
    const fixed = priceOrder([shirt(2600, 2)], {
      discount: { type: "fixed", value: 200, combinesWithSale: true },
    });
    expect(fixed.lineTaxes[0]).toMatchObject({ rate: 5, taxableValue: 5000, tax: 250 });
    const short = priceOrder([shirt(2600, 2)], {
      discount: { type: "fixed", value: 199.99, combinesWithSale: true },
    });
    expect(short.lineTaxes[0]?.rate).toBe(18);
  });

  it("with prices including GST, decides on the value taken out at the lower slab's rate", () => {
    const included = { pricesIncludeTax: true };
    // 2,625 ÷ 1.05 = 2,500.00: 5%, the GST 125 within the price.
    expect(priceOrder([shirt(2625)], { taxes: included }).lineTaxes[0]).toEqual({
      rate: 5,
      taxableValue: 2500,
      tax: 125,
      cgst: 0,
      sgst: 0,
      igst: 125,
    });
    // 2,625.01 ÷ 1.05 = 2,500.0095: 18%, taxable round(2,625.01 ÷ 1.18) = 2,224.58, the GST
    // round(2,224.58 × 18%) = 400.42, and the paisa left (0.01) the line's round off.
    const dear = priceOrder([shirt(2625.01)], { taxes: included });
    expect(dear.lineTaxes[0]).toMatchObject({ rate: 18, taxableValue: 2224.58, tax: 400.42 });
    expect(dear.roundOffs).toEqual([0.01]);
    // 2,900 with a 10% code is 2,610 a piece: 2,485.71 before 5%, so 5%.
    const coded = priceOrder([shirt(2900, 2)], {
      discount: tenPercent,
      taxes: { pricesIncludeTax: true, supply: "intra-state" },
    });
    expect(coded.lineTaxes[0]).toMatchObject({
      rate: 5,
      taxableValue: 4971.43,
      tax: 248.58,
      cgst: 124.29,
      sgst: 124.29,
    });
  });

  it("taxes shipping (within included prices) at the highest slab chosen", () => {
    const mixed = priceOrder([shirt(1000), shirt(3000)], {
      shipping: { price: 118, freeAbove: null },
      taxes: { pricesIncludeTax: true, supply: "intra-state", chargesTaxed: true },
    });
    expect(mixed.lineTaxes.map((line) => line.rate)).toEqual([5, 18]);
    expect(mixed).toMatchObject({ shippingTaxRate: 18, shippingTax: 18, shippingCgst: 9, shippingSgst: 9 });
    const low = priceOrder([shirt(1000)], {
      shipping: { price: 105, freeAbove: null },
      taxes: { pricesIncludeTax: true, chargesTaxed: true },
    });
    expect(low).toMatchObject({ shippingTaxRate: 5, shippingTax: 5, shippingIgst: 5 });
  });

  it("takes slabs over the flat rate, and the flat rate when slabs are null or empty", () => {
    expect(priceOrder([{ ...shirt(100), taxSlabs: null }]).lineTaxes[0]?.rate).toBe(12);
    expect(priceOrder([{ ...shirt(100), taxSlabs: [] }]).lineTaxes[0]?.rate).toBe(12);
    expect(priceOrder([shirt(100)]).lineTaxes[0]?.rate).toBe(5);
  });
});

describe("priceOrder: one rounding rule for every taxed row, charges taxed when the owner says so", () => {
  const at = (price: number, quantity: number, taxRate: number): PricedInput => ({
    ...item(price, quantity),
    taxRate,
  });

  it("gives a ₹1,200 belt at 18% within its price the same taxable value in every state", () => {
    const across = priceOrder([at(1200, 1, 18)], {
      taxes: { pricesIncludeTax: true, supply: "inter-state" },
    });
    const within = priceOrder([at(1200, 1, 18)], {
      taxes: { pricesIncludeTax: true, supply: "intra-state" },
    });
    expect(across.lineTaxes[0]).toMatchObject({ taxableValue: 1016.95, igst: 183.05, tax: 183.05 });
    // round(1,016.95 × 9%) = 91.53 each: 1,200.01, the paisa over is the round off (−0.01).
    expect(within.lineTaxes[0]).toMatchObject({
      taxableValue: 1016.95,
      cgst: 91.53,
      sgst: 91.53,
      tax: 183.06,
    });
    expect([across.roundOff, within.roundOff]).toEqual([0, -0.01]);
    expect([across.totalPrice, within.totalPrice]).toEqual([1280, 1280]);
  });

  it("prints ₹25,000 at 5% within its price as 23,809.52 + 1,190.48 (tax = 5% of the taxable value)", () => {
    const summary = priceOrder([at(25_000, 1, 5)], { taxes: { pricesIncludeTax: true } });
    expect(summary.lineTaxes[0]).toMatchObject({ taxableValue: 23_809.52, tax: 1190.48 });
    expect(summary.roundOff).toBe(0);
  });

  it("taxes shipping and the COD fee on top at the highest rate, or leaves them outside GST", () => {
    const items = [at(1000, 1, 5), at(3000, 1, 18)];
    const shipping = { price: 100, freeAbove: null };
    const taxed = priceOrder(items, {
      shipping,
      codFee: 50,
      taxes: { pricesIncludeTax: false, supply: "intra-state", chargesTaxed: true },
    });
    expect(taxed.shippingCharge).toMatchObject({
      taxed: true,
      rate: 18,
      taxableValue: 100,
      cgst: 9,
      sgst: 9,
    });
    expect(taxed.codFeeCharge).toMatchObject({
      taxed: true,
      rate: 18,
      taxableValue: 50,
      cgst: 4.5,
      sgst: 4.5,
    });
    // 50 + 540 on the goods, 18 + 9 on the charges.
    expect(taxed).toMatchObject({ taxPrice: 617, totalPrice: 4767 });
    expect(taxed.taxes).toEqual([
      { rate: 5, taxableValue: 1000, tax: 50, cgst: 25, sgst: 25, igst: 0 },
      { rate: 18, taxableValue: 3150, tax: 567, cgst: 283.5, sgst: 283.5, igst: 0 },
    ]);
    const untaxed = priceOrder(items, { shipping, codFee: 50, taxes: { pricesIncludeTax: false } });
    expect(untaxed).toMatchObject({ taxPrice: 590, totalPrice: 4740, shippingTax: 0, shippingTaxRate: 0 });
    expect(untaxed.codFeeCharge).toMatchObject({ taxed: false, amount: 50, taxableValue: 0, tax: 0 });
  });

  it("takes the charges' GST out of them when prices include it, the total what the prices add up to", () => {
    const summary = priceOrder([at(1000, 1, 5)], {
      shipping: { price: 100, freeAbove: null },
      codFee: 49,
      taxes: { pricesIncludeTax: true, chargesTaxed: true },
    });
    // 100 at 5%: 95.24 + 4.76; 49 at 5%: 46.67 + 2.33.
    expect(summary.shippingCharge).toMatchObject({ taxableValue: 95.24, igst: 4.76, roundOff: 0 });
    expect(summary.codFeeCharge).toMatchObject({ taxableValue: 46.67, igst: 2.33, roundOff: 0 });
    expect(summary.totalPrice).toBe(1149);
  });
});
