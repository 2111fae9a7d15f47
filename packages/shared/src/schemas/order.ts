import { z } from "zod";
import {
  COD_CONFIRMATIONS,
  FULFILMENT_STATES,
  MAX_ORDER_NOTE,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_GATEWAYS,
  PAYMENT_STATES,
  PAYMENT_STATUSES,
  RETURN_REASONS,
  RETURN_STATUSES,
  ROLES,
  RTO_REASONS,
  TRACKING_STATUSES,
} from "../constants";
import { validation } from "../messages";
import { AddressDto } from "./address";
import { Id, ListQuery, number, oneOf, text } from "./common";
import { CursorId, CursorTime, cursorOf } from "./cursor";
import { MediaDto } from "./media";
import { UserSummaryDto } from "./user";

/** The most units of one product in one order. */
export const MAX_LINE_QUANTITY = 100;
export const MAX_ORDER_LINES = 50;

export const OrderLineInput = z.object(
  {
    product: Id,
    /** May be left out only for a product with a single variant. */
    variant: Id.optional(),
    quantity: number({ min: 1, max: MAX_LINE_QUANTITY, int: true }),
    // Sent by the cart but never trusted: the server prices every line from the database.
    price: z.number({ error: validation.number }).optional(),
    savedAmount: z.number({ error: validation.number }).optional(),
  },
  { error: validation.object },
);

/**
 * POST /orders. Amounts and a status may come along (the cart sends them) but are ignored:
 * the server prices the order from the database and creates it as pending.
 */
export const OrderInput = z
  .object({
    products: z
      .array(OrderLineInput, { error: validation.orderProducts })
      .min(1, validation.orderProducts)
      .max(MAX_ORDER_LINES, validation.max(MAX_ORDER_LINES)),
    /** The id of one of the shopper's saved addresses (or the address object carrying it). */
    shippingAddress: z.union(
      [
        Id,
        z
          .object({ _id: Id })
          .loose()
          .transform((address) => address._id),
      ],
      {
        error: validation.required,
      },
    ),
    subTotal: z.number({ error: validation.number }).optional(),
    savedAmount: z.number({ error: validation.number }).optional(),
    shippingAmount: z.number({ error: validation.number }).optional(),
    taxAmount: z.number({ error: validation.number }).optional(),
    totalAmount: z.number({ error: validation.number }).optional(),
    status: z.string({ error: validation.notAnOption }).optional(),
    /** A discount code to use, checked again in the order's transaction. */
    discountCode: z
      .string({ error: validation.discountCode })
      .trim()
      .max(64, validation.maxLength(64))
      .optional(),
    // Sent by a cart that priced the code, never trusted.
    discountAmount: z.number({ error: validation.number }).optional(),
    /** One of the owner's shipping methods that serves the address; the cheapest that does when left out. */
    shippingMethod: Id.optional(),
    /**
     * The shopper's WhatsApp consents as checkout's ticks left them (docs/whatsapp.md), for the
     * delivery address's phone number; left out, the consents stay as they are.
     */
    whatsappOrders: z.boolean({ error: validation.notAnOption }).optional(),
    whatsappMarketing: z.boolean({ error: validation.notAnOption }).optional(),
  })
  .strict();
export type OrderInput = z.input<typeof OrderInput>;
export type OrderInputParsed = z.output<typeof OrderInput>;

/** PATCH /orders/{orderId}/update. */
export const OrderStatusInput = z
  .object({
    orderId: Id.optional(),
    status: z.enum(ORDER_STATUSES, {
      error: (issue) =>
        issue.input === undefined ? validation.orderStatusMissing : validation.oneOf(ORDER_STATUSES),
    }),
    payment: Id.optional(),
  })
  .strict();
export type OrderStatusInput = z.infer<typeof OrderStatusInput>;

