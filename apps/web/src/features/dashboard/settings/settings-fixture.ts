import { DEFAULT_SHIPROCKET } from "@shop/shared/schemas/parcel";
import type { Settings } from "@shop/shared/schemas/settings";
import { DEFAULT_WHATSAPP_SETTINGS } from "@shop/shared/schemas/whatsapp";

/** A rupee shop's settings as GET /api/settings answers them, for the Settings page's tests. */
export const SETTINGS: Settings = {
  store: {
    name: "Shop Demo",
    legalName: "Shop Demo Retail Pvt. Ltd.",
    signatory: null,
    email: "support@example.com",
    phone: "+91 22 4000 1234",
    address: "12 Marine Drive, Mumbai 400002",
    gstin: "27AAPFU0939F1ZV",
    state: "Maharashtra",
    utcOffset: "+05:30",
  },
  currency: { code: "INR", locale: "en-IN" },
  taxes: { pricesIncludeTax: false, defaultRate: 18, defaultHsn: "6109", chargesTaxed: false },
  shipping: {
    methods: [
      {
        _id: "5a5a5a5a5a5a5a5a5a5a5a5a",
        name: "Standard",
        price: 50,
        freeAbove: 999,
        estimatedDays: "3–5 days",
        states: null,
        enabled: true,
        serves: "states",
        days: 4,
      },
      {
        _id: "6b6b6b6b6b6b6b6b6b6b6b6b",
        name: "Express",
        price: 150,
        freeAbove: null,
        estimatedDays: null,
        states: ["Maharashtra", "Goa"],
        enabled: true,
        serves: "states",
        days: null,
      },
    ],
    dispatch: { cutoffHour: 14, nonDispatchDays: [0], holidays: ["2026-11-08"] },
    shiprocket: DEFAULT_SHIPROCKET,
  },
  checkout: {
    holdMinutes: 30,
    maxUnpaidOrders: 3,
    maxQuantityPerLine: 10,
    minimumOrder: 0,
    holdUnmatchedPayments: false,
    cod: {
      enabled: false,
      maxOrderValue: 10000,
      fee: 0,
      blockedPincodes: ["110001"],
      blockAfterRefusal: true,
      onlineDiscount: 0,
      confirmHours: 48,
    },
    paymentMethods: ["razorpay", "paypal", "cod"],
  },
  fulfilment: {
    carriers: [
      { _id: "7c7c7c7c7c7c7c7c7c7c7c7c", name: "Delhivery", trackingUrl: "https://track.example/{number}" },
    ],
    returnWindowDays: 7,
  },
  inventory: { lowStockThreshold: 10 },
  security: { requireStaffTwoFactor: false },
  marketing: {
    abandonedCheckout: { enabled: false, firstAfterMinutes: 60, secondAfterHours: 24, discountCode: null },
  },
  whatsapp: DEFAULT_WHATSAPP_SETTINGS,
};
