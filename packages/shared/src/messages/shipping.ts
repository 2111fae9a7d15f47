/** Shipping through a courier aggregator (Shiprocket): what staff read when a call to it fails. */
export const shipping = {
  /** Shiprocket did not answer, or kept answering 429/5xx after the shop tried again (503). */
  shiprocketUnavailable: "Shiprocket could not be reached, please try again later.",
  /** Shiprocket answered what the shop cannot use, or refused its sign-in (502). */
  shiprocketUnexpected: "Shiprocket's answer could not be used, please try again later.",
  /** Shiprocket refused the request; its own words follow (422). */
  shiprocketRefused: (reason: string) => `Shiprocket refused this: ${reason}`,
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
