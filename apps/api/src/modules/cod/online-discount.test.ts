/**
 * Pricing an order again with the online payment discount (decision 037), without a database: the
 * lines as the placement priced them, the discount spread over them and their GST worked out on what
 * is left; given back, the order is what the placement priced. And the rule of cash on delivery for
 * a method serving a PIN code list.
 */
import { codRefusals } from "@shop/shared/messages";
import { type PricedInput, priceOrder, type TaxSlab } from "@shop/shared/pricing";
import { DEFAULT_COD_SETTINGS, type ShippingMethod } from "@shop/shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { type OrderToPrice, priceWithOnlineDiscount } from "#api/modules/cod/online-discount";
import type { LineToPrice } from "#api/modules/cod/repo";
import { codFactsOf, codRefusal } from "#api/modules/cod/rules";

interface Placed {
  order: OrderToPrice;
  lines: LineToPrice[];
  total: number;
  tax: number;
}

/** An order as the placement prices and keeps it: `priceOrder` with a code's terms, its lines' figures kept. */
function place(
  items: (PricedInput & { taxRate: number; taxSlabs?: TaxSlab[] | null })[],
  {
    included = false,
    supply = "intra-state",
    shipping = 0,
    code = 0,
  }: { included?: boolean; supply?: "intra-state" | "inter-state"; shipping?: number; code?: number } = {},
): Placed {
  const priced = priceOrder(items, {
    discount: code > 0 ? { type: "fixed", value: code, combinesWithSale: true } : undefined,
    shipping: { price: shipping, freeAbove: null },
    taxes: { pricesIncludeTax: included, supply },
  });
  return {
    order: {
      onlineDiscount: 0,
      shippingAmount: priced.shippingPrice,
      pricesIncludeTax: included,
      supplyType: supply,
      codFee: 0,
      chargesTaxed: false,
    },
    lines: items.map((item, i) => ({
      id: `line-${i}`,
      productId: `product-${i}`,
      variantId: `variant-${i}`,
      price: priced.lines[i]?.unitPrice ?? 0,
      originalPrice: item.price,
      discountShare: priced.lines[i]?.discountShare ?? 0,
      quantity: item.quantity,
      taxRate: priced.lineTaxes[i]?.rate ?? item.taxRate,
      taxSlabs: item.taxSlabs ?? null,
    })),
    total: priced.totalPrice,
    tax: priced.taxPrice,
  };
}

