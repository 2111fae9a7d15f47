/** Business constants and limits (docs/spec.md section 9, docs/design.md section 4). */

export const PAGE_SIZES = [8, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 8;
export const DEFAULT_PAGE = 1;
/** The largest page any list answers; larger requests are clamped to it. */
export const MAX_PAGE_SIZE = 1000;
/** The customer list and the media picker ask for this many items at once. */
export const PICKER_PAGE_SIZE = 1000;
/**
 * The most rows a dashboard list counts: past it, `meta.total` is this and `meta.totalCapped` true
 * ("10,000+ orders"), so that no list counts a million rows to show one page (docs/decisions/034).
 */
export const COUNT_CAP = 10_000;

export const ROLES = ["admin", "manager", "customer"] as const;
export type Role = (typeof ROLES)[number];
/** Roles that may enter the dashboard. */
export const STAFF_ROLES = ["admin", "manager"] as const satisfies readonly Role[];

export const ORDER_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A cash on delivery order's confirmation by the shopper before it ships: pending from placement,
 * confirmed (through the email's link, the order page, or staff by phone), cancelled unconfirmed.
 */
export const COD_CONFIRMATIONS = ["pending", "confirmed", "cancelled"] as const;
export type CodConfirmation = (typeof COD_CONFIRMATIONS)[number];

/**
 * Why a parcel came back undelivered (return to origin, RTO), as staff mark it: refused at the door,
 * the shopper not reachable, the address wrong, or another reason. Only a refusal bars the shopper
 * from cash on delivery (the owner's cod.blockAfterRefusal).
 */
export const RTO_REASONS = ["refused", "unreachable", "wrong_address", "other"] as const;
export type RtoReason = (typeof RTO_REASONS)[number];

/**
 * Where a parcel booked with a courier aggregator (Shiprocket) is, from its tracking: picked up, in
 * transit, out for delivery (the shopper is told), delivered, undelivered (a non-delivery report, NDR:
 * staff ask a re-attempt or a return), and on its way back to the shop (RTO) or back there.
 */
export const TRACKING_STATUSES = [
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "undelivered",
  "rto_initiated",
  "rto_delivered",
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** What staff ask the courier for an undelivered parcel: try again, or bring it back (RTO). */
export const NDR_ACTIONS = ["reattempt", "return"] as const;
export type NdrActionName = (typeof NDR_ACTIONS)[number];

/**
 * How far an order's goods have gone, as its parcels tell it: nothing shipped, some units shipped
 * and some left, every unit shipped, every parcel delivered. The status stays SPEC's; this is what a
 * processing order with parcels out reads as ("Partially shipped").
 */
export const FULFILMENT_STATES = ["unfulfilled", "partially_shipped", "shipped", "delivered"] as const;
export type Fulfilment = (typeof FULFILMENT_STATES)[number];

/**
 * The kinds of rows of an order's history: placed, paid, a staff status change, cancelled
 * (by the shopper, staff, or the hold expiry with no actor), a staff note, a refund with its amount,
 * a shipment sent and a shipment delivered (its carrier and number in the note), a return's step, and
 * "cod": the shopper chose cash on delivery (with the amount to collect; its payment waits for the
 * cash), or, without an amount, confirmed it so that it ships (staff by phone: a note says so).
 */
export const ORDER_EVENT_TYPES = [
  "placed",
  "paid",
  "cod",
  "status",
  "cancelled",
  "note",
  "refunded",
  "shipment",
  "delivery",
  "return",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
/**
 * A return of delivered units: asked for by the shopper, approved or rejected by staff, received
 * (the units back in stock) and refunded.
 */
export const RETURN_STATUSES = ["requested", "approved", "rejected", "received", "refunded"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_REASONS = ["wrong_size", "damaged", "not_as_described", "changed_mind"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** Which return status may follow which. */
export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["approved", "rejected"],
  approved: ["received", "rejected"],
  rejected: [],
  received: ["refunded"],
  refunded: [],
};
/** The longest note or message of a return. */
export const MAX_RETURN_NOTE = 1000;

/** The longest staff note on an order. */
export const MAX_ORDER_NOTE = 1000;
/** The longest reason given for a refund. */
export const MAX_REFUND_REASON = 500;
/** The first order number; later orders count up from it (#1001, #1002, ...). */
export const FIRST_ORDER_NUMBER = 1001;

/**
 * A payment is pending until the provider answers, then completed or failed; refunds then move a
 * completed payment to partially_refunded and, once all of it went back, refunded.
 */
export const PAYMENT_STATUSES = ["pending", "completed", "partially_refunded", "refunded", "failed"] as const;
/** An order's payment state as the staff's orders lists show and filter it: a payment's status, or none. */
export const PAYMENT_STATES = ["none", ...PAYMENT_STATUSES] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** The states of a payment whose money the shop took (some or all of it may have gone back since). */
export const TAKEN_PAYMENT_STATUSES = ["completed", "partially_refunded", "refunded"] as const;

/** The messages the shop sends. */
export const EMAIL_KINDS = [
  "passwordReset",
  "passwordChanged",
  "emailChanged",
  "twoFactorEnabled",
  "twoFactorDisabled",
  "welcome",
  "orderPlaced",
  "orderCodConfirmed",
  "paymentReceived",
  "orderShipped",
  "orderOutForDelivery",
  "orderDelivered",
  "orderCancelled",
  "orderRefunded",
  "returnUpdate",
  "webhookDisabled",
  "backInStock",
  "cartReminder",
  "disputeOpened",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 60;
/** Waits before each further attempt of a message that failed; past the last, it is marked failed. */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A refund is pending while the provider is asked, completed once it confirmed. */
export const REFUND_STATUSES = ["pending", "completed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * "cod": cash on delivery, a payment that completes when staff record the cash collected.
 * "razorpay": India's Checkout (UPI, cards, netbanking, wallets), the payment keeping its method.
 */
export const PAYMENT_GATEWAYS = ["paypal", "test", "cod", "razorpay", "store_credit"] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/**
 * A payment a provider took that its order could not take (decision 046): a second payment of a paid
 * order, or one that landed after the order was closed. It is refunded in full through its provider
 * ("refunding" until the provider confirms, then "refunded"), or "held" for staff to review when the
 * owner asks so (Settings → Checkout).
 */
export const UNMATCHED_PAYMENT_STATES = ["refunding", "refunded", "held"] as const;
export type UnmatchedPaymentState = (typeof UNMATCHED_PAYMENT_STATES)[number];
export const UNMATCHED_PAYMENT_REASONS = ["second_payment", "order_closed"] as const;
export type UnmatchedPaymentReason = (typeof UNMATCHED_PAYMENT_REASONS)[number];
/** The providers whose money can arrive unmatched: the ones that take it online. */
export const ONLINE_GATEWAYS = ["razorpay", "paypal", "test"] as const;
export type OnlineGateway = (typeof ONLINE_GATEWAYS)[number];

/**
 * How long a payment's claim on its order holds (modules/payments/repo-unmatched.ts): longer than a capture
 * can take (every provider call times out within 15 s), so that the hold sweep never cancels an order
 * whose money is on its way; a claim older than this is taken over by the next payment or sweep.
 */
export const PAYMENT_CLAIM_SECONDS = 120;

/**
 * A payment's dispute (chargeback) as the provider reports it (docs/decisions/045-disputes.md):
 * open until the shop answers, under review once it has, then won, lost (the money is gone) or
 * closed (ended without a verdict). The last three never change again.
 */
export const DISPUTE_STATES = ["open", "under_review", "won", "lost", "closed"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];
/** The states a dispute ends in. */
export const FINAL_DISPUTE_STATES = ["won", "lost", "closed"] as const satisfies readonly DisputeState[];
/** The providers whose webhooks report disputes. */
export const DISPUTE_PROVIDERS = ["razorpay", "paypal"] as const;
export type DisputeProvider = (typeof DISPUTE_PROVIDERS)[number];
/** The longest note kept with the evidence sent for a dispute. */
export const MAX_DISPUTE_NOTE = 1000;
/** The most disputes a list answers, newest first. */
export const DISPUTE_LIST_MAX = 200;

/** Why a shopper's store credit moved: a refund to it, an order paid with it, staff by hand, a use given back. */
export const STORE_CREDIT_KINDS = ["refund", "order", "adjustment", "reversal"] as const;
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

/** How many of a shopper's store credit entries one read answers, newest first. */
export const STORE_CREDIT_PAGE = 50;

/** Razorpay takes the shop's payments in rupees; the pay page offers it for INR orders only. */
export const RAZORPAY_CURRENCY = "INR";

/**
 * The least each online provider takes, in the currency's smallest unit (decision 042): Razorpay ₹1
 * (100 paise, its minimum order amount); PayPal and the test gateway one cent. Store credit never
 * leaves less than this to pay: it pays all of the order, or leaves at least the minimum.
 */
export const PROVIDER_MINIMUM_CENTS = { razorpay: 100, paypal: 1, test: 1 } as const;

export const CURRENCY = "USD";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_SPECIALS = "@$!%*#?&";
/** At least 6 characters: a letter, a digit and one of @$!%*#?&, and nothing else. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[@$!%*#?&])[A-Za-z\d@$!%*#?&]{6,}$/;
/** Longest password accepted; argon2 hashes it all, this bounds the work per request. */
export const PASSWORD_MAX_LENGTH = 128;

export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

export const ADDRESS_LIMITS = {
  phoneNumber: 10,
  building: 10,
  street: 10,
  city: 3,
  state: 3,
  pinCode: 6,
  country: 3,
} as const;
export const ADDRESS_MAX_LENGTH = 200;
export const DEFAULT_COUNTRY_CODE = "91";
export const DEFAULT_COUNTRY = "India";
/** Only these are offered in the address form (SPEC section 5). */
export const COUNTRY_CODES = ["91"] as const;
export const COUNTRIES = ["India"] as const;

export const PRODUCT_NAME_MIN = 5;
export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MIN = 50;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRICE_MAX = 9_999_999_999.99;
export const STOCK_MAX = 1_000_000;

/** Options (Size, Colour) and variants of a product (docs/design.md section 8). */
export const PRODUCT_OPTIONS_MAX = 3;
export const OPTION_NAME_MAX = 30;
export const OPTION_VALUES_MAX = 50;
export const OPTION_VALUE_MAX = 30;
export const PRODUCT_VARIANTS_MAX = 100;
export const SKU_MAX = 64;
/** A SKU: letters, digits, dash, underscore and dot. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;

export const REVIEW_TITLE_MIN = 10;
export const REVIEW_TITLE_MAX = 150;
export const REVIEW_COMMENT_MIN = 20;
export const REVIEW_COMMENT_MAX = 2000;
/** The longest reply of the shop under a review. */
export const MAX_REVIEW_REPLY = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const CATEGORY_NAME_MAX = 80;
export const KEYWORD_MAX = 100;

/**
 * The shop's clock (India, no daylight saving): the days of the orders lists' date range begin and
 * end at midnight here, as the invoices' dates and financial years are read in India.
 */
export const SHOP_UTC_OFFSET = "+05:30";

/** Shipping is free when the items price is above this, otherwise SHIPPING_FEE. */
export const FREE_SHIPPING_ABOVE = 5000;
export const SHIPPING_FEE = 80;
/** GST, as a percentage of the items price. */
export const TAX_PERCENT = 18;

export const LOW_STOCK_THRESHOLD = 10;
export const RECENTLY_VIEWED_MAX = 8;
export const RECENTLY_VIEWED_DELAY_MS = 1000;

export const TOAST_AUTO_CLOSE_MS = 5000;
export const CATEGORY_CACHE_SECONDS = 5;
export const DEFAULT_CACHE_MS = 60_000;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
export const MEDIA_WIDTHS = [320, 640, 1024] as const;

/** Unpaid pending orders are cancelled after this many minutes (ORDER_HOLD_MINUTES overrides). */
export const ORDER_HOLD_MINUTES = 30;

/**
 * Against stock hoarding: unpaid orders one shopper may hold at once (MAX_UNPAID_ORDERS overrides)
 * and units of one product in one order (MAX_QUANTITY_PER_LINE overrides).
 */
export const ORDER_LIMITS = { maxUnpaidOrders: 3, maxQuantityPerLine: 10 } as const;

export const SESSION_COOKIE = "shop_session";
export const SESSION_TTL_DAYS = 30;
/**
 * How long a second step of two-step sign-in stays fresh for the changes that ask for one again
 * (roles, webhook endpoints, payment and tax settings, refunds).
 */
export const FRESH_SECOND_STEP_MINUTES = 15;

/** Sign-in and registration attempts allowed per client address per window. */
export const AUTH_RATE_LIMIT = { max: 10, windowMs: 60_000 } as const;

/** Discount codes: what a code takes off, and which items it looks at. */
export const DISCOUNT_TYPES = ["percentage", "fixed", "free_shipping"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_SCOPES = ["all", "categories", "products"] as const;
/** A code is 3 to 32 letters, digits, dashes or underscores, compared upper-cased. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
/** A cart merge's key: 32 hex digits the device draws for the copy it sends (CartMergeInput). */
export const MERGE_KEY_PATTERN = /^[0-9a-f]{32}$/;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];
/** How the dashboard's list filters codes: by their dates, switch and uses at the time of asking. */
export const DISCOUNT_STATUSES = ["active", "scheduled", "expired", "used-up", "inactive"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** The most data rows a product CSV import takes (the header row aside). */
export const PRODUCT_IMPORT_ROWS_MAX = 10_000;

/** The orders a product list may be sorted in; `relevance` only with a keyword. */
export const PRODUCT_SORTS = [
  "relevance",
  "newest",
  "best-selling",
  "price-asc",
  "price-desc",
  "rating",
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The "n stars and up" steps of the rating filter and facet, highest first. */
export const RATING_STEPS = [4, 3] as const;

/**
 * Webhooks (docs/decisions/024-webhooks.md): the events an endpoint may ask for, exactly as their
 * payloads name them in `type`.
 */
export const WEBHOOK_EVENTS = [
  "order.created",
  "order.paid",
  "order.status_changed",
  "order.refunded",
  "shipment.created",
  "product.created",
  "product.updated",
  "product.deleted",
  "inventory.low",
  "customer.created",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** A delivery waits (pending, between its attempts too), got a 2xx (succeeded), or ran out of attempts (failed). */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/**
 * Waits before each further attempt of a delivery that failed (the Standard Webhooks schedule, cut
 * to a day): the eighth attempt comes about 23.6 hours after the first; past it the delivery is
 * failed, and its endpoint disabled unless another delivery to it succeeded meanwhile.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  5 * 60 * 60_000,
  8 * 60 * 60_000,
  8 * 60 * 60_000,
] as const;
/** The longest endpoint URL. */
export const WEBHOOK_URL_MAX = 2048;
