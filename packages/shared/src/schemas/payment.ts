import { z } from "zod";
import {
  ONLINE_GATEWAYS,
  PAYMENT_GATEWAYS,
  PAYMENT_STATUSES,
  UNMATCHED_PAYMENT_REASONS,
  UNMATCHED_PAYMENT_STATES,
} from "../constants";
import { validation } from "../messages";
import { Id, oneOf } from "./common";
import { PaymentTenderDto, RefundDto } from "./order";
import { UserSummaryDto } from "./user";

/** Whether a card number's digits pass the Luhn checksum every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const EXPIRY = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** Whether an "MM/YY" expiry is this month or later (a card is valid through the end of its month). */
export function isCurrentExpiry(expiry: string, now = new Date()): boolean {
  const match = EXPIRY.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * Test-gateway card fields, as the clearly marked test-mode card form sends them, checked as a real
 * gateway checks a card: the number by its checksum, the expiry not in the past, a CVC of 3 or 4 digits.
 */
export const TestCard = z
  .object(
    {
      number: z
        .string({ error: validation.required })
        .transform((value) => value.replace(/[\s-]/g, ""))
        .pipe(
          z
            .string()
            .regex(/^\d{12,19}$/, { error: validation.cardNumber, abort: true })
            .refine(passesLuhn, validation.cardNumber),
        ),
      expiry: z
        .string({ error: validation.required })
        .trim()
        .regex(EXPIRY, { error: validation.cardExpiry, abort: true })
        .refine((expiry) => isCurrentExpiry(expiry), validation.cardExpired),
      cvc: z
        .string({ error: validation.required })
        .trim()
        .regex(/^\d{3,4}$/, validation.cardCvc),
    },
    { error: (issue) => (issue.input === undefined ? validation.required : validation.object) },
  )
  .strict();
export type TestCard = z.infer<typeof TestCard>;

/** Fields the SPEC's payment body carries that the server works out itself and ignores. */
const ignoredClientFields = {
  amount: z.unknown().optional(),
  status: z.unknown().optional(),
  update_time: z.unknown().optional(),
  email_address: z.unknown().optional(),
};

/** What Razorpay Checkout hands back: its ids ("order_…", "pay_…"), letters, digits and underscores. */
const razorpayId = z
  .string({ error: validation.required })
  .trim()
  .min(1, validation.required)
  .regex(/^[A-Za-z0-9_]{1,64}$/, validation.razorpayId);

/**
 * POST /payments: pay an order with the test gateway (a card), capture an approved PayPal order,
 * record what Razorpay Checkout returned (its order, payment and signature; the server checks all
 * three), choose cash on delivery, or pay what is left of it from the shopper's store credit.
 */
export const PaymentInput = z.discriminatedUnion(
  "paymentGateway",
  [
    z
      .object({ order: Id, paymentGateway: z.literal("test"), card: TestCard, ...ignoredClientFields })
      .strict(),
    z
      .object({
        order: Id,
        paymentGateway: z.literal("paypal"),
        transactionId: z.string({ error: validation.required }).trim().min(1, validation.required).max(64),
        ...ignoredClientFields,
      })
      .strict(),
    // Cash on delivery: nothing is charged now; staff record the cash when the order is delivered.
    // Store credit: all that is left to pay of the order, from the shopper's credit (decision 042).
    z.object({ order: Id, paymentGateway: z.literal("store_credit"), ...ignoredClientFields }).strict(),
    z.object({ order: Id, paymentGateway: z.literal("cod"), ...ignoredClientFields }).strict(),
    z
      .object({
        order: Id,
        paymentGateway: z.literal("razorpay"),
        razorpayOrderId: razorpayId,
        razorpayPaymentId: razorpayId,
        // HMAC-SHA256 in hex: anything else cannot match, and is refused as not verified.
        razorpaySignature: z
          .string({ error: validation.required })
          .trim()
          .min(1, validation.required)
          .max(128, validation.maxLength(128)),
        ...ignoredClientFields,
      })
      .strict(),
  ],
  { error: validation.oneOf(["paypal", "test", "cod", "razorpay", "store_credit"]) },
);
export type PaymentInput = z.infer<typeof PaymentInput>;

/** POST /payments/paypal/orders: create the PayPal order for the server's total. */
export const PaypalOrderInput = z.object({ order: Id }).strict();

/** POST /payments/razorpay/orders: create (or find again) the Razorpay order for the server's total. */
export const RazorpayOrderInput = z.object({ order: Id }).strict();

/** What Razorpay Checkout opens with: the order, the public key, and the amount in paise it will show. */
export const RazorpayOrderDto = z.object({
  razorpayOrderId: z.string(),
  keyId: z.string(),
  /** In the currency's smallest unit (paise): ₹316.50 is 31650. */
  amount: z.number().int(),
  currency: z.string(),
});
export type RazorpayOrderDto = z.infer<typeof RazorpayOrderDto>;

/** GET /payments/razorpay: the public key id Checkout needs, and where the pay page loads Checkout's script from. */
export const RazorpayKeyDto = z.object({ keyId: z.string(), checkoutUrl: z.string() });
export type RazorpayKeyDto = z.infer<typeof RazorpayKeyDto>;

export const PaymentStatusParams = z.object({ status: oneOf(PAYMENT_STATUSES) });

export const PaymentDto = z.object({
  _id: z.string(),
  user: UserSummaryDto,
  order: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  transactionId: z.string(),
  amount: z.number(),
  currency: z.string(),
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  /** How the payer paid, as the provider reports it (Razorpay: upi, card, netbanking, wallet, emi, …); null when it does not say. */
  method: z.string().nullable(),
  /**
   * What took the amount, part by part, summing to it (decision 042): the order's store credit
   * (`store_credit`) and the provider (`razorpay`, `paypal`, `test`, `cod`, its method when known).
   */
  tenders: z.array(PaymentTenderDto),
  update_time: z.string().nullable(),
  email_address: z.string().nullable(),
  createdAt: z.string(),
  /** What has gone back to the payer so far, and each refund, oldest first. */
  refundedAmount: z.number(),
  refunds: z.array(RefundDto),
});
export type PaymentDto = z.infer<typeof PaymentDto>;

/** GET /payments/paypal */
export const PaymentProviderDto = z.object({
  provider: z.enum(["paypal", "test"]),
  clientId: z.string().nullable(),
  currency: z.string(),
});
export type PaymentProviderDto = z.infer<typeof PaymentProviderDto>;

/**
 * GET /orders/current-user/{orderId}/payment-options: what the pay page offers for one of the caller's
 * orders, as the server decides it: cash on delivery, or why not, and what paying online saves.
 */
export const PaymentOptionsDto = z.object({
  cod: z.object({
    /** Whether the shopper may choose cash on delivery for this order now. */
    offered: z.boolean(),
    /** Why not, in the shop's words; null when offered, or when the shop has it off (no option shown). */
    reason: z.string().nullable(),
    /** The fee it adds (before its GST when the order taxes its charges and prices exclude GST; see `total`). */
    fee: z.number(),
    /** What the shopper pays at the door: the order's total without any online discount, with the fee. */
    total: z.number(),
  }),
  online: z.object({
    /** What paying online takes off the total now (0: nothing), worked out by the server. */
    saving: z.number(),
    /** The total paid online. */
    total: z.number(),
  }),
  /**
   * The shopper's store credit for this order (decision 042): their balance, what the order already
   * uses of it, what is left to pay online (the online total less that), and what applying credit to
   * part of it would take now (`applicable`: all of the balance, or what leaves the provider's minimum
   * to pay; 0 when the credit covers what is left, or none can be applied so).
   */
  storeCredit: z.object({
    balance: z.number(),
    applied: z.number(),
    due: z.number(),
    applicable: z.number(),
  }),
});
export type PaymentOptionsDto = z.infer<typeof PaymentOptionsDto>;

/** PUT and DELETE /orders/current-user/{orderId}/store-credit: what the order's credit pays and what is left to pay. */
export const StoreCreditAppliedDto = z.object({ applied: z.number(), due: z.number() });
export type StoreCreditAppliedDto = z.infer<typeof StoreCreditAppliedDto>;

/**
 * GET /payments/unmatched: money a provider took that its order could not take (decision 046), newest
 * first: refunding until its provider confirms the refund, refunded, or held for review.
 */
export const UnmatchedPaymentDto = z.object({
  _id: z.string(),
  provider: z.enum(ONLINE_GATEWAYS),
  /** The provider's id of what it took (Razorpay's payment, PayPal's capture). */
  providerPaymentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** The order it was meant for, and its number. */
  order: z.string(),
  orderNumber: z.number().int(),
  reason: z.enum(UNMATCHED_PAYMENT_REASONS),
  state: z.enum(UNMATCHED_PAYMENT_STATES),
  /** Why the last attempt at the refund did not settle it (the sweep tries again); null otherwise. */
  lastError: z.string().nullable(),
  refundedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UnmatchedPaymentDto = z.infer<typeof UnmatchedPaymentDto>;
export const UnmatchedPaymentsDto = z.object({ items: z.array(UnmatchedPaymentDto) });
export type UnmatchedPaymentsDto = z.infer<typeof UnmatchedPaymentsDto>;
