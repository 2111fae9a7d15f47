/**
 * What an order can still give back, read from its DTO the way the server reads its tables
 * (apps/api/src/modules/refunds/credit.ts, creditablesOf): each invoice line's figures less what
 * every credit note already gave back of it, in cents. The refund dialog works out its amount from
 * these with the server's own function (creditByLines), so the figure it shows is the one the
 * server will refund, to the paisa.
 */
import {
  type Creditable,
  type CreditResult,
  chargeCharged,
  creditByLines,
  totalOf,
} from "@shop/shared/credit-note";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { OrderDto } from "@shop/shared/schemas/order";

type OrderLine = OrderDto["products"][number];

interface Held {
  quantity: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Outside GST: an untaxed charge, or a row's round off (decision 047). */
  outsideGst: number;
}

const keyOf = (kind: Creditable["kind"], line: string | null) => `${kind}:${line ?? ""}`;

/** What the order's credit notes gave back so far, by invoice line, in cents. */
function creditedOf(order: OrderDto): Map<string, Held> {
  const credited = new Map<string, Held>();
  for (const refund of order.payment?.refunds ?? [])
    for (const line of refund.lines) {
      const key = keyOf(line.kind, line.line);
      const before = credited.get(key) ?? {
        quantity: 0,
        taxableValue: 0,
        cgst: 0,
        sgst: 0,
        igst: 0,
        outsideGst: 0,
      };
      const parts = [line.taxableValue, line.cgst, line.sgst, line.igst].map(toCents);
      credited.set(key, {
        quantity: before.quantity + line.quantity,
        taxableValue: before.taxableValue + toCents(line.taxableValue),
        cgst: before.cgst + toCents(line.cgst),
        sgst: before.sgst + toCents(line.sgst),
        igst: before.igst + toCents(line.igst),
        // What the line gave back beyond its taxable value and GST.
        outsideGst: before.outsideGst + toCents(line.total) - parts.reduce((sum, part) => sum + part, 0),
      });
    }
  return credited;
}

/** A figure of the DTO in cents. */
const inCents = (gst: { rate: number; taxableValue: number; cgst: number; sgst: number; igst: number }) => ({
  rate: gst.rate,
  taxableValue: toCents(gst.taxableValue),
  cgst: toCents(gst.cgst),
  sgst: toCents(gst.sgst),
  igst: toCents(gst.igst),
});

/** What each line of the order's invoice, its shipping and its COD fee still hold: charged less credited, in cents. */
export function creditablesOf(order: OrderDto): Creditable[] {
  const credited = creditedOf(order);
  const left = (
    kind: Creditable["kind"],
    line: string | null,
    charged: Held & { rate: number },
  ): Creditable => {
    const back = credited.get(keyOf(kind, line));
    return {
      kind,
      itemId: line,
      rate: charged.rate,
      quantity: charged.quantity - (back?.quantity ?? 0),
      taxableValue: charged.taxableValue - (back?.taxableValue ?? 0),
      cgst: charged.cgst - (back?.cgst ?? 0),
      sgst: charged.sgst - (back?.sgst ?? 0),
      igst: charged.igst - (back?.igst ?? 0),
      outsideGst: charged.outsideGst - (back?.outsideGst ?? 0),
    };
  };
  const included = order.pricesIncludeTax;
  return [
    ...order.products.map((line) => {
      const gst = inCents({ ...line, rate: line.taxRate });
      // Prices including GST: what the line's value holds beyond its taxable value and GST (its round off).
      const value = toCents(line.price) * line.quantity - toCents(line.discountShare);
      const outsideGst = included ? value - gst.taxableValue - gst.cgst - gst.sgst - gst.igst : 0;
      return left("goods", line._id, { ...gst, quantity: line.quantity, outsideGst });
    }),
    left("shipping", null, {
      ...chargeCharged(toCents(order.shippingAmount), inCents(order.shippingGst), included),
      quantity: 0,
    }),
    left("cod_fee", null, {
      ...chargeCharged(toCents(order.codFee), inCents(order.codFeeGst), included),
      quantity: 0,
    }),
  ];
}

