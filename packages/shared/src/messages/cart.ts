/** The cart and the order summary: changes to the cart, amounts, discount codes. */

/** The cart's check against the server when it opens (SPEC leaves the wording to us). */
export const cartUpdates = {
  priceChanged: (name: string, from: string, to: string) =>
    `The price of ${name} changed from ${from} to ${to}.`,
  quantityLowered: (name: string, n: number) =>
    `Only ${n} of ${name} left in stock; your quantity was lowered to ${n}.`,
  outOfStock: (name: string) => `${name} is out of stock and is not included in your total.`,
  unavailable: (name: string) => `${name} is no longer available and is not included in your total.`,
  removeUnavailable: "Remove the products that are no longer available to continue.",
} as const;

/** The price summary of the cart, checkout and order pages, and the checkout's shipping methods (SPEC leaves the wording to us). */
export const orderSummary = {
  /** Shipping that costs nothing. */
  free: "Free",
  /** The tax line: SPEC's "Tax (GST 18%)", with the lines' one rate, or without one when they differ. */
  taxAt: (rate: number) => `Tax (GST ${rate}%)`,
  taxAtRates: "Tax (GST)",
  /** Under the total when the prices include GST: "Includes $9.72 GST". */
  includesTax: (amount: string) => `Includes ${amount} GST`,
  /** For a screen reader, in place of a cart's shipping, GST or total until the server has priced it. */
  pricing: "Calculating…",
  /** Under the cart's summary: the cheapest method's threshold. */
  freeShippingAbove: (amount: string) => `Free shipping on orders above ${amount}.`,
  shippingMethods: "Shipping method",
  /** A method's estimate as the owner wrote it ("2–4 days"). */
  estimatedDays: (days: string) => `Estimated delivery: ${days}`,
  changeAddress: "Choose another address",
} as const;

/**
 * The dashboard order page's Amounts card: each line adds to the total or, with its minus, takes
 * from it; the items at their prices before the sale, so that the sale's saving is one of the lines.
 */
export const orderAmounts = {
  title: "Amounts",
  items: "Items",
  saved: "Saved",
  discount: (code: string | null) => (code ? `Discount (${code})` : "Discount"),
  shipping: "Shipping",
  total: "Total",
} as const;

/**
 * Why a discount code does not apply: shown under the code field, and answered by the API
 * when a placement names a code that stopped applying.
 */
export const discountCodes = {
  invalid: "This code is not valid.",
  expired: "This code has expired.",
  notYetActive: "This code is not active yet.",
  addMore: (amount: string) => `Add ${amount} more to use this code.`,
  notApplicable: "This code does not apply to the items in your cart.",
  notOnLine: (code: string) => `Code ${code} does not apply to this item.`,
  usedUp: "This code has been fully used.",
  alreadyUsed: "You have already used this code.",
  codeInUse: "This code is already in use.",
  usedCannotBeDeleted: "A code that has been used cannot be deleted. Deactivate it instead.",
  notFound: "Discount not found.",
} as const;

/**
 * The cart a signed-in shopper's account keeps: the cart page opened from a reminder's link by a
 * visitor who is not signed in, and the reminders' unsubscribe page.
 */
export const keptCart = {
  signInTitle: "Your saved cart is waiting",
  signInToSee: "Sign in to see the cart you saved on any of your devices.",
  signIn: "Sign in",
} as const;

/** The unsubscribe page of the abandoned-checkout reminders' link (/unsubscribe?token=). */
export const reminderUnsubscribe = {
  title: "Cart reminders",
  intro: "Stop the emails we send when a cart is left at checkout without an order?",
  action: "Unsubscribe",
  done: "You are unsubscribed: we will send you no more reminders about your cart.",
  invalidLink: "This unsubscribe link is not valid.",
  failed: "We could not unsubscribe you just now. Please try the link again later.",
  backToShop: "Continue shopping",
} as const;
