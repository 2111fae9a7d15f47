/**
 * The shop's own rules, set in the dashboard (docs/design.md section 8): its details, currency,
 * taxes, shipping methods, checkout limits, and carriers and returns (fulfilment). Each section is saved on its own; SPEC's values (and
 * the environment's, for the store and the limits) are the defaults until the owner changes one.
 */
import { z } from "zod";
import { PRICE_MAX, STOCK_MAX, TAX_PERCENT } from "../constants";
import { isCalendarDay } from "../delivery-dates";
import { deliveryValidation, validation } from "../messages";
import { PINCODE_PATTERN, pincodeOf } from "../pincode-states";
import { IndianStateName } from "./address";
import { boolean, Id, ListQuery, number, text } from "./common";
import { MarketingSettings } from "./marketing";
import { DEFAULT_SHIPROCKET, ShiprocketSettings, ShiprocketSettingsDto } from "./parcel";
import { StoreSettings } from "./store-settings";
import { WhatsAppSettings } from "./whatsapp-settings";

export { GSTIN_PATTERN, Signatory, StoreSettings, UTC_OFFSET_PATTERN } from "./store-settings";

export const SETTINGS_SECTIONS = [
  "store",
  "currency",
  "taxes",
  "shipping",
  "checkout",
  "fulfilment",
  "inventory",
  "security",
  "marketing",
  "whatsapp",
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** An HSN (or SAC) code: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
/**
 * The rates GST 2.0 charges goods at (from 22 September 2025: GST.md, "Rates"), the dashboard's
 * presets; a product may carry any rate from 0 to MAX_TAX_RATE.
 */
export const TAX_RATES = [0, 5, 18, 40] as const;
export const MAX_TAX_RATE = 50;
export const MAX_SHIPPING_METHODS = 20;
/** Where a shipping method delivers: the states it names (or all), or the PIN codes of its list. */
export const SHIPPING_SERVES = ["states", "pincodes"] as const;
export type ShippingServes = (typeof SHIPPING_SERVES)[number];
/** The most days a delivery may take (a method's, a PIN code's). */
export const MAX_DELIVERY_DAYS = 60;
/** The most holidays the dispatch rules list. */
export const MAX_HOLIDAYS = 100;
/** The longest an unpaid order may be held: a week. */
export const MAX_HOLD_MINUTES = 7 * 24 * 60;
/**
 * The most unpaid orders the owner may let one shopper hold, unless the server was started with more:
 * MAX_UNPAID_ORDERS (apps/api/src/config.ts) above it raises the settings' most to its own value (a
 * load test's, a wholesale shop's), so that the environment and the settings keep one limit and a
 * checkout section first filled from the environment can be saved as it reads.
 */
export const MAX_UNPAID_ORDERS_LIMIT = 50;
/** The most MAX_UNPAID_ORDERS may raise it to (a value above stops the server at start). */
export const MAX_UNPAID_ORDERS_CEILING = 1_000_000;

/** The most unpaid orders the settings accept on a server started with MAX_UNPAID_ORDERS `fromEnvironment`. */
export function mostUnpaidOrders(fromEnvironment: number): number {
  return Math.max(MAX_UNPAID_ORDERS_LIMIT, Math.min(fromEnvironment, MAX_UNPAID_ORDERS_CEILING));
}

/** Whole hundredths (paise, cents), as a refinement: JSON Schema's multipleOf 0.01 misjudges floats. */
const inHundredths = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const money = () => number({ min: 0, max: PRICE_MAX }).refine(inHundredths, validation.cents);

/** Whether Intl writes amounts in this ISO 4217 currency (an unknown code throws, a lower-case one is refused). */
function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf("currency").includes(code);
}

