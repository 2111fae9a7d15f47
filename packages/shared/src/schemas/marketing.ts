/**
 * The settings' marketing section (PUT /settings/marketing): the abandoned-checkout reminders that
 * bring back a signed-in shopper whose cart reached checkout without an order (modules/carts).
 */
import { z } from "zod";
import { DISCOUNT_CODE_PATTERN } from "../constants";
import { validation } from "../messages";
import { boolean, number } from "./common";

/** The longest the first abandoned-checkout reminder may wait after checkout: a week. */
export const MAX_REMINDER_MINUTES = 7 * 24 * 60;
/** The longest the second reminder may wait after the first: two weeks. */
export const MAX_REMINDER_HOURS = 14 * 24;

/**
 * Abandoned-checkout reminders: a signed-in shopper whose cart reached checkout and placed no order
 * gets the first `firstAfterMinutes` after, the second `secondAfterHours` after the first (with
 * `discountCode`, an existing code, when set); off until the owner turns them on.
 */
export const AbandonedCheckoutSettings = z
  .object({
    enabled: boolean(),
    firstAfterMinutes: number({ min: 10, max: MAX_REMINDER_MINUTES, int: true }),
    secondAfterHours: number({ min: 1, max: MAX_REMINDER_HOURS, int: true }),
    /** An existing discount's code (checked when saved), upper-cased; null: none. */
    discountCode: z
      .string({ error: validation.discountCode })
      .trim()
      .toUpperCase()
      .regex(DISCOUNT_CODE_PATTERN, validation.discountCode)
      .nullable(),
  })
  .strict();
export type AbandonedCheckoutSettings = z.infer<typeof AbandonedCheckoutSettings>;

export const DEFAULT_ABANDONED_CHECKOUT: AbandonedCheckoutSettings = {
  enabled: false,
  firstAfterMinutes: 60,
  secondAfterHours: 24,
  discountCode: null,
};

/** What brings shoppers back: the abandoned-checkout reminders. */
export const MarketingSettings = z
  .object({
    /** NOTE: a default, so that a section saved before another part of it existed still reads. */
    abandonedCheckout: AbandonedCheckoutSettings.default(DEFAULT_ABANDONED_CHECKOUT),
  })
  .strict();
export type MarketingSettings = z.infer<typeof MarketingSettings>;