describe("pricing an order again with the online payment discount", () => {
  it("takes exactly the amount off a total whose prices include GST, its GST worked out on what is left", () => {
    const placed = place([{ price: 1180, onSale: false, salePrice: 0, quantity: 1, taxRate: 18 }], {
      included: true,
    });
    expect(placed.total).toBe(1180);
    const repriced = priceWithOnlineDiscount(placed.order, placed.lines, 20);
    expect(repriced?.order).toMatchObject({ onlineDiscount: 20, totalAmount: 1160, taxAmount: 176.94 });
    // 1,160 holds round(1,160 ÷ 1.18) = 983.05 and 2 × 88.47: the paisa left is its round off.
    expect(repriced?.lines[0]).toMatchObject({
      discountShare: 20,
      taxableValue: 983.05,
      cgst: 88.47,
      sgst: 88.47,
      roundOff: 0.01,
    });
    expect(repriced?.order).toMatchObject({ roundOff: 0.01 });
  });

  it("chooses a rate by price again for the piece's value after it (GST.md: 5% up to 2,500)", () => {
    const slabs = [
      { upTo: 2500, rate: 5 },
      { upTo: null, rate: 18 },
    ];
    const placed = place([
      { price: 2510, onSale: false, salePrice: 0, quantity: 1, taxRate: 18, taxSlabs: slabs },
    ]);
    expect(placed.lines[0]?.taxRate).toBe(18);
    const repriced = priceWithOnlineDiscount(placed.order, placed.lines, 20);
    expect(repriced?.lines[0]).toMatchObject({ taxRate: 5, taxableValue: 2490, taxAmount: 124.5 });
    expect(repriced?.order.totalAmount).toBe(2614.5);
  });

  it("keeps a code's shares, and given back gives the placement's figures, line by line", () => {
    const items = [
      { price: 250, onSale: true, salePrice: 199.99, quantity: 3, taxRate: 5 },
      { price: 1299, onSale: false, salePrice: 0, quantity: 1, taxRate: 18 },
      { price: 45.5, onSale: false, salePrice: 0, quantity: 7, taxRate: 18 },
    ];
    for (const supply of ["intra-state", "inter-state"] as const)
      for (const included of [false, true]) {
        const placed = place(items, { included, supply, shipping: 80, code: 50 });
        const discounted = priceWithOnlineDiscount(placed.order, placed.lines, 37.33);
        if (!discounted) throw new Error("not spread");
        expect(discounted.order.onlineDiscount).toBe(37.33);
        const shares = discounted.lines.reduce((sum, line) => sum + Math.round(line.discountShare * 100), 0);
        expect(shares).toBe(5000 + 3733);
        // The order as it is kept once discounted, then given back.
        const kept = {
          order: { ...placed.order, onlineDiscount: discounted.order.onlineDiscount },
          lines: placed.lines.map((line, i) => ({
            ...line,
            discountShare: discounted.lines[i]?.discountShare ?? 0,
          })),
        };
        const back = priceWithOnlineDiscount(kept.order, kept.lines, 0);
        expect(back?.order).toMatchObject({
          onlineDiscount: 0,
          totalAmount: placed.total,
          taxAmount: placed.tax,
        });
        expect(back?.lines.map((line) => line.discountShare)).toEqual(
          placed.lines.map((line) => line.discountShare),
        );
      }
  });

  it("cuts an amount above the goods to their value, and gives none where a code took a line whole", () => {
    const placed = place([{ price: 10, onSale: false, salePrice: 0, quantity: 1, taxRate: 18 }], {
      shipping: 80,
    });
    expect(priceWithOnlineDiscount(placed.order, placed.lines, 50)?.order).toMatchObject({
      onlineDiscount: 10,
      totalAmount: 80,
    });
    const coded = place(
      [
        { price: 10, onSale: false, salePrice: 0, quantity: 1, taxRate: 18 },
        { price: 1000, onSale: false, salePrice: 0, quantity: 1, taxRate: 18 },
      ],
      { shipping: 80 },
    );
    const taken = {
      ...coded,
      lines: coded.lines.map((line, i) => (i === 0 ? { ...line, discountShare: 10 } : line)),
    };
    expect(priceWithOnlineDiscount(taken.order, taken.lines, 1000)).toBeNull();
  });
});

describe("cash on delivery by a method serving a PIN code list", () => {
  const listing: ShippingMethod = {
    _id: "6740a0000000000000000a01",
    name: "Local courier",
    price: 60,
    freeAbove: null,
    estimatedDays: null,
    states: null,
    enabled: true,
    serves: "pincodes",
    days: null,
  };
  const order = {
    userId: "6740a0000000000000000b01",
    shippingMethodName: "local COURIER",
    shippingAddress: {
      name: { firstName: "Priya", lastName: "Sharma" },
      countryCode: "91",
      phoneNumber: "9876543210",
      building: "Flat 12, Sea View Apartments",
      street: "Marine Drive Road",
      city: "Mumbai",
      state: "Maharashtra",
      pinCode: "400 002",
      country: "India",
    },
  };
  const cod = { ...DEFAULT_COD_SETTINGS, enabled: true, blockAfterRefusal: false };
  const database = {} as never;

  it("asks delivery about the order's method (by its name) at the address's PIN code, and refuses where it takes none", async () => {
    const asked: string[] = [];
    const facts = await codFactsOf(
      database,
      {
        cod,
        methods: [listing],
        locale: "en-IN",
        reach: async (methodId, pincode) => {
          asked.push(`${methodId} ${pincode}`);
          return { cod: false };
        },
      },
      order,
    );
    expect(asked).toEqual([`${listing._id} 400002`]);
    expect(codRefusal(cod, facts, { totalAmount: 316, currency: "INR" }, "en-IN")).toEqual({
      code: "CONFLICT",
      message: codRefusals.methodWithout("local COURIER", "400002"),
    });
  });

  it("allows it for a method serving states, or one renamed since, without asking", async () => {
    const terms = {
      cod,
      locale: "en-IN",
      reach: async () => {
        throw new Error("not asked");
      },
    };
    for (const methods of [[{ ...listing, serves: "states" as const }], []]) {
      const facts = await codFactsOf(database, { ...terms, methods }, order);
      expect(codRefusal(cod, facts, { totalAmount: 316, currency: "INR" }, "en-IN")).toBeNull();
    }
  });
});