function isLocale(locale: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

export const CurrencySettings = z
  .object({
    code: z
      .string({ error: validation.currencyCode })
      .trim()
      .toUpperCase()
      .refine(isCurrency, validation.currencyCode),
    /** How amounts are written (Intl.NumberFormat): en-IN writes ₹1,23,456.00. */
    locale: z
      .string({ error: validation.locale })
      .trim()
      .min(2, validation.locale)
      .refine(isLocale, validation.locale),
  })
  .strict();
export type CurrencySettings = z.infer<typeof CurrencySettings>;

export const TaxRate = number({ min: 0, max: MAX_TAX_RATE }).refine(inHundredths, validation.cents);
export const HsnCode = z.string({ error: validation.hsnCode }).trim().regex(HSN_PATTERN, validation.hsnCode);

export const TaxSettings = z
  .object({
    /** Prices are entered with tax included (the tax is taken out of them) or tax is added on top. */
    pricesIncludeTax: boolean(),
    /** The rate of a product whose own rate and category's are not set, in percent. */
    defaultRate: TaxRate,
    defaultHsn: HsnCode,
    /**
     * Shipping and the cash on delivery fee are part of the supply, taxed with the goods at the
     * highest rate among them (CGST Act, sections 8 and 15(2)(c); decision 047). Off (SPEC's tax on
     * the items alone): they stay outside GST. Absent from a section saved before it: off.
     */
    chargesTaxed: boolean().default(false),
  })
  .strict();
export type TaxSettings = z.infer<typeof TaxSettings>;

/** SPEC's taxes: 18% added on top; the HSN heading of garments (knitted T-shirts, 6109), a clothing shop's usual default. */
export const SPEC_TAX_SETTINGS: TaxSettings = {
  pricesIncludeTax: false,
  defaultRate: TAX_PERCENT,
  defaultHsn: "6109",
  chargesTaxed: false,
};

export const ShippingMethod = z
  .object(
    {
      _id: Id,
      name: text({ min: 2, max: 60 }),
      price: money(),
      /** Free when the items come to more than this; null: never free. */
      freeAbove: money().nullable(),
      /** "2–4 days", as shoppers read it; null: not said. */
      estimatedDays: text({ max: 40 }).nullable(),
      /** The states (of the shipping address) it serves; null: every state. */
      states: z
        .array(IndianStateName, { error: validation.shippingStates })
        .min(1, validation.shippingStates)
        .max(50, validation.max(50))
        .nullable(),
      enabled: boolean(),
      /**
       * Where it delivers: the states above, or the PIN codes of its uploaded list (PUT
       * /settings/shipping/{methodId}/pincodes), each with its days and whether COD is possible
       * there; its `states` are then null. NOTE: a default, so that a section saved before PIN code
       * lists existed still reads.
       */
      serves: z.enum(SHIPPING_SERVES, { error: validation.oneOf(SHIPPING_SERVES) }).default("states"),
      /**
       * Days a parcel takes, counted from the day it leaves, for a method serving states: its delivery
       * date. null: not said (no date is promised). A method serving PIN codes takes each code's days
       * from its list. NOTE: a default, as `serves`.
       */
      days: number({ min: 1, max: MAX_DELIVERY_DAYS, int: true }).nullable().default(null),
    },
    { error: validation.object },
  )
  .strict();
export type ShippingMethod = z.infer<typeof ShippingMethod>;

/** The dispatch rules' weekdays: 0 is Sunday. */
const Weekday = z
  .number({ error: deliveryValidation.weekday })
  .int(deliveryValidation.weekday)
  .min(0, deliveryValidation.weekday)
  .max(6, deliveryValidation.weekday);

const Holiday = z.string({ error: validation.date }).trim().refine(isCalendarDay, validation.date);

/** When parcels leave (the delivery dates of delivery-dates.ts): the cut-off hour, the days nothing leaves. */
export const DispatchSettings = z
  .object(
    {
      /** Orders placed before this hour (the shop's clock, store settings' offset) leave the same day. */
      cutoffHour: z
        .number({ error: deliveryValidation.cutoffHour })
        .int(deliveryValidation.cutoffHour)
        .min(0, deliveryValidation.cutoffHour)
        .max(23, deliveryValidation.cutoffHour),
      /** Days of the week nothing leaves (0 = Sunday); at least one day must remain. */
      nonDispatchDays: z.array(Weekday, { error: deliveryValidation.weekday }).max(7, validation.max(7)),
      /** Dates nothing leaves, "YYYY-MM-DD". */
      holidays: z.array(Holiday, { error: validation.date }).max(MAX_HOLIDAYS, validation.max(MAX_HOLIDAYS)),
    },
    { error: validation.object },
  )
  .strict()
  .superRefine(({ nonDispatchDays, holidays }, ctx) => {
    nonDispatchDays.forEach((day, index) => {
      if (nonDispatchDays.indexOf(day) !== index)
        ctx.addIssue({
          code: "custom",
          path: ["nonDispatchDays", index],
          message: deliveryValidation.weekdayRepeated,
        });
    });
    if (new Set(nonDispatchDays).size === 7)
      ctx.addIssue({ code: "custom", path: ["nonDispatchDays"], message: deliveryValidation.noDispatchDay });
    holidays.forEach((day, index) => {
      if (holidays.indexOf(day) !== index)
        ctx.addIssue({
          code: "custom",
          path: ["holidays", index],
          message: deliveryValidation.holidayRepeated,
        });
    });
  });
export type DispatchSettings = z.infer<typeof DispatchSettings>;

/** Parcels leave until 2 pm, every day but Sunday. */
export const DEFAULT_DISPATCH: DispatchSettings = { cutoffHour: 14, nonDispatchDays: [0], holidays: [] };

export const ShippingSettings = z
  .object({
    methods: z
      .array(ShippingMethod, { error: validation.shippingMethodEnabled })
      .max(MAX_SHIPPING_METHODS, validation.max(MAX_SHIPPING_METHODS)),
    /** NOTE: a default, so that a section saved before the dispatch rules existed still reads. */
    dispatch: DispatchSettings.default(DEFAULT_DISPATCH),
    /** NOTE: a default too, for a section saved before Shiprocket's settings existed. */
    shiprocket: ShiprocketSettings.default(DEFAULT_SHIPROCKET),
  })
  .strict()
  .superRefine(({ methods }, ctx) => {
    if (!methods.some((method) => method.enabled))
      ctx.addIssue({ code: "custom", path: ["methods"], message: validation.shippingMethodEnabled });
    const names = new Set<string>();
    const ids = new Set<string>();
    methods.forEach((method, index) => {
      const name = method.name.toLowerCase();
      if (names.has(name))
        ctx.addIssue({
          code: "custom",
          path: ["methods", index, "name"],
          message: validation.shippingMethodNames,
        });
      if (ids.has(method._id))
        ctx.addIssue({ code: "custom", path: ["methods", index, "_id"], message: validation.id });
      if (method.serves === "pincodes" && method.states !== null)
        ctx.addIssue({
          code: "custom",
          path: ["methods", index, "states"],
          message: deliveryValidation.pincodeMethodStates,
        });
      names.add(name);
      ids.add(method._id);
    });
  });
export type ShippingSettings = z.infer<typeof ShippingSettings>;

/** The most PIN codes cash on delivery may be refused for. */
export const MAX_COD_BLOCKED_PINCODES = 5_000;
/** The longest a cash on delivery order may wait for the shopper's confirmation: 30 days, in hours. */
export const MAX_COD_CONFIRM_HOURS = 720;

/** PIN codes as the owner lists them: each six digits (spaces dropped), none twice. */
const BlockedPincodes = z
  .array(
    z
      .string({ error: validation.pinCode })
      .transform((text) => pincodeOf(text) ?? text)
      .refine((text) => PINCODE_PATTERN.test(text), validation.pinCode),
    { error: validation.notAnOption },
  )
  .max(MAX_COD_BLOCKED_PINCODES, validation.max(MAX_COD_BLOCKED_PINCODES))
  .superRefine((pincodes, ctx) => {
    const seen = new Set<string>();
    pincodes.forEach((pincode, index) => {
      if (seen.has(pincode))
        ctx.addIssue({ code: "custom", path: [index], message: validation.pincodeRepeated(pincode) });
      seen.add(pincode);
    });
  });

/**
 * Cash on delivery as the owner sets it (docs/decisions/022 and 037): on or off, its limit and fee,
 * whom and where it is refused, the discount for paying online instead, and how long an order waits
 * for the shopper's confirmation. NOTE: every field added after the first three has a default, so
 * that a checkout section saved before it still reads.
 */
export const CodSettings = z
  .object(
    {
      enabled: boolean(),
      /** The highest order total (fee included) that may be paid in cash on delivery. */
      maxOrderValue: money(),
      /** Added to the order's total when the shopper chooses cash on delivery; outside GST. */
      fee: money(),
      /** PIN codes of shipping addresses cash on delivery is refused for. */
      blockedPincodes: BlockedPincodes.default([]),
      /** Refused to a shopper a cash on delivery parcel of whom came back refused (users.cod_refused_at). */
      blockAfterRefusal: boolean().default(true),
      /**
       * Taken off an order paid online while cash on delivery is offered for it (0: no offer), as a
       * discount on the goods: their GST is worked out again on what is left (decision 037).
       */
      onlineDiscount: money().default(0),
      /** Hours a cash on delivery order waits for the shopper's confirmation before it is cancelled. */
      confirmHours: number({ min: 1, max: MAX_COD_CONFIRM_HOURS, int: true }).default(48),
    },
    { error: validation.object },
  )
  .strict();
export type CodSettings = z.infer<typeof CodSettings>;

/** Cash on delivery until the owner turns it on: off, up to 10,000, no fee, 48 hours to confirm. */
export const DEFAULT_COD_SETTINGS: CodSettings = {
  enabled: false,
  maxOrderValue: 10_000,
  fee: 0,
  blockedPincodes: [],
  blockAfterRefusal: true,
  onlineDiscount: 0,
  confirmHours: 48,
};

/**
 * The ways to pay a shop may offer, in SPEC's order (the pay page's until the owner sets another):
 * Razorpay, PayPal (or the offline test gateway, which takes its place where neither real provider
 * is configured), cash on delivery.
 */
export const PAYMENT_METHODS = ["razorpay", "paypal", "test", "cod"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The owner's order of the payment methods, first shown first. Which providers are configured is
 * the server's to know: it refuses the others at their place, and puts those the list leaves out
 * after it in SPEC's order.
 */
export const PaymentMethods = z
  .array(z.enum(PAYMENT_METHODS, { error: validation.oneOf(PAYMENT_METHODS) }), {
    error: validation.notAnOption,
  })
  .max(PAYMENT_METHODS.length, validation.max(PAYMENT_METHODS.length))
  .superRefine((methods, ctx) => {
    methods.forEach((method, index) => {
      if (methods.indexOf(method) !== index)
        ctx.addIssue({ code: "custom", path: [index], message: validation.paymentMethodRepeated });
    });
  });

export const CheckoutSettings = z
  .object({
    /** Minutes an unpaid order holds its stock before it is cancelled. */
    holdMinutes: number({ min: 5, max: MAX_HOLD_MINUTES, int: true }),
    /** At most MAX_UNPAID_ORDERS_LIMIT, or the server's MAX_UNPAID_ORDERS above it (mostUnpaidOrders; checked by the API). */
    maxUnpaidOrders: number({ min: 1, max: MAX_UNPAID_ORDERS_CEILING, int: true }),
    /** Units of one product (variant) one order may hold; at most MAX_LINE_QUANTITY (schemas/order.ts). */
    maxQuantityPerLine: number({ min: 1, max: 100, int: true }),
    /** The least the items of an order may come to; 0: no minimum. */
    minimumOrder: money(),
    /** NOTE: a default, so that a section saved before cash on delivery existed still reads. */
    cod: CodSettings.default(DEFAULT_COD_SETTINGS),
    /** NOTE: a default, so that a section saved before the owner could order them still reads (SPEC's order). */
    paymentMethods: PaymentMethods.default([]),
    /**
     * Money a provider took that its order could not take (decision 046) is refunded at once, unless
     * the owner holds it for review. NOTE: a default, for a section saved before it existed.
     */
    holdUnmatchedPayments: boolean().default(false),
  })
  .strict();
export type CheckoutSettings = z.infer<typeof CheckoutSettings>;

/** What a carrier's tracking link template holds where the shipment's tracking number goes. */
export const TRACKING_NUMBER_TOKEN = "{number}";
/** The carrier staff pick for one not in the settings: a shipment without a tracking link. */
export const OTHER_CARRIER = "Other";
export const MAX_CARRIERS = 20;
export const MAX_RETURN_WINDOW_DAYS = 90;

/** https://, a host with a dot (and maybe a port), then a path or query without spaces. */
const TRACKING_URL_PATTERN = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s<>"]*)?$/i;

/** An https address with {number} in it, once the number is put in its place. */
export function isTrackingTemplate(template: string): boolean {
  return template.includes(TRACKING_NUMBER_TOKEN) && TRACKING_URL_PATTERN.test(template);
}

/** A carrier's tracking link for a number: the template with the number (URL-encoded) in its place. */
export function trackingUrlOf(template: string, trackingNumber: string): string {
  return template.replaceAll(TRACKING_NUMBER_TOKEN, encodeURIComponent(trackingNumber));
}

export const Carrier = z
  .object(
    {
      _id: Id,
      name: text({ min: 2, max: 60 }),
      /** "https://track.example/{number}": the shopper's link to follow a parcel. */
      trackingUrl: z
        .string({ error: validation.trackingUrl })
        .trim()
        .max(500, validation.maxLength(500))
        .refine(isTrackingTemplate, validation.trackingUrl),
    },
    { error: validation.object },
  )
  .strict();
export type Carrier = z.infer<typeof Carrier>;

export const FulfilmentSettings = z
  .object({
    carriers: z
      .array(Carrier, { error: validation.notAnOption })
      .max(MAX_CARRIERS, validation.max(MAX_CARRIERS)),
    /** Days after a parcel's delivery during which the shopper may ask to return its units. */
    returnWindowDays: number({ min: 0, max: MAX_RETURN_WINDOW_DAYS, int: true }),
  })
  .strict()
  .superRefine(({ carriers }, ctx) => {
    const names = new Set<string>([OTHER_CARRIER.toLowerCase()]);
    const ids = new Set<string>();
    carriers.forEach((carrier, index) => {
      const name = carrier.name.toLowerCase();
      if (names.has(name))
        ctx.addIssue({ code: "custom", path: ["carriers", index, "name"], message: validation.carrierNames });
      if (ids.has(carrier._id))
        ctx.addIssue({ code: "custom", path: ["carriers", index, "_id"], message: validation.id });
      names.add(name);
      ids.add(carrier._id);
    });
  });
export type FulfilmentSettings = z.infer<typeof FulfilmentSettings>;

/** The carriers an Indian shop starts with, and a week to return. */
export const DEFAULT_FULFILMENT_SETTINGS: FulfilmentSettings = {
  carriers: [
    {
      _id: "6740a0000000000000000c01",
      name: "Blue Dart",
      trackingUrl: "https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={number}",
    },
    {
      _id: "6740a0000000000000000c02",
      name: "Delhivery",
      trackingUrl: "https://www.delhivery.com/track/package/{number}",
    },
    {
      _id: "6740a0000000000000000c03",
      name: "India Post",
      trackingUrl:
        "https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment={number}",
    },
  ],
  returnWindowDays: 7,
};
export const InventorySettings = z
  .object({
    /** A variant with this many units or fewer (but some) is low in stock: the dashboard marks it. */
    lowStockThreshold: number({ min: 0, max: STOCK_MAX, int: true }),
  })
  .strict();
export type InventorySettings = z.infer<typeof InventorySettings>;
/** Who must sign in with two steps: staff, when the owner turns it on. */
export const SecuritySettings = z.object({ requireStaffTwoFactor: boolean() }).strict();
export type SecuritySettings = z.infer<typeof SecuritySettings>;

/** Each section's schema, by its name (PUT /settings/{section}). */
export const SETTINGS_SCHEMAS = {
  store: StoreSettings,
  currency: CurrencySettings,
  taxes: TaxSettings,
  shipping: ShippingSettings,
  checkout: CheckoutSettings,
  fulfilment: FulfilmentSettings,
  inventory: InventorySettings,
  security: SecuritySettings,
  marketing: MarketingSettings,
  whatsapp: WhatsAppSettings,
} as const;

/** Every section as it applies now. */
export const Settings = z.object({
  store: StoreSettings,
  currency: CurrencySettings,
  taxes: TaxSettings,
  shipping: ShippingSettings,
  checkout: CheckoutSettings,
  fulfilment: FulfilmentSettings,
  inventory: InventorySettings,
  security: SecuritySettings,
  marketing: MarketingSettings,
  whatsapp: WhatsAppSettings,
});
export type Settings = z.infer<typeof Settings>;

/**
 * GET /settings (staff): the same shape, as a description of what is answered rather than a check
 * of what may be saved. NOTE: a section never saved answers its first values, which come from the
 * environment (MAX_UNPAID_ORDERS, ORDER_HOLD_MINUTES, STORE_PHONE...) and may lie outside what the
 * form accepts (ORDER_HOLD_MINUTES below 5); the form then asks for a value it accepts before saving.
 * MAX_UNPAID_ORDERS is never outside it: it raises the settings' most (mostUnpaidOrders).
 */
export const SettingsDto = z.object({
  store: z.object({
    name: z.string(),
    legalName: z.string(),
    signatory: z.object({ name: z.string(), designation: z.string() }).nullable(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    gstin: z.string(),
    state: z.string(),
    utcOffset: z.string(),
  }),
  currency: z.object({ code: z.string(), locale: z.string() }),
  taxes: z.object({
    pricesIncludeTax: z.boolean(),
    defaultRate: z.number(),
    defaultHsn: z.string(),
    chargesTaxed: z.boolean(),
  }),
  shipping: z.object({
    methods: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        price: z.number(),
        freeAbove: z.number().nullable(),
        estimatedDays: z.string().nullable(),
        states: z.array(z.string()).nullable(),
        enabled: z.boolean(),
        serves: z.enum(SHIPPING_SERVES),
        days: z.number().nullable(),
      }),
    ),
    dispatch: z.object({
      cutoffHour: z.number(),
      nonDispatchDays: z.array(z.number()),
      holidays: z.array(z.string()),
    }),
    shiprocket: ShiprocketSettingsDto,
  }),
  checkout: z.object({
    holdMinutes: z.number(),
    maxUnpaidOrders: z.number(),
    maxQuantityPerLine: z.number(),
    minimumOrder: z.number(),
    cod: z.object({
      enabled: z.boolean(),
      maxOrderValue: z.number(),
      fee: z.number(),
      blockedPincodes: z.array(z.string()),
      blockAfterRefusal: z.boolean(),
      onlineDiscount: z.number(),
      confirmHours: z.number(),
    }),
    /** Every configured provider and cash on delivery, in the order the pay page shows them. */
    paymentMethods: z.array(z.enum(PAYMENT_METHODS)),
    /** Money no order could take is held for staff to review, not refunded at once (decision 046). */
    holdUnmatchedPayments: z.boolean(),
  }),
  fulfilment: z.object({
    carriers: z.array(z.object({ _id: z.string(), name: z.string(), trackingUrl: z.string() })),
    returnWindowDays: z.number(),
  }),
  inventory: z.object({ lowStockThreshold: z.number() }),
  security: z.object({ requireStaffTwoFactor: z.boolean() }),
  marketing: z.object({
    abandonedCheckout: z.object({
      enabled: z.boolean(),
      firstAfterMinutes: z.number(),
      secondAfterHours: z.number(),
      discountCode: z.string().nullable(),
    }),
  }),
  whatsapp: WhatsAppSettings,
});

export const SettingsSectionParams = z.object({
  section: z.enum(SETTINGS_SECTIONS, { error: validation.oneOf(SETTINGS_SECTIONS) }),
});

/** A change of the settings, as the history lists it: who changed which section, and from what to what. */
export const SettingsChange = z.object({
  _id: Id,
  section: z.enum(SETTINGS_SECTIONS),
  at: z.string(),
  by: z.object({ _id: Id.nullable(), name: z.string() }),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type SettingsChange = z.infer<typeof SettingsChange>;

/** GET /settings/history: newest first, paged as every list. */
export const SettingsHistoryQuery = ListQuery.pick({ page: true, size: true });