/** A line of the order with units left to refund, and what one of them gives back (cents). */
export interface RefundableLine {
  line: OrderLine;
  left: number;
  each: number;
}

export interface Refundable {
  creditables: Creditable[];
  /** The payment's money not yet refunded. */
  remaining: number;
  /** The order's lines that have units left to refund, in the order's order. */
  lines: RefundableLine[];
  /** What is left of shipping and of the COD fee (cents); 0 when nothing is. */
  shipping: number;
  codFee: number;
}

/** What can still go back of the order: the payment's rest, the units of each line, shipping and the COD fee. */
export function refundable(order: OrderDto): Refundable {
  const payment = order.payment;
  const creditables = creditablesOf(order);
  const remaining = payment ? fromCents(toCents(payment.amount) - toCents(payment.refundedAmount)) : 0;
  const lines = order.products.flatMap((line): RefundableLine[] => {
    const held = creditables.find((entry) => entry.kind === "goods" && entry.itemId === line._id);
    if (!held || held.quantity <= 0) return [];
    const one = creditByLines(creditables, {
      lines: [{ itemId: line._id, quantity: 1 }],
      shipping: false,
      codFee: false,
    });
    return [{ line, left: held.quantity, each: one.ok ? one.total : 0 }];
  });
  const chargeLeft = (kind: "shipping" | "cod_fee") => {
    const held = creditables.find((entry) => entry.kind === kind);
    return held ? Math.max(0, totalOf(held)) : 0;
  };
  return { creditables, remaining, lines, shipping: chargeLeft("shipping"), codFee: chargeLeft("cod_fee") };
}

/** What the units chosen (by order line) and the charges named come to: the server's credit note, in cents. */
export function refundOf(
  creditables: readonly Creditable[],
  choice: { lines: readonly { line: string; quantity: number }[]; shipping: boolean; codFee: boolean },
): CreditResult {
  return creditByLines(creditables, {
    lines: choice.lines
      .filter((line) => line.quantity > 0)
      .map((line) => ({ itemId: line.line, quantity: line.quantity })),
    shipping: choice.shipping,
    codFee: choice.codFee,
  });
}

/**
 * How much of a refund may go back to the payment, in cents: no more than its provider took (the
 * order's store credit paid the rest) less what went back to it so far. A refund given to store
 * credit is known by its "credit-" id; one split between the two counts whole here (the DTO does not
 * say its credit part), so this never claims more than the server allows.
 */
export function toPaymentLeft(order: OrderDto): number {
  const payment = order.payment;
  if (!payment || payment.paymentGateway === "store_credit") return 0;
  const back = payment.refunds
    .filter((refund) => !refund.providerRefundId.startsWith("credit-"))
    .reduce((sum, refund) => sum + toCents(refund.amount), 0);
  return Math.max(0, toCents(payment.amount) - toCents(order.storeCreditUsed) - back);
}

/**
 * Where a refund of `total` cents goes back by default, each tender to where it came from: to the
 * payment what it has left, the rest to store credit.
 */
export function tendersOf(order: OrderDto, total: number): { toPayment: number; toStoreCredit: number } {
  const toPayment = Math.min(total, toPaymentLeft(order));
  return { toPayment, toStoreCredit: total - toPayment };
}

/**
 * A split refund's parts in cents: the store credit part staff typed (NaN: none typed), the rest to
 * the payment; with none typed, each tender back to where it came from (tendersOf).
 */
export function splitOf(
  order: OrderDto,
  total: number,
  typed: number,
): { toPayment: number; toStoreCredit: number } {
  if (Number.isNaN(typed) || typed < 0) return tendersOf(order, total);
  const toStoreCredit = Math.min(total, toCents(typed));
  return { toPayment: total - toStoreCredit, toStoreCredit };
}
