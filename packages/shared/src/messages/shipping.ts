/** Shipping through a courier aggregator (Shiprocket): what staff read when a call to it fails. */
export const shipping = {
  /** Shiprocket did not answer, or kept answering 429/5xx after the shop tried again (503). */
  shiprocketUnavailable: "Shiprocket could not be reached, please try again later.",
  /** Shiprocket answered what the shop cannot use, or refused its sign-in (502). */
  shiprocketUnexpected: "Shiprocket's answer could not be used, please try again later.",
  /** Shiprocket refused the request; its own words follow (422). */
  shiprocketRefused: (reason: string) => `Shiprocket refused this: ${reason}`,
  /** A Shiprocket call on a shop without SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (503). */
  notConnected: "Shiprocket is not connected to this shop.",
  /** Booking before the owner named the pickup location (409). */
  noPickupLocation: "Name your Shiprocket pickup location in Settings → Shipping first.",
  /** The pickup location named in the settings is not one of the Shiprocket account's (409). */
  pickupLocationUnknown: (name: string) =>
    `Shiprocket has no pickup location named "${name}": check Settings → Shipping.`,
  /** Another request is booking this order's parcel right now (409). */
  bookingUnderWay: "This parcel is being booked right now; try again in a minute.",
  /** No courier serves the parcel's PIN code (or none collects cash for a COD parcel). */
  noCourier: "No courier serves this parcel.",
  /** An e-way bill number not of 12 digits (400 at ewaybillNo). */
  ewaybillFormat: "An e-way bill number is 12 digits.",
  /** A batch of orders to ship names one twice (400 at orders). */
  batchOrdersUnique: "Name each order once.",
  /** A parcel above ₹50,000 (400 at ewaybillNo). */
  ewaybillRequired: "This parcel is worth more than ₹50,000: enter its e-way bill number.",
  /** A parcel booked through Shiprocket, asked to cancel after the courier picked it up (409). */
  cancelAfterPickup:
    "The courier has picked this parcel up: it can only come back as a return to origin (RTO).",
  /** A parcel shipped by hand, asked to cancel (409). */
  cancelNotBooked: "Only a parcel booked through Shiprocket can be cancelled.",
  /** A parcel's carrier while Shiprocket has not named its courier (an AWB read back after a lost answer). */
  courierUnknown: "Shiprocket",
  /** The success toasts. */
  booked: (awb: string, courier: string) => `Booked with ${courier}: AWB ${awb}.`,
  batchDone: (shipped: number, failed: number) =>
    failed === 0 ? `${shipped} orders booked.` : `${shipped} orders booked, ${failed} not.`,
  cancelled: "The parcel has been cancelled with the courier.",
  /** The order's history: a Shiprocket parcel cancelled before pickup. */
  parcelCancelledNote: (courier: string, awb: string) => `${courier} · AWB ${awb} cancelled before pickup`,
};

/** The product form's Parcel group: a product's weight and box, for the courier (Shiprocket). */
export const parcelFields = {
  title: "Parcel",
  description: "What a unit weighs and the box it ships in. Left empty: the shop's defaults in Settings.",
  weight: "Weight (kg)",
  /** Its limits (from the schema) are said after it. */
  weightHint: "Up to 3 decimals.",
  length: "Length (cm)",
  breadth: "Breadth (cm)",
  height: "Height (cm)",
  /** Its limits are said after it. */
  dimensionHint: "Up to 1 decimal; all three or none.",
  /** A variant's weight in the variants grid: empty gives way to the product's. */
  variantWeightHint: "Up to 3 decimals. Empty: the product's weight.",
  variantWeightEmpty: "Product's",
};

/** Settings → Shipping's Shiprocket group. */
export const shiprocketSettings = {
  title: "Shiprocket",
  description: "How orders ship through Shiprocket, and the size of a unit whose product gives none.",
  pickupLocation: "Pickup location",
  pickupLocationHint: "The pickup location's name as your Shiprocket account has it. Empty: none yet.",
  courierRule: "Preselected courier",
  courierRuleHint: "The courier the ship dialog chooses first; staff may pick another.",
  courierRules: { cheapest: "Cheapest", fastest: "Fastest", recommended: "Shiprocket's recommendation" },
  answersDelivery: "Delivery dates from Shiprocket",
  answersDeliveryHint:
    "On: the product page's PIN code check asks Shiprocket's couriers before the PIN code lists.",
  defaultWeight: "Default weight (kg)",
  defaultLength: "Default length (cm)",
  defaultBreadth: "Default breadth (cm)",
  defaultHeight: "Default height (cm)",
};
