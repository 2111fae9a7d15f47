/** The response envelope every API answer uses (docs/design.md section 4), as schemas and types. */
import { z } from "zod";
import { PincodeFault } from "./schemas/delivery";
import { CurrencySettings, PAYMENT_METHODS, ShippingMethod, TaxSettings } from "./schemas/settings";

export const ListMeta = z.object({
  page: z.number().int(),
  size: z.number().int(),
  /** With `totalCapped`, the pages known so far: those of the counted rows, or one past this page while more follow. */
  pageCount: z.number().int(),
  total: z.number().int(),
  /** More rows match than a list counts (COUNT_CAP): `total` is that cap ("10,000+"). */
  totalCapped: z.boolean().optional(),
  /** The cursor of the page's last row, when a next row exists: the next page is `after` it. */
  next: z.string().optional(),
});
export type ListMeta = z.infer<typeof ListMeta>;

export interface Envelope<T> {
  success: true;
  message: string;
  data: T;
  meta?: ListMeta;
}

export interface ListEnvelope<T> {
  success: true;
  message: string;
  data: T[];
  meta: ListMeta;
}

/** A refused or failed request: `errors` maps a field path to its message. */
export const ErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /**
   * What a refusal tells the client beyond its message: `{ twoFactorRequired: true }` from a sign-in,
   * `{ secondStepRequired: true }` from a change that asks for a code again (POST /auth/two-factor/verify),
   * `{ rows, errors: [{ line, message }] }` from a PIN code list refused line by line.
   */
  data: z
    .object({
      twoFactorRequired: z.literal(true).optional(),
      secondStepRequired: z.literal(true).optional(),
      rows: z.number().int().optional(),
      errors: z.array(PincodeFault).optional(),
    })
    .optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), message: z.string(), data: z.array(item), meta: ListMeta });
}

/** A success with nothing to return. */
export const EmptyEnvelope = envelope(z.null());

/** The public settings the web app reads at start (GET /api/config). */
export const PublicConfig = z.object({
  storeEmail: z.string(),
  storePhone: z.string(),
  /**
   * The online provider, as readers from before `paymentMethods` know it: PayPal when configured,
   * else the test gateway, else Razorpay (a shop on Razorpay alone is never said to take test cards).
   */
  paymentProvider: z.enum(["paypal", "test", "razorpay"]),
  /**
   * The ways to pay the pay page offers, in the owner's order: the configured providers, and cash on
   * delivery while it is on. Razorpay takes INR orders only.
   */
  paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
  /** The most units of one product an order may hold (the cart caps its quantities to it). */
  maxQuantityPerLine: z.number().int(),
  demo: z.object({ email: z.string(), password: z.string() }).nullable(),
  /**
   * The public part of the owner's settings (schemas/settings.ts): the store's name, and the legal
   * name, postal address, email and phone the footer and the contact page print.
   */
  store: z.object({
    name: z.string(),
    legalName: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  currency: CurrencySettings,
  taxes: TaxSettings.pick({ pricesIncludeTax: true, defaultRate: true }),
  /** The enabled shipping methods, cheapest first. */
  shippingMethods: z.array(ShippingMethod),
  /** The least an order's items may come to; 0: no minimum. */
  minimumOrder: z.number(),
  /**
   * Cash on delivery as the pay page offers it: whether it is, up to which order total, for what fee,
   * and the hours a shopper has to confirm a COD order (whom and where it is refused stays on the server).
   */
  cod: z.object({
    enabled: z.boolean(),
    maxOrderValue: z.number(),
    fee: z.number(),
    confirmHours: z.number().int(),
  }),
  /** Days after a parcel's delivery its units may be returned (0: no returns). */
  returnWindowDays: z.number().int(),
  /** Whether parcels are booked through Shiprocket (SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD set): staff's ship dialogs offer it. */
  shiprocket: z.boolean(),
  /** Whether the shop sends WhatsApp messages (connected and turned on): checkout and the account page ask for the consents. */
  whatsapp: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const Health = z.object({ status: z.literal("ok") });
