import { z } from "zod";
import { MAX_REFUND_REASON } from "../constants";
import { validation } from "../messages";
import { Id, number, oneOf, text } from "./common";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order";

/**
 * Where a refund's money goes: the payment it came from, the shopper's store credit, or both in one
 * step ("split": `toStoreCredit` of it to credit, the rest to the payment; one credit note for all).
 */
export const REFUND_DESTINATIONS = ["payment", "store_credit", "split"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** An amount of money a refund names: at least a cent, at most 2 decimals. */
const refundMoney = () =>
  number()
    // NOTE: at least a cent: a tinier positive number would round to nothing in the database.
    .refine((value) => value >= 0.01, validation.refundAmount)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, validation.cents)
    .refine((value) => value < 10_000_000_000, validation.max(9_999_999_999.99));

/** Units of one order line that go back to stock with a refund. */
export const RestockLineInput = z
  .object(
    {
      /** The `_id` of one of the order's lines. */
      line: Id,
      quantity: number({ min: 1, max: MAX_LINE_QUANTITY, int: true }),
    },
    { error: validation.object },
  )
  .strict();

/** Units of one order line that a refund gives back (its credit note credits them). */
export const RefundLineInput = RestockLineInput;

/**
 * POST /orders/{orderId}/refunds (admin): what goes back and why, and which units return to stock.
 * By the goods: `lines` (units of order lines), `shipping` and `codFee` (given back whole); the
 * server works out the amount from what the invoice charged for them (an `amount` sent with them must
 * be that). Or by an amount (goodwill), spread over the goods by value. `restock` names the units that
 * go back to stock, or `true` for the units of `lines`. Amounts have at most 2 decimals.
 */
export const RefundInput = z
  .object({
    amount: refundMoney().optional(),
    lines: z
      .array(RefundLineInput, { error: validation.notAnOption })
      .max(MAX_ORDER_LINES, validation.max(MAX_ORDER_LINES))
      .optional(),
    shipping: z.boolean({ error: validation.notAnOption }).optional(),
    codFee: z.boolean({ error: validation.notAnOption }).optional(),
    reason: text({ max: MAX_REFUND_REASON }),
    restock: z
      .union(
        [
          z.boolean(),
          z
            .array(RestockLineInput, { error: validation.notAnOption })
            .max(MAX_ORDER_LINES, validation.max(MAX_ORDER_LINES)),
        ],
        { error: validation.notAnOption },
      )
      .default([]),
    /**
     * How the money went back when no provider moves it (a cash on delivery payment: a bank transfer
     * or a UPI id); required for such a payment, kept on the refund.
     */
    reference: text({ max: 120 }).optional(),
    /**
     * Where the money goes: back to the payment (its provider; by hand for cash on delivery), the
     * default, or to the shopper's store credit (no provider asked, no reference needed; decision 042),
     * or split between them in one step (`toStoreCredit`).
     */
    to: oneOf(REFUND_DESTINATIONS).optional(),
    /** With `to: "split"` only: the part of the refund that goes to store credit; the rest goes to the payment. */
    toStoreCredit: refundMoney().optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    const goods = (input.lines?.length ?? 0) > 0 || input.shipping === true || input.codFee === true;
    if (!goods && input.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: validation.refundAmount });
    if (input.to === "split" && input.toStoreCredit === undefined)
      ctx.addIssue({ code: "custom", path: ["toStoreCredit"], message: validation.refundSplitPart });
    if (input.to !== "split" && input.toStoreCredit !== undefined)
      ctx.addIssue({ code: "custom", path: ["toStoreCredit"], message: validation.refundSplitOnly });
    if (
      input.to === "split" &&
      input.amount !== undefined &&
      input.toStoreCredit !== undefined &&
      Math.round(input.toStoreCredit * 100) >= Math.round(input.amount * 100)
    )
      ctx.addIssue({ code: "custom", path: ["toStoreCredit"], message: validation.refundSplitPart });
  });
export type RefundInput = z.input<typeof RefundInput>;
export type RefundInputParsed = z.output<typeof RefundInput>;

export const CreditNoteParams = z.object({ orderId: Id, refundId: Id });