/** POST /orders/{orderId}/notes (staff): a note for the order's history, trimmed, 1 to 1000 characters. */
export const OrderNoteInput = z.object({ note: text({ max: MAX_ORDER_NOTE }) }).strict();
export type OrderNoteInput = z.infer<typeof OrderNoteInput>;

export const OrderIdParams = z.object({ orderId: Id });

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether "2026-02-30" names a day of the calendar (the pattern alone lets it through). */
function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.toISOString().slice(0, 10) === value;
}

/** A calendar day as YYYY-MM-DD; an empty query parameter counts as absent. */
export const Day = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string({ error: validation.date })
    .regex(DAY_PATTERN, validation.date)
    .refine(isCalendarDay, validation.date)
    .optional(),
);

/**
 * What narrows the staff's orders, in lists and the CSV export: `from` and `to` are days as the
 * shop's clock reads them (SHOP_UTC_OFFSET), both included; `keyword` matches the order number
 * (#1001 or 1001), the order id, the shopper's name, email and phone.
 */
const orderFilterFields = {
  keyword: ListQuery.shape.keyword,
  /** The payment's state (PAYMENT_STATES): `none` for an order with no payment at all. */
  payment: z.preprocess((value) => (value === "" ? undefined : value), oneOf(PAYMENT_STATES).optional()),
  /** How far its goods have gone (FULFILMENT_STATES): `partially_shipped` for parcels out and units left. */
  fulfilment: z.preprocess(
    (value) => (value === "" ? undefined : value),
    oneOf(FULFILMENT_STATES).optional(),
  ),
  from: Day,
  to: Day,
};

/** Refuses a range whose `to` comes before its `from`, at `to`. */
export function checkRange(
  query: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (query.from && query.to && query.to < query.from)
    ctx.addIssue({ code: "custom", path: ["to"], message: validation.dateRange });
}

/** The sort key of a staff order list's row: its creation time and id (newest first). */
export const OrderCursor = cursorOf([CursorTime, CursorId]);

/**
 * GET /orders and /orders/status/{status}: a page of orders in a date range, with a keyword;
 * `after` (the `meta.next` of the page before) starts the page after that order.
 */
export const OrderListQuery = ListQuery.extend({ ...orderFilterFields, after: OrderCursor }).superRefine(
  checkRange,
);
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** GET /orders/export.csv: the list's filters, the status among them, without paging. */
export const OrderExportQuery = z
  .object({ status: oneOf(ORDER_STATUSES).optional(), ...orderFilterFields })
  .superRefine(checkRange);
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;
export const StatusParams = z.object({ status: oneOf(ORDER_STATUSES) });

/** The address as it was when the order was placed (with the buyer's GSTIN, null when none was given). */
export const ShippingAddressDto = AddressDto.omit({ _id: true, stateValid: true });

export const OrderLineDto = z.object({
  /** The line's id: what a refund names to put its units back in stock. */
  _id: z.string(),
  product: z.object({ _id: z.string(), name: z.string(), thumbnail: MediaDto.nullable() }),
  /** The variant as it was when the order was placed. */
  variant: z.object({ _id: z.string(), sku: z.string(), options: z.record(z.string(), z.string()) }),
  name: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  savedAmount: z.number(),
  /** The line's share of the order's discount code amount, and of its online payment discount. */
  discountShare: z.number(),
  quantity: z.number().int(),
  /** The GST rate (percent) and HSN code the line was charged with (null: none was set then). */
  taxRate: z.number(),
  hsnCode: z.string().nullable(),
  /** The line as its invoice prints it: its value before GST, and its GST as CGST + SGST or IGST. */
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
});

/** A line of a credit note: goods of an order line (`line`), or shipping, or the COD fee, and the GST it gives back. */
export const CreditNoteLineDto = z.object({
  kind: z.enum(["goods", "shipping", "cod_fee"]),
  /** The order line (goods); null for shipping and the COD fee. */
  line: z.string().nullable(),
  /** Units given back (0: value without goods). */
  quantity: z.number().int(),
  taxableValue: z.number(),
  rate: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
});
export type CreditNoteLineDto = z.infer<typeof CreditNoteLineDto>;

