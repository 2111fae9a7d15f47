/** Store credit: the shopper's balance and its ledger, staff's adjustments (decision 042). */
import { z } from "zod";
import { MAX_REFUND_REASON, STORE_CREDIT_KINDS } from "../constants";
import { validation } from "../messages";
import { storeCreditApi } from "../messages/store-credit";
import { number, text } from "./common";

/** One movement of the credit: positive gives, negative uses; the balance after it. */
export const StoreCreditEntryDto = z.object({
  _id: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  kind: z.enum(STORE_CREDIT_KINDS),
  /** The order it was used on, given back from or refunded from; null for staff's adjustments. */
  order: z.object({ _id: z.string(), number: z.number().int() }).nullable(),
  reason: z.string(),
  at: z.string(),
});
export type StoreCreditEntryDto = z.infer<typeof StoreCreditEntryDto>;

/**
 * GET /users/current-user/store-credit (and /users/{userId}/store-credit for staff): the balance and
 * the latest entries, newest first (STORE_CREDIT_PAGE of them); the balance is the sum of all entries.
 */
export const StoreCreditDto = z.object({
  balance: z.number(),
  entries: z.array(StoreCreditEntryDto),
});
export type StoreCreditDto = z.infer<typeof StoreCreditDto>;

/** POST /users/{userId}/store-credit (admin): add (positive) or remove (negative) credit, with why. */
export const StoreCreditAdjustmentInput = z
  .object({
    amount: number()
      // NOTE: at least a cent either way: a tinier amount would round to nothing in the database.
      .refine((value) => Math.abs(value) >= 0.01, storeCreditApi.amountZero)
      .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, validation.cents)
      .refine((value) => Math.abs(value) < 10_000_000_000, validation.max(9_999_999_999.99)),
    reason: text({ max: MAX_REFUND_REASON }),
  })
  .strict();
export type StoreCreditAdjustmentInput = z.infer<typeof StoreCreditAdjustmentInput>;
