/**
 * Returns (docs/design.md section 8, Fulfilment): the shopper asks to send back delivered units
 * within the return window, with a reason; staff approve or reject it, receive the parcel (the
 * units go back to stock) and refund their value through the order's payment.
 */
import { z } from "zod";
import { MAX_RETURN_NOTE, RETURN_REASONS, RETURN_STATUSES } from "../constants";
import { validation } from "../messages";
import { Id, ListQuery, number, oneOf, text } from "./common";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order";

/** Units of one delivered order line to send back. */
export const ReturnLineInput = z
  .object(
    {
      /** The `_id` of one of the order's lines. */
      line: Id,
      quantity: number({ min: 1, max: MAX_LINE_QUANTITY, int: true }),
    },
    { error: validation.object },
  )
  .strict();

const note = z
  .string({ error: validation.notAnOption })
  .trim()
  .max(MAX_RETURN_NOTE, validation.maxLength(MAX_RETURN_NOTE));

/** POST /returns (the order's shopper): the order, the units, why, and a note (may be empty). */
export const ReturnInput = z
  .object({
    order: Id,
    lines: z
      .array(ReturnLineInput, { error: validation.returnLines })
      .min(1, validation.returnLines)
      .max(MAX_ORDER_LINES, validation.max(MAX_ORDER_LINES))
      .refine(
        (lines) => new Set(lines.map((l) => l.line)).size === lines.length,
        validation.shipmentLinesUnique,
      ),
    reason: oneOf(RETURN_REASONS),
    note: note.default(""),
  })
  .strict();
export type ReturnInput = z.input<typeof ReturnInput>;
export type ReturnInputParsed = z.output<typeof ReturnInput>;

/** POST /returns/{id}/approve|reject|receive|refund (staff): an optional message to the shopper. */
export const ReturnActionInput = z.object({ message: note.optional() }).strict();
export type ReturnActionInput = z.infer<typeof ReturnActionInput>;

/**
 * POST /returns/{id}/refund (admin): an optional message, and the reference of the money's way back
 * (a bank transfer or a UPI id), required when the order was paid cash on delivery.
 */
export const ReturnRefundInput = z
  .object({ message: note.optional(), reference: text({ max: 120 }).optional() })
  .strict();
export type ReturnRefundInput = z.infer<typeof ReturnRefundInput>;

export const ReturnListQuery = ListQuery.extend({ status: oneOf(RETURN_STATUSES).optional() });
export type ReturnListQuery = z.infer<typeof ReturnListQuery>;

export const ReturnDto = z.object({
  _id: z.string(),
  order: z.object({ _id: z.string(), number: z.number().int() }),
  /** The shopper's name (and email for an admin; null for a manager). */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string().nullable() }),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  /** The staff's last message to the shopper (approval or rejection), if any. */
  message: z.string().nullable(),
  lines: z.array(
    z.object({
      line: z.string(),
      name: z.string(),
      options: z.record(z.string(), z.string()),
      quantity: z.number().int(),
    }),
  ),
  /** What the returned units were paid: the refund's amount. */
  amount: z.number(),
  currency: z.string(),
  /** Paid cash on delivery: its refund goes back by hand, with the reference of the money's way. */
  cashOnDelivery: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnDto = z.infer<typeof ReturnDto>;
