/**
 * The cart a signed-in shopper's account keeps (GET and PUT /cart, POST /cart/merge), so that it
 * follows them to every device, and the abandoned-checkout reminders' unsubscribe link. The cart
 * keeps variants and quantities and the code tried, never prices: every read answers today's.
 */
import { z } from "zod";
import { MERGE_KEY_PATTERN } from "../constants";
import { validation } from "../messages";
import { Id, number } from "./common";
import { MediaDto } from "./media";
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from "./order";

/** The most lines a kept cart holds: as many as one order may. */
export const CART_MAX_LINES = MAX_ORDER_LINES;
/** The longest code a cart keeps (as the cart's price check takes it). */
export const CART_CODE_MAX = 64;

export const CartLineInput = z
  .object(
    {
      product: Id,
      /** May be left out only for a product with a single variant. */
      variant: Id.optional(),
      quantity: number({ min: 1, max: MAX_LINE_QUANTITY, int: true }),
    },
    { error: validation.object },
  )
  .strict();
export type CartLineInput = z.infer<typeof CartLineInput>;

const lines = z
  .array(CartLineInput, { error: validation.notAnOption })
  .max(CART_MAX_LINES, validation.max(CART_MAX_LINES));

/** The code tried, upper-cased; empty or null: none. */
const discountCode = z
  .string({ error: validation.discountCode })
  .trim()
  .max(CART_CODE_MAX, validation.maxLength(CART_CODE_MAX))
  .transform((code) => (code === "" ? null : code.toUpperCase()))
  .nullable()
  .optional();

/** PUT /cart: the cart as the device now has it, which replaces the kept one (the last write wins). */
export const CartInput = z.object({ lines, discountCode }).strict();
export type CartInput = z.infer<typeof CartInput>;

/**
 * POST /cart/merge: the device's cart at sign-in, added to the kept one (quantities of a variant
 * added up, within its stock and the limit per line); its code is taken when the kept cart has none.
 * `key`: the device's copy sent again with the key of the cart's last merge (a page reloaded before
 * the answer came) is not added a second time; the kept cart is answered as it is.
 */
export const CartMergeInput = z
  .object({
    lines,
    discountCode,
    key: z.string({ error: validation.id }).regex(MERGE_KEY_PATTERN, validation.id).optional(),
  })
  .strict();
export type CartMergeInput = z.infer<typeof CartMergeInput>;

/** A line's product as the cart shows it: the variant's price, sale price, stock and state now. */
export const CartProductDto = z.object({
  _id: z.string(),
  name: z.string(),
  thumbnail: MediaDto.nullable(),
  price: z.number(),
  onSale: z.boolean(),
  salePrice: z.number(),
  stock: z.number().int(),
  /** False once the product or the variant is no longer sold: the line stays until the shopper removes it. */
  isActive: z.boolean(),
});
export type CartProductDto = z.infer<typeof CartProductDto>;

export const CartLineDto = z.object({
  product: CartProductDto,
  /** The variant, its option values in the product's option order (none for a product without options). */
  variant: z.object({ _id: z.string(), options: z.record(z.string(), z.string()) }),
  quantity: z.number().int(),
});
export type CartLineDto = z.infer<typeof CartLineDto>;

/** GET /cart: the kept cart with the server's prices, its lines in the order they were added. */
export const CartDto = z.object({
  lines: z.array(CartLineDto),
  discountCode: z.string().nullable(),
});
export type CartDto = z.infer<typeof CartDto>;

/** POST /cart/reminders/unsubscribe: the token of a reminder's unsubscribe link. */
export const ReminderUnsubscribeInput = z
  .object({
    token: z
      .string({ error: validation.required })
      .trim()
      .min(1, validation.required)
      .max(200, validation.maxLength(200)),
  })
  .strict();
export type ReminderUnsubscribeInput = z.infer<typeof ReminderUnsubscribeInput>;