/**
 * Who did something to an order, as they were then: a person with their name and role; `"shop"` for
 * a staff member in a shopper's read (shoppers read "by the shop": staff names stay with staff); null
 * for no one (each field says what that means). NOTE: null is a member of the union, not `.nullable()`
 * of it: OpenAPI 3.0 has no `nullable` without a `type`.
 */
export const ActorDto = z.union([
  z.object({ name: z.string(), role: z.enum(ROLES) }),
  z.literal("shop"),
  z.null(),
]);
export type ActorDto = z.infer<typeof ActorDto>;

/** One refund of a payment: who made it (null: in the provider's own dashboard), when, and its credit note. */
export const RefundDto = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  at: z.string(),
  by: ActorDto,
  /**
   * The provider's id of the refund (a manual one: "manual-" and the refund's id; one given to the
   * shopper's store credit: "credit-" and the refund's id).
   */
  providerRefundId: z.string(),
  /** A manual refund's reference (the bank transfer or UPI payment that returned the money); else null. */
  reference: z.string().nullable(),
  /** "CN/2026-27/000001". */
  creditNoteNumber: z.string(),
  /**
   * False for a credit note that gave no money back: the goods came back before they were paid for
   * (a cash on delivery parcel returned to origin); `amount` is then the note's value.
   */
  moneyBack: z.boolean(),
  /** The units that went back to stock, by order line. */
  restock: z.array(z.object({ line: z.string(), quantity: z.number().int() })),
  /** Its credit note's lines. */
  lines: z.array(CreditNoteLineDto),
});
export type RefundDto = z.infer<typeof RefundDto>;

/**
 * One part of what a payment took, by what took it (decision 042): `store_credit` the shopper's credit,
 * else the payment's provider, with the method it reported (Razorpay: upi, card, …) when it said one.
 */
export const PaymentTenderDto = z.object({
  kind: z.enum(PAYMENT_GATEWAYS),
  amount: z.number(),
  method: z.string().optional(),
});
export type PaymentTenderDto = z.infer<typeof PaymentTenderDto>;

export const OrderPaymentDto = z.object({
  _id: z.string(),
  /** pending, completed, partially_refunded or refunded as refunds take from it, failed. */
  status: z.enum(PAYMENT_STATUSES),
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  /** How the payer paid, as the provider reports it (Razorpay: upi, card, netbanking, wallet, emi, …); else null. */
  method: z.string().nullable(),
  amount: z.number(),
  transactionId: z.string(),
  /**
   * What took the amount, part by part, summing to it: the store credit's part (the order's
   * `storeCreditUsed`) and the provider's; one part when one paid it all.
   */
  tenders: z.array(PaymentTenderDto),
  /** What has gone back to the payer so far, and each refund, oldest first. */
  refundedAmount: z.number(),
  refunds: z.array(RefundDto),
});

/**
 * One row of an order's history, oldest first: what happened, the order's status after it, when,
 * and who did it (null: the system, as the hold expiry; `"shop"`: staff, in a shopper's read). Staff
 * notes are in the staff read only.
 */
export const OrderEventDto = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: ActorDto,
  note: z.string().nullable(),
  /** The money a payment or refund moved. */
  amount: z.number().optional(),
});
export type OrderEventDto = z.infer<typeof OrderEventDto>;

