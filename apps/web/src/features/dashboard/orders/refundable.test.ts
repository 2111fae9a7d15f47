import type { OrderDto, RefundDto } from "@shop/shared/schemas/order";
import { describe, expect, it } from "vitest";
import { paidOrder } from "#web/test/fixtures";
import { creditablesOf, refundable, refundOf } from "./refundable";

const SHIRT = "f1f1f1f1f1f1f1f1f1f1f1f1";
const MUG = "f2f2f2f2f2f2f2f2f2f2f2f2";

function line(_id: string, name: string, figures: Partial<OrderDto["products"][number]>) {
  return {
    _id,
    product: { _id: `${_id.slice(0, 22)}aa`, name, thumbnail: null },
    variant: { _id: `${_id.slice(0, 22)}bb`, sku: name.toUpperCase(), options: {} },
    name,
    price: 0,
    originalPrice: 0,
    savedAmount: 0,
    discountShare: 0,
    quantity: 1,
    taxRate: 18,
    hsnCode: "6109",
    taxableValue: 0,
    cgst: 0,
    sgst: 0,
    igst: 0,
    ...figures,
  };
}

// Three shirts (₹300 + 9% + 9%), three mugs (₹100 + ₹9 + ₹9: a third of it does not fall on a
// paisa), shipping ₹80 at 18%, a ₹25 COD fee: ₹354 + ₹118 + ₹94.40 + ₹25 = ₹591.40.
const order: OrderDto = {
  ...paidOrder,
  codFee: 25,
  supplyType: "intra-state",
  shippingGst: { rate: 18, taxableValue: 80, cgst: 7.2, sgst: 7.2, igst: 0 },
  codFeeGst: { rate: 0, taxableValue: 0, cgst: 0, sgst: 0, igst: 0 },
  products: [
    line(SHIRT, "Shirt", { quantity: 3, taxableValue: 300, cgst: 27, sgst: 27 }),
    line(MUG, "Mug", { quantity: 3, taxableValue: 100, cgst: 9, sgst: 9 }),
  ],
  payment: paidOrder.payment && { ...paidOrder.payment, amount: 591.4, refunds: [] },
};

/** A refund whose credit note gave back one mug (a third of its line, rounded on each part) and the shipping. */
const earlier: RefundDto = {
  _id: "7a7a7a7a7a7a7a7a7a7a7a7a",
  amount: 133.73,
  reason: "Chipped",
  at: "2026-11-21T10:00:00.000Z",
  by: null,
  providerRefundId: "test_refund_1",
  reference: null,
  creditNoteNumber: "CN/2026-27/000001",
  moneyBack: true,
  restock: [],
  lines: [
    {
      kind: "goods",
      line: MUG,
      quantity: 1,
      taxableValue: 33.33,
      rate: 18,
      cgst: 3,
      sgst: 3,
      igst: 0,
      total: 39.33,
    },
    {
      kind: "shipping",
      line: null,
      quantity: 0,
      taxableValue: 80,
      rate: 18,
      cgst: 7.2,
      sgst: 7.2,
      igst: 0,
      total: 94.4,
    },
  ],
};
const afterEarlier: OrderDto = {
  ...order,
  payment: order.payment && { ...order.payment, refundedAmount: 133.73, refunds: [earlier] },
};

describe("what an order can still refund", () => {
  it("holds each invoice line's figures in cents, with shipping and the COD fee", () => {
    expect(creditablesOf(order)).toEqual([
      {
        kind: "goods",
        itemId: SHIRT,
        rate: 18,
        quantity: 3,
        taxableValue: 30000,
        cgst: 2700,
        sgst: 2700,
        igst: 0,
        outsideGst: 0,
      },
      {
        kind: "goods",
        itemId: MUG,
        rate: 18,
        quantity: 3,
        taxableValue: 10000,
        cgst: 900,
        sgst: 900,
        igst: 0,
        outsideGst: 0,
      },
      {
        kind: "shipping",
        itemId: null,
        rate: 18,
        quantity: 0,
        taxableValue: 8000,
        cgst: 720,
        sgst: 720,
        igst: 0,
        outsideGst: 0,
      },
      // The fee outside GST: no taxable value, the whole of it outside.
      {
        kind: "cod_fee",
        itemId: null,
        rate: 0,
        quantity: 0,
        taxableValue: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        outsideGst: 2500,
      },
    ]);
  });

  it("works out units of lines as the server does: their share of the line, rounded on each part", () => {
    const { creditables, lines, shipping, codFee, remaining } = refundable(order);
    expect(remaining).toBe(591.4);
    expect(lines.map(({ line, left, each }) => ({ line: line._id, left, each }))).toEqual([
      { line: SHIRT, left: 3, each: 11800 },
      { line: MUG, left: 3, each: 3933 },
    ]);
    expect({ shipping, codFee }).toEqual({ shipping: 9440, codFee: 2500 });
    const two = refundOf(creditables, {
      lines: [
        { line: SHIRT, quantity: 2 },
        { line: MUG, quantity: 0 },
      ],
      shipping: false,
      codFee: false,
    });
    expect(two).toMatchObject({ ok: true, total: 23600 });
    const withCharges = refundOf(creditables, {
      lines: [{ line: SHIRT, quantity: 2 }],
      shipping: true,
      codFee: true,
    });
    expect(withCharges).toMatchObject({ ok: true, total: 23600 + 9440 + 2500 });
  });

  it("takes off what earlier credit notes gave back, so a line's last units give back the rest of its tax", () => {
    const { creditables, lines, shipping, codFee } = refundable(afterEarlier);
    expect(lines.map(({ line, left }) => [line._id, left])).toEqual([
      [SHIRT, 3],
      [MUG, 2],
    ]);
    expect({ shipping, codFee }).toEqual({ shipping: 0, codFee: 2500 });
    const rest = refundOf(creditables, {
      lines: [{ line: MUG, quantity: 2 }],
      shipping: false,
      codFee: false,
    });
    expect(rest.ok && rest.lines).toEqual([
      {
        kind: "goods",
        itemId: MUG,
        quantity: 2,
        taxableValue: 6667,
        rate: 18,
        cgst: 600,
        sgst: 600,
        igst: 0,
        outsideGst: 0,
        total: 7867,
      },
    ]);
    // Shipping went back already: the server refuses it again, and so does the dialog's figure.
    expect(refundOf(creditables, { lines: [], shipping: true, codFee: false })).toEqual({
      ok: false,
      refusal: { field: "shipping", reason: "nothingLeft" },
    });
  });

  it("leaves out a line whose every unit was refunded", () => {
    const all: OrderDto = {
      ...afterEarlier,
      payment: afterEarlier.payment && {
        ...afterEarlier.payment,
        refunds: [
          earlier,
          {
            ...earlier,
            _id: "7b7b7b7b7b7b7b7b7b7b7b7b",
            lines: [
              {
                ...(earlier.lines[0] as RefundDto["lines"][number]),
                quantity: 2,
                taxableValue: 66.67,
                cgst: 6,
                sgst: 6,
                total: 78.67,
              },
            ],
          },
        ],
      },
    };
    expect(refundable(all).lines.map(({ line }) => line._id)).toEqual([SHIRT]);
  });
});
