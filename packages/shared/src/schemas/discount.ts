/** Discount codes: the staff's form and reads, and the shopper's cart price check. */
import { z } from "zod";
import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_SCOPES,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  NAME_MAX_LENGTH,
} from "../constants";
import { deliveryApi, validation } from "../messages";
import { boolean, Id, ListQuery, number, oneOf } from "./common";
import { OrderLineInput } from "./order";

/** Most categories or products one code may name. */
export const MAX_DISCOUNT_TARGETS = 500;

/** A code as typed: trimmed, then kept and compared upper-cased (codes are case-insensitive). */
export const DiscountCode = z
  .string({ error: validation.discountCode })
  .trim()
  .regex(DISCOUNT_CODE_PATTERN, validation.discountCode)
  .transform((code) => code.toUpperCase());

const optionalCount = number({ min: 1, max: 1_000_000, int: true }).nullable().optional();
/**
 * A code's start or end: a date and time with its offset, in a year the database can store (year 0,
 * which ISO 8601 allows and PostgreSQL has not, and years before the shop's time are not dates a
 * code starts or ends at).
 */
const optionalDate = z.iso
  .datetime({ offset: true, error: validation.discountDate })
  .refine((value) => Number(value.slice(0, 4)) >= 1970, { error: validation.discountDate })
  .nullable()
  .optional();
const targets = z
  .array(Id, { error: validation.notAnOption })
  .max(MAX_DISCOUNT_TARGETS, validation.max(MAX_DISCOUNT_TARGETS));

const DiscountFields = z.object({
  code: DiscountCode,
  type: oneOf(DISCOUNT_TYPES),
  /** Percent for a percentage code, dollars for a fixed one; ignored (0) for free shipping. */
  value: number({ min: 0, max: 1_000_000 }).default(0),
  minSubtotal: number({ min: 0.01, max: 1_000_000 }).nullable().optional(),
  startsAt: optionalDate,
  endsAt: optionalDate,
  usageLimit: optionalCount,
  perCustomerLimit: optionalCount,
  appliesTo: oneOf(DISCOUNT_SCOPES).default("all"),
  categories: targets.default([]),
  products: targets.default([]),
  combinesWithSale: boolean().default(false),
  isActive: boolean().default(true),
});

/** POST /discounts and PUT /discounts/{id}: the rules across fields, each at its field. */
export const DiscountInput = DiscountFields.strict().superRefine((input, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (input.type === "percentage" && (!Number.isInteger(input.value) || input.value < 1 || input.value > 100))
    issue("value", validation.discountPercentage);
  if (input.type === "fixed" && !(input.value > 0)) issue("value", validation.discountAmount);
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
    issue("endsAt", validation.discountDates);
  if (input.appliesTo === "categories" && input.categories.length === 0)
    issue("categories", validation.discountCategories);
  if (input.appliesTo === "products" && input.products.length === 0)
    issue("products", validation.discountProducts);
});
export type DiscountInput = z.infer<typeof DiscountInput>;
export type DiscountFormValues = z.input<typeof DiscountInput>;

/** PATCH /discounts/{id}: the active switch. */
export const DiscountPatchInput = z.object({ isActive: boolean() }).strict();
export type DiscountPatchInput = z.infer<typeof DiscountPatchInput>;

export const DiscountListQuery = ListQuery.extend({ status: oneOf(DISCOUNT_STATUSES).optional() });
export type DiscountListQuery = z.infer<typeof DiscountListQuery>;

export const DiscountDto = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  appliesTo: z.enum(DISCOUNT_SCOPES),
  categories: z.array(z.string()),
  products: z.array(z.string()),
  combinesWithSale: z.boolean(),
  isActive: z.boolean(),
  /** Orders holding a use: placed and not cancelled. */
  usedCount: z.number().int(),
  /** What the code is at the time of the read. */
  status: z.enum(DISCOUNT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiscountDto = z.infer<typeof DiscountDto>;

/** One code with what it brought: the paid orders that used it and their total. */
export const DiscountDetailDto = DiscountDto.extend({
  paidOrders: z.number().int(),
  revenue: z.number(),
});
export type DiscountDetailDto = z.infer<typeof DiscountDetailDto>;

/** POST /cart/price: the cart's lines and, optionally, a code to try. */
export const CartPriceInput = z
  .object({
    products: z
      .array(OrderLineInput, { error: validation.orderProducts })
      .min(1, validation.orderProducts)
      .max(50),
    discountCode: z
      .string({ error: validation.discountCode })
      .trim()
      .max(64, validation.maxLength(64))
      .optional(),
    /** The shipping method asked for; the cheapest that serves `state` (or any state) when left out. */
    shippingMethod: Id.optional(),
    /** The state of the address the cart ships to, when known: it decides the shipping method and the GST's split. */
    state: z
      .string({ error: validation.state })
      .trim()
      .min(2, validation.state)
      .max(NAME_MAX_LENGTH, validation.maxLength(NAME_MAX_LENGTH))
      .optional(),
    /**
     * The PIN code of that address, as it was saved: with `state`, a method serving a PIN code list
     * is offered when its list holds it (one not of six digits is in none).
     */
    pincode: z.string({ error: deliveryApi.pincode }).trim().max(10, validation.maxLength(10)).optional(),
  })
  .strict();
export type CartPriceInput = z.infer<typeof CartPriceInput>;

export const CartPriceLineDto = z.object({
  product: z.string(),
  variant: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  savedAmount: z.number(),
  discountShare: z.number(),
  /** The line's GST rate (percent): for a rate by price, the slab its pieces fall in after the code. */
  taxRate: z.number(),
});

/** The server's pricing of a cart; `discountMessage` says why a code given does not apply. */
export const CartPriceDto = z.object({
  lines: z.array(CartPriceLineDto),
  itemsPrice: z.number(),
  discountPrice: z.number(),
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  discountMessage: z.string().nullable(),
  shippingPrice: z.number(),
  /** The method the shipping is priced with; null when none serves the state (`shippingMessage` says so). */
  shippingMethod: z.object({ _id: z.string(), name: z.string(), price: z.number() }).nullable(),
  shippingMessage: z.string().nullable(),
  taxPrice: z.number(),
  /** The prices include the GST (`taxPrice` is within `totalPrice`, not added to it). */
  taxIncluded: z.boolean(),
  /** The one GST rate of the lines (percent); null when they have different rates. */
  taxRate: z.number().nullable(),
  /** CGST + SGST when `state` is the shop's, else IGST (inter-state without a state). */
  supply: z.enum(["intra-state", "inter-state"]),
  totalPrice: z.number(),
});
export type CartPriceDto = z.infer<typeof CartPriceDto>;
