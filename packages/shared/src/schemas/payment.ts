import { z } from "zod";
import { PAYMENT_STATUSES } from "../constants";
import { validation } from "../messages";
import { Id, oneOf } from "./common";
import { RefundDto } from "./order";
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

/** POST /payments: pay an order with the test gateway (a card) or capture an approved PayPal order. */
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
    z.object({ order: Id, paymentGateway: z.literal("cod"), ...ignoredClientFields }).strict(),
  ],
  { error: validation.oneOf(["paypal", "test", "cod"]) },
);
export type PaymentInput = z.infer<typeof PaymentInput>;

/** POST /payments/paypal/orders: create the PayPal order for the server's total. */
export const PaypalOrderInput = z.object({ order: Id }).strict();

export const PaymentStatusParams = z.object({ status: oneOf(PAYMENT_STATUSES) });

export const PaymentDto = z.object({
  _id: z.string(),
  user: UserSummaryDto,
  order: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  transactionId: z.string(),
  amount: z.number(),
  currency: z.string(),
  paymentGateway: z.string(),
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