/** A parcel of some units of an order (POST /orders/{orderId}/shipments answers one). */
export const ShipmentDto = z.object({
  _id: z.string(),
  carrier: z.string(),
  /** Null for a shipment recorded by the status dialog without a number. */
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking link for the number; null for "Other" or without a number. */
  trackingUrl: z.string().nullable(),
  lines: z.array(z.object({ line: z.string(), quantity: z.number().int() })),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** When the carrier brought it back undelivered (a cash on delivery parcel: RTO); else null. */
  returnedToOriginAt: z.string().nullable(),
  /** Why it came back, as staff marked it; null when not returned or marked before reasons were asked. */
  // NOTE: a union with null, as codConfirmation's: the API document's nullable enum would refuse null.
  returnedToOriginReason: z.union([...RTO_REASONS.map((value) => z.literal(value)), z.null()]),
  /** "shiprocket" for a parcel booked through Shiprocket (its AWB the tracking number); null when staff shipped it by hand. */
  // NOTE: a string, not a union of one literal with null: the API document would make that a nullable enum refusing null.
  provider: z.string().nullable(),
  /** Where the courier's last scan put it (TRACKING_STATUSES); null before any scan or for a parcel shipped by hand. */
  trackingStatus: z.union([...TRACKING_STATUSES.map((value) => z.literal(value)), z.null()]),
  /** The time of that scan. */
  trackedAt: z.string().nullable(),
  /** The courier's label (a PDF) of a Shiprocket parcel; null otherwise. */
  labelUrl: z.string().nullable(),
  /** The e-way bill of a parcel whose invoice value is above ₹50,000; null otherwise. */
  ewaybillNo: z.string().nullable(),
});
export type ShipmentDto = z.infer<typeof ShipmentDto>;

/** A parcel just booked through Shiprocket (POST /orders/{id}/shiprocket/shipments). */
export const ShiprocketShipmentDto = ShipmentDto.extend({
  awb: z.string(),
  /** The courier's name, as Shiprocket gives it (also the parcel's `carrier`). */
  courier: z.string(),
  labelUrl: z.string(),
  /** Shiprocket's "YYYY-MM-DD HH:mm:ss" (India time); null when no pickup could be scheduled yet. */
  pickupScheduledFor: z.string().nullable(),
});
export type ShiprocketShipmentDto = z.infer<typeof ShiprocketShipmentDto>;

/** A return of some of the order's units, as the order read carries it (GET /returns/{id} has the rest). */
export const OrderReturnDto = z.object({
  _id: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  message: z.string().nullable(),
  lines: z.array(z.object({ line: z.string(), quantity: z.number().int() })),
  amount: z.number(),
  createdAt: z.string(),
});
export type OrderReturnDto = z.infer<typeof OrderReturnDto>;

