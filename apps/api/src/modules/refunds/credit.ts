/**
 * What a refund's credit note gives back, worked out on the server from what the order's invoice
 * still holds (packages/shared/src/credit-note.ts): by the goods (lines and units, shipping and the
 * COD fee named), or by an amount (goodwill). The refund's amount is the credit note's total.
 */
import {
  type Creditable,
  type CreditLine,
  type CreditResult,
  chargeCharged,
  creditByAmount,
  creditByLines,
} from "@shop/shared/credit-note";
import { api } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { RefundInputParsed } from "@shop/shared/schemas/refund";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import type { NewRefundLine } from "#api/db/schema/refunds";
import { creditedOfOrder, findOrderItems } from "./repo";

/** What each line of the order's invoice, its shipping and its COD fee still hold: charged less credited, in cents. */
export async function creditablesOf(db: Database, order: Order): Promise<Creditable[]> {
  const [items, credited] = await Promise.all([findOrderItems(db, order.id), creditedOfOrder(db, order.id)]);
  const given = (kind: Creditable["kind"], itemId: string | null) =>
    credited.find((row) => row.kind === kind && row.itemId === itemId);
  const left = (
    kind: Creditable["kind"],
    itemId: string | null,
    charged: {
      quantity: number;
      taxableValue: number;
      cgst: number;
      sgst: number;
      igst: number;
      rate: number;
      /** Charged outside GST: a charge left outside it, or a row's round off (cents). */
      outsideGst: number;
    },
  ): Creditable => {
    const back = given(kind, itemId);
    return {
      kind,
      itemId,
      rate: charged.rate,
      quantity: charged.quantity - (back?.quantity ?? 0),
      taxableValue: toCents(charged.taxableValue) - toCents(back?.taxableValue ?? 0),
      cgst: toCents(charged.cgst) - toCents(back?.cgst ?? 0),
      sgst: toCents(charged.sgst) - toCents(back?.sgst ?? 0),
      igst: toCents(charged.igst) - toCents(back?.igst ?? 0),
      outsideGst: charged.outsideGst - toCents(back?.outsideGst ?? 0),
    };
  };
  // A charge as its invoice row holds it: taxed, or outside GST whole (decision 047).
  const charge = (
    amount: number,
    gst: { taxable: number; rate: number; cgst: number; sgst: number; igst: number },
  ) => {
    const held = chargeCharged(
      toCents(amount),
      {
        taxableValue: toCents(gst.taxable),
        rate: gst.rate,
        cgst: toCents(gst.cgst),
        sgst: toCents(gst.sgst),
        igst: toCents(gst.igst),
      },
      order.pricesIncludeTax,
    );
    return {
      ...held,
      quantity: 0,
      taxableValue: fromCents(held.taxableValue),
      cgst: fromCents(held.cgst),
      sgst: fromCents(held.sgst),
      igst: fromCents(held.igst),
    };
  };
  return [
    ...items.map((item) =>
      left("goods", item.id, {
        quantity: item.quantity,
        taxableValue: item.taxableValue,
        cgst: item.cgst,
        sgst: item.sgst,
        igst: item.igst,
        rate: item.taxRate,
        outsideGst: toCents(item.roundOff),
      }),
    ),
    left(
      "shipping",
      null,
      charge(order.shippingAmount, {
        taxable: order.shippingTaxable,
        rate: order.shippingTaxRate,
        cgst: order.shippingCgst,
        sgst: order.shippingSgst,
        igst: order.shippingIgst,
      }),
    ),
    left(
      "cod_fee",
      null,
      charge(order.codFee, {
        taxable: order.codFeeTaxable,
        rate: order.codFeeTaxRate,
        cgst: order.codFeeCgst,
        sgst: order.codFeeSgst,
        igst: order.codFeeIgst,
      }),
    ),
  ];
}

/** Whether the request names goods or charges (the credit note is then worked out from them). */
export function byGoods(input: Pick<RefundInputParsed, "lines" | "shipping" | "codFee">): boolean {
  return (input.lines?.length ?? 0) > 0 || input.shipping === true || input.codFee === true;
}

/** The refusal of a credit as the API answers it: the field, and 400 or 409. */
function refused(result: Extract<CreditResult, { ok: false }>, money: (cents: number) => string): AppError {
  const { refusal } = result;
  switch (refusal.field) {
    case "lines": {
      if (refusal.reason === "empty")
        return new AppError("BAD_REQUEST", api.refundLinesEmpty, { lines: api.refundLinesEmpty });
      const field = `lines.${refusal.index}.${refusal.reason === "unknown" ? "line" : "quantity"}`;
      const message =
        refusal.reason === "unknown" ? api.refundLineUnknown : api.refundLineTooMany(refusal.left);
      return new AppError("BAD_REQUEST", message, { [field]: message });
    }
    case "shipping":
    case "codFee": {
      const message = refusal.field === "shipping" ? api.refundShippingGiven : api.refundCodFeeGiven;
      return new AppError("CONFLICT", message, { [refusal.field]: message });
    }
    case "amount": {
      const message = api.refundTooMuch(money(refusal.left));
      return new AppError("CONFLICT", message, { amount: message });
    }
  }
}

/**
 * The credit note's lines for a refund request: by the goods when it names lines or charges (an
 * amount sent with them must be theirs, else 400 at `amount`); by the amount otherwise, except that an
 * amount that is exactly the value of the units it restocks credits those units.
 */
export function creditFor(
  creditables: readonly Creditable[],
  input: RefundInputParsed,
  { currency, locale }: { currency: string; locale: string },
): { lines: CreditLine[]; total: number } {
  const money = (cents: number) => formatMoney(fromCents(cents), { code: currency, locale });
  const restocked = Array.isArray(input.restock)
    ? input.restock.map((line) => ({ itemId: line.line, quantity: line.quantity }))
    : [];
  let result: CreditResult;
  if (byGoods(input)) {
    result = creditByLines(creditables, {
      lines: (input.lines ?? []).map((line) => ({ itemId: line.line, quantity: line.quantity })),
      shipping: input.shipping === true,
      codFee: input.codFee === true,
    });
    if (result.ok && input.amount !== undefined && toCents(input.amount) !== result.total) {
      const message = api.refundAmountNotLines(money(result.total));
      throw new AppError("BAD_REQUEST", message, { amount: message });
    }
  } else {
    const cents = toCents(input.amount ?? 0);
    const units =
      restocked.length > 0
        ? creditByLines(creditables, { lines: restocked, shipping: false, codFee: false })
        : undefined;
    result = units?.ok && units.total === cents ? units : creditByAmount(creditables, cents);
  }
  if (!result.ok) throw refused(result, money);
  return { lines: result.lines, total: result.total };
}

/** A credit note's lines as rows of refund_lines. */
export function refundLineRows(refundId: string, lines: readonly CreditLine[]): NewRefundLine[] {
  return lines.map((line, position) => ({
    refundId,
    position,
    kind: line.kind,
    itemId: line.itemId,
    quantity: line.quantity,
    taxableValue: fromCents(line.taxableValue),
    rate: line.rate,
    cgst: fromCents(line.cgst),
    sgst: fromCents(line.sgst),
    igst: fromCents(line.igst),
    outsideGst: fromCents(line.outsideGst),
    total: fromCents(line.total),
  }));
}
