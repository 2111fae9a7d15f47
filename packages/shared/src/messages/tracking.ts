/**
 * A Shiprocket parcel on its way: the courier's tracking updates, a non-delivery report (NDR) and
 * staff's answer to it, and the shopper's "out for delivery" email.
 */

/** The API's words for the tracking webhook and the NDR routes. */
export const trackingApi = {
  /** An NDR action while Shiprocket is not configured (SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD unset). */
  shiprocketNotConfigured: "Shiprocket is not connected, so the courier cannot be asked.",
  /** An NDR action for a parcel the courier did not report undelivered. */
  ndrNotUndelivered: "This parcel is not waiting on an answer: the courier did not report it undelivered.",
  /** An NDR action asked twice for the same attempt. */
  ndrAlreadyAsked: (action: string) => `The courier was already asked to ${action} this parcel.`,
  ndrAsked: (action: string) => `The courier was asked to ${action} the parcel.`,
  /** The comments sent to Shiprocket with each action (both are required there). */
  ndrComments: { reattempt: "Please deliver again.", return: "Please return to origin." },
} as const;

/** How the NDR actions read in messages and history: "re-attempt", "return". */
export const ndrActionWords = { reattempt: "re-attempt delivery of", return: "return" } as const;

/** The order history's words for the courier's steps (the row's note; its title says "Shipment"). */
export const trackingHistory = {
  picked_up: (parcel: string) => `Picked up by the courier: ${parcel}`,
  in_transit: (parcel: string) => `In transit: ${parcel}`,
  out_for_delivery: (parcel: string) => `Out for delivery: ${parcel}`,
  undelivered: (parcel: string, attempt: number, reason: string) =>
    `Not delivered (attempt ${attempt}): ${reason}. ${parcel}`,
  rto_initiated: (parcel: string) => `Being returned to the shop (RTO): ${parcel}`,
  rto_delivered: (parcel: string) => `Back at the shop (RTO delivered): ${parcel}`,
  /** Staff's answer to an NDR. */
  ndrAction: (parcel: string, action: "reattempt" | "return") =>
    action === "reattempt"
      ? `Re-attempt asked of the courier: ${parcel}`
      : `Return asked of the courier: ${parcel}`,
  /** What an NDR says when the courier gave no reason. */
  noReason: "no reason given",
} as const;

/** The shopper's email when a parcel is out for delivery. */
export const outForDeliveryMail = {
  subject: (number: number) => `Your order #${number} is out for delivery`,
  lines: (number: number, carrier: string) => [
    `A parcel of your order #${number} is out for delivery with ${carrier} today.`,
  ],
  /** For cash on delivery: the amount to keep ready. */
  cash: (amount: string) => `Please keep ${amount} ready for the courier.`,
} as const;