export const OrderDto = z.object({
  _id: z.string(),
  /** The number people say (#1001), from a sequence; unique, never reused. */
  number: z.number().int(),
  /** `email` is null for a manager (they ship with the name and address alone). */
  user: UserSummaryDto.extend({ email: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  /**
   * How far its goods have gone, from its parcels (FULFILMENT_STATES): a processing order with some
   * units shipped and some left is `partially_shipped`, which its badge reads.
   */
  fulfilment: z.enum(FULFILMENT_STATES),
  /**
   * The state of the order's payment: the taken one's, else its latest attempt's (pending, failed),
   * `none` without any. Shown to every staff member, as the status is (not the payment itself).
   */
  paymentState: z.enum(PAYMENT_STATES),
  totalAmount: z.number(),
  subTotal: z.number(),
  savedAmount: z.number(),
  shippingAmount: z.number(),
  taxAmount: z.number(),
  /** The currency the order was priced in (ISO 4217). */
  currency: z.string(),
  /** Whether its prices included GST (`taxAmount` is then within the total, shipping's GST with it). */
  pricesIncludeTax: z.boolean(),
  /** The shipping method it was priced with, as it was then: its name and price (before any free-above). */
  shippingMethod: z.object({ name: z.string(), price: z.number() }),
  /** The discount code the order used (upper-cased) and what it took off the items. */
  discountCode: z.string().nullable(),
  discountAmount: z.number(),
  /**
   * The cash on delivery fee added to the total when the shopper chose it (0 otherwise): outside GST,
   * or taxed as shipping when the order taxed its charges (`codFeeGst`, its GST on top of it when
   * prices exclude GST).
   */
  codFee: z.number(),
  /** How its GST was split, decided when it was priced: CGST + SGST within the seller's state, IGST across. */
  supplyType: z.enum(["intra-state", "inter-state"]),
  /**
   * Shipping as the invoice prints it: its value before GST and its GST, at the highest rate among the
   * goods when the order taxed its charges; all 0 when shipping was outside GST (decision 047).
   */
  shippingGst: z.object({
    rate: z.number(),
    taxableValue: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
  }),
  /** The COD fee as the invoice prints it, as `shippingGst` (all 0: outside GST, or no fee). */
  codFeeGst: z.object({
    rate: z.number(),
    taxableValue: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
  }),
  /**
   * Cash on delivery: the payment waiting for (or holding) the cash, and whether staff recorded it
   * collected; null for an order paid otherwise. Shown to every staff member (managers collect too).
   */
  cashOnDelivery: z.object({ payment: z.string(), collected: z.boolean() }).nullable(),
  /**
   * The shopper's confirmation of a cash on delivery order before it ships (COD_CONFIRMATIONS): pending
   * until they confirm (the email's link or the order page) or staff confirm by phone, cancelled when
   * the owner's hours passed first; null for an order not paid in cash on delivery. NOTE: each value
   * a member of the union with null, as ActorDto's: an enum with null became a nullable enum without
   * null among its values, which OpenAPI 3.0 answers null to with a refusal.
   */
  codConfirmation: z.union([...COD_CONFIRMATIONS.map((value) => z.literal(value)), z.null()]),
  /**
   * What paying online took off the goods (the owner's offer while cash on delivery was offered; 0:
   * none): within the lines' discount shares, their GST worked out on what is left (decision 037).
   */
  onlineDiscount: z.number(),
  /**
   * What the shopper's store credit pays of the total (a means of payment, not a discount: the
   * invoice's total is unchanged); the rest is paid online. 0: none (decision 042).
   */
  storeCreditUsed: z.number(),
  /** The GST invoice's number ("INV/2026-27/000001"), given at payment; null while unpaid. */
  invoiceNumber: z.string().nullable(),
  /** `phoneNumber` is null for a manager. */
  shippingAddress: ShippingAddressDto.extend({ phoneNumber: z.string().nullable() }),
  /** Null until paid, and always for a manager. */
  payment: OrderPaymentDto.nullable(),
  products: z.array(OrderLineDto),
  history: z.array(OrderEventDto),
  /** The order's parcels, oldest first. */
  shipments: z.array(ShipmentDto),
  /** Returns asked for, newest first. */
  returns: z.array(OrderReturnDto),
});
export type OrderDto = z.infer<typeof OrderDto>;

/** An order in a list: no lines, just what the tables show. */
export const OrderSummaryDto = OrderDto.omit({
  products: true,
  history: true,
  shipments: true,
  returns: true,
}).extend({
  itemCount: z.number().int(),
});
export type OrderSummaryDto = z.infer<typeof OrderSummaryDto>;

/**
 * POST /orders/{orderId}/confirm-cod: the token of the confirmation email's link, from anyone holding
 * it; without one, the order's signed-in shopper or staff (by phone) confirm it.
 */
export const ConfirmCodInput = z
  .object({
    token: z
      .string({ error: validation.required })
      .trim()
      .min(1, validation.required)
      .max(200, validation.maxLength(200))
      .optional(),
  })
  .strict();
export type ConfirmCodInput = z.infer<typeof ConfirmCodInput>;

/** What confirming a cash on delivery order answers: the order by its number, and its confirmation now. */
export const CodConfirmedDto = z.object({
  _id: z.string(),
  number: z.number().int(),
  codConfirmation: z.enum(COD_CONFIRMATIONS),
});
export type CodConfirmedDto = z.infer<typeof CodConfirmedDto>;
