/** Shipping through a courier aggregator (Shiprocket): what staff read when a call to it fails. */
export const shipping = {
  /** Shiprocket did not answer, or kept answering 429/5xx after the shop tried again (503). */
  shiprocketUnavailable: "Shiprocket could not be reached, please try again later.",
  /** Shiprocket answered what the shop cannot use, or refused its sign-in (502). */
  shiprocketUnexpected: "Shiprocket's answer could not be used, please try again later.",
  /** Shiprocket refused the request; its own words follow (422). */
  shiprocketRefused: (reason: string) => `Shiprocket refused this: ${reason}`,
};
