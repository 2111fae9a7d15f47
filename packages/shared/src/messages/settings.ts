/** The dashboard's settings page. */

/**
 * The dashboard's Settings page (/dashboard/settings): the shop's own rules section by section
 * (docs/design.md section 8), each saved on its own, and the history of their changes (admins).
 */
export const settingsPage = {
  title: "Settings",
  /** Said to a manager, who reads the settings but cannot change them. */
  readOnly: "Only an admin can change the settings. You can read them here.",
  save: "Save",
  /** A section's Save button for screen readers, among the page's five: "Save Store". */
  saveSection: (section: string) => `Save ${section}`,
  /** The success toast of a section: "Store saved successfully.". */
  saved: (section: string) => `${section} saved successfully.`,
  saveFailed: "An error occurred while saving the settings.",
  sections: {
    store: {
      title: "Store",
      description: "Who the shop is: on the header, emails, invoices and the contact page.",
    },
    currency: { title: "Currency", description: "The currency prices are in, and how amounts are written." },
    taxes: {
      title: "Taxes",
      description: "How GST is worked out for products that set no rate of their own.",
    },
    shipping: {
      title: "Shipping methods",
      description: "What shoppers can choose at checkout, and what it costs.",
    },
    checkout: {
      title: "Checkout limits",
      description: "How long unpaid orders hold stock, and what an order may hold.",
    },
    fulfilment: {
      title: "Carriers and returns",
      description: "The carriers orders ship with, and how long shoppers have to return.",
    },
    inventory: {
      title: "Inventory",
      description: "When a product's stock counts as low on the dashboard.",
    },
    security: {
      title: "Security",
      description: "How staff sign in to the dashboard.",
    },
    marketing: {
      title: "Abandoned checkout reminders",
      description:
        "Emails to signed-in shoppers whose cart reached checkout without an order: at most two, with today's prices.",
    },
    whatsapp: {
      title: "WhatsApp",
      description:
        "Order updates and reminders on WhatsApp, to shoppers who agreed to them: each event through a template Meta approved.",
    },
  },
  marketing: {
    enabled: "Send reminders",
    enabledHint: "Off: no reminder goes, and checkouts reached meanwhile get none.",
    firstAfterMinutes: "First reminder after (minutes)",
    firstAfterMinutesHint: "Counted from the last time the shopper reached checkout.",
    secondAfterHours: "Second reminder after (hours)",
    secondAfterHoursHint: "Counted from the first reminder.",
    discountCode: "Discount code in the second reminder",
    discountCodeHint: "Optional: an existing code, added to the cart when it has none. Empty: no code.",
  },
  security: {
    requireStaffTwoFactor: "Require two-step sign-in for staff",
    requireStaffTwoFactorHint:
      "Admins and managers without two-step sign-in can use the dashboard only after setting it up on their profile.",
  },
  store: {
    name: "Store name",
    email: "Support email",
    phone: "Phone",
    address: "Postal address",
    gstin: "GSTIN",
    gstinHint: "15 characters, such as 27AAPFU0939F1ZV.",
    state: "State",
    stateHint: "The seller's state: invoices to it split GST into CGST and SGST.",
    utcOffset: "Time zone (offset from UTC)",
    utcOffsetHint: "Such as +05:30: the days of reports, lists and invoices.",
    legalName: "Legal name",
    legalNameHint:
      "As the GST registration gives it: heads every invoice and credit note. Empty: the store name.",
    signatoryName: "Authorised signatory",
    signatoryNameHint: 'Who signs the invoices and credit notes, printed under "For" the legal name.',
    signatoryDesignation: "Signatory's designation",
    signatoryDesignationHint: "Such as Proprietor, Partner or Director.",
  },
  currency: {
    code: "Currency code",
    codeHint: "ISO 4217, such as INR or USD.",
    locale: "Locale",
    localeHint: "How amounts are written, such as en-IN or en-US.",
    preview: "Preview",
    /** The preview line while the code or the locale is not one the shop can use. */
    noPreview: "Enter a valid currency code and locale to see an example.",
    /** Before a new currency code is saved: past orders keep theirs, and figures count them apart. */
    switchWarning: (from: string, to: string) =>
      `Past orders stay in ${from}: their amounts are not converted. Reports, Home and customer pages show ${to} figures and count ${from} orders apart.`,
    switchConfirm: (to: string) => `Switch to ${to}`,
    switchTitle: "Switch the shop's currency?",
  },
  taxes: {
    pricesIncludeTax: "Prices include tax",
    pricesIncludeTaxHint: "On: tax is taken out of the prices entered. Off: tax is added on top.",
    defaultRate: "Default rate (%)",
    defaultRateHint: "For products whose own and category's rates are not set.",
    defaultHsn: "Default HSN code",
    defaultHsnHint: "4, 6 or 8 digits.",
    chargesTaxed: "Tax shipping and the COD fee",
    chargesTaxedHint:
      "A registered shop's shipping and COD fee are part of the supply and taxed with the goods (CGST Act ss. 8 and 15(2)(c)): at the highest rate among the order's goods. Off: they stay outside GST.",
  },
  shipping: {
    /** A method's name until it has one: "Method 2". */
    method: (n: number) => `Method ${n}`,
    name: "Name",
    /** A money field's label with the shop's currency: "Price (INR)". */
    price: (currency: string) => `Price (${currency})`,
    freeAbove: (currency: string) => `Free above (${currency})`,
    freeAboveHint: "Free when the items come to more than this. Empty: never free.",
    estimatedDays: "Estimated delivery",
    estimatedDaysHint: "Optional, as shoppers read it: 2–4 days.",
    allStates: "All states",
    allStatesHint: "Off: only the states listed below.",
    states: "States",
    statesHint: "Tick the states it delivers to.",
    enabled: "Enabled",
    enabledHint: "Shoppers can choose an enabled method.",
    add: "Add method",
    remove: "Remove",
    /** The remove button's name for screen readers: "Remove Standard". */
    removeMethod: (name: string) => `Remove ${name}`,
    none: "No shipping methods. Add one so that shoppers can check out.",
    /** Where a method delivers: the states it names, or the PIN codes of its uploaded list. */
    serves: "Delivers to",
    servesStates: "States",
    servesPincodes: "PIN code list",
    days: "Delivery days",
    daysHint: "Days a parcel takes once it leaves: shoppers see the day it arrives. Empty: no date.",
    /** A method's PIN code list (PUT and GET /api/settings/shipping/{methodId}/pincodes). */
    pincodes: "PIN codes",
    pincodeCount: (n: number) => (n === 1 ? "1 PIN code" : `${n.toLocaleString("en-US")} PIN codes`),
    upload: "Upload PIN codes (CSV)",
    uploadHint:
      "A row per PIN code: pincode,days,cod (such as 560001,3,yes). The file replaces the whole list.",
    /** A new method has no id the server knows yet: its list is uploaded once it is saved. */
    saveFirst: "Save the shipping methods first: a PIN code list is uploaded for a saved method.",
    uploading: "Uploading…",
    uploaded: (n: number) => `${n === 1 ? "1 PIN code" : `${n.toLocaleString("en-US")} PIN codes`} saved.`,
    /** A refused file's faults, each with its line: "Line 4: The days must be…". */
    faultLine: (line: number) => `Line ${line}`,
    faultsListed: (n: number) => `The first ${n} are listed.`,
    search: "Search PIN codes",
    searchHint: "The first digits of a PIN code.",
    pincode: "PIN code",
    pincodeDays: "Days",
    pincodeCod: "COD",
    yes: "Yes",
    no: "No",
    noPincodes: "No PIN codes yet: upload a CSV file.",
    noMatch: "No PIN code starts with these digits.",
    loadingPincodes: "Loading PIN codes…",
    /** Managers read the settings but not a method's list (admins only). */
    pincodesAdminOnly: "Only an admin can see and upload the PIN code list.",
    /** When parcels leave (the shipping section's dispatch rules). */
    dispatch: "Dispatch",
    dispatchHint: "When parcels leave: the delivery days count from then, on the store's clock.",
    cutoffHour: "Cut-off time",
    cutoffHourHint: "Orders placed before it leave the same day.",
    nonDispatchDays: "Days nothing leaves",
    holidays: "Holidays",
    holidaysHint: "Dates nothing leaves, such as a festival.",
    holiday: "Holiday date",
    addHoliday: "Add holiday",
    removeHoliday: (day: string) => `Remove ${day}`,
    noHolidays: "No holidays.",
  },
  checkout: {
    holdMinutes: "Unpaid order hold (minutes)",
    holdMinutesHint: "How long an unpaid order keeps its stock before it is cancelled.",
    maxUnpaidOrders: "Unpaid orders per shopper",
    maxUnpaidOrdersHint: "How many unpaid orders one shopper may hold at once.",
    maxQuantityPerLine: "Units per line",
    maxQuantityPerLineHint: "The most of one item an order may hold.",
    minimumOrder: (currency: string) => `Minimum order value (${currency})`,
    minimumOrderHint: "What the items of an order must come to. 0: no minimum.",
    codEnabled: "Cash on delivery",
    codEnabledHint: "Shoppers may pay in cash when the order arrives.",
    codMaxOrderValue: (currency: string) => `Highest COD order value (${currency})`,
    codMaxOrderValueHint: "Orders whose total, fee included, passes this cannot be paid on delivery.",
    codFee: (currency: string) => `COD fee (${currency})`,
    codFeeHint: "Added to the order when the shopper chooses cash on delivery; outside GST.",
    codBlockedPincodes: "PIN codes without cash on delivery",
    codBlockedPincodesHint:
      "One 6-digit PIN code per line (or separated by commas or spaces), up to 5,000. Orders to them pay online.",
    /** Under the field, as the owner types: "12 PIN codes". */
    codBlockedCount: (count: number) =>
      count === 1 ? "1 PIN code" : `${count.toLocaleString("en-US")} PIN codes`,
    /** A wrong PIN code of the list, named: "PIN code 4000: Pin code is not valid.". */
    codBlockedPincodeError: (pincode: string, message: string) => `PIN code ${pincode}: ${message}`,
    codBlockAfterRefusal: "Refuse shoppers who refused a COD parcel",
    codBlockAfterRefusalHint:
      "A shopper whose cash on delivery parcel was refused at the door pays online from then on (not for a parcel back because they were not reachable or the address was wrong). Lift it on the customer's page.",
    codOnlineDiscount: (currency: string) => `Discount for paying online (${currency})`,
    codOnlineDiscountHint:
      "Taken off the goods when the shopper pays online while cash on delivery is offered; GST is worked out on what is left. 0: none.",
    codConfirmHours: "Hours to confirm a COD order",
    codConfirmHoursHint:
      "A cash on delivery order ships once the shopper confirms it (email link or order page) or staff confirm it by phone; unconfirmed after this many hours, it is cancelled.",
    paymentMethods: "Payment methods",
    paymentMethodsHint:
      "The pay page offers them in this order. Razorpay takes INR orders only; cash on delivery shows while it is on.",
    /** Cash on delivery in the order while it is off. */
    paymentMethodOff: "Off",
    moveUp: "Move up",
    moveDown: "Move down",
    /** A move button's name for screen readers, its visible words first: "Move up — PayPal". */
    moveMethodUp: (name: string) => `Move up — ${name}`,
    moveMethodDown: (name: string) => `Move down — ${name}`,
  },
  fulfilment: {
    returnWindowDays: "Return window (days)",
    returnWindowDaysHint: "Days after delivery a shopper may ask to return items. 0: no returns.",
    carriersHint: "Staff pick a carrier when shipping; Other is always offered, without a tracking link.",
    /** A carrier's name until it has one: "Carrier 2". */
    carrier: (n: number) => `Carrier ${n}`,
    name: "Carrier name",
    trackingUrl: "Tracking link",
    trackingUrlHint: "An https:// address with {number} where the tracking number goes.",
    add: "Add carrier",
    remove: "Remove",
    removeCarrier: (name: string) => `Remove ${name}`,
    none: "No carriers: staff ship with Other, without a tracking link.",
  },
  inventory: {
    lowStockThreshold: "Low-stock threshold (units)",
    lowStockThresholdHint: "A variant with this many units or fewer is marked low.",
  },
  history: {
    title: "Change history",
    section: "Section",
    at: "When",
    by: "Who",
    empty: "The settings have not been changed yet.",
  },
} as const;
