/**
 * Store credit: money the shop owes a shopper (a refund given to it, staff's adjustments), spent at
 * checkout before the rest is paid. The API's refusals, the pay page, the account, the dashboard.
 */

/** What the API answers about store credit (refusals with their status, and successes). */
export const storeCreditApi = {
  /** 409: paying all of an order from credit that does not cover what is left to pay; amounts formatted. */
  notEnough: (balance: string, due: string) =>
    `Your store credit (${balance}) does not cover the ${due} left to pay on this order.`,
  /** 409: credit asked for by a shopper who has none. */
  none: "You have no store credit to use.",
  /** 409: applying part of the credit when it covers the whole: pay with it instead. */
  covers: "Your store credit covers this order: pay with it instead.",
  /**
   * 409: applying credit that would leave less than the payment provider's minimum to pay (Razorpay:
   * ₹1), when no part of it can leave that much; the minimum comes formatted.
   */
  belowMinimum: (minimum: string) =>
    `Store credit must pay all of this order or leave at least ${minimum} to pay online.`,
  /** 409: removing credit from an order that uses none. */
  notApplied: "This order uses no store credit.",
  /** 409: cash on delivery chosen for an order some credit already pays. */
  codWithCredit: "Cash on delivery cannot be combined with store credit. Remove the store credit first.",
  /** 409: a staff adjustment that would take the balance below zero; the balance comes formatted. */
  belowZero: (balance: string) => `The store credit cannot go below zero: the balance is ${balance}.`,
  /** 409: a refund to the payment of more than its provider took (the rest can go to store credit). */
  refundToPaymentTooMuch: (left: string) =>
    `Only ${left} can go back to the payment; refund the rest to store credit.`,
  applied: "Store credit applied.",
  removed: "Store credit removed.",
  adjusted: "Store credit updated.",
  /** 400: an adjustment of nothing (less than a cent either way). */
  amountZero: "The amount must be at least 0.01, or at most -0.01 to remove credit.",
} as const;

/** The ledger's kinds as people read them (STORE_CREDIT_KINDS). */
export const storeCreditKinds = {
  refund: "Refund",
  order: "Order",
  adjustment: "Adjustment",
  reversal: "Given back",
} as const;

/** Words of the ledger's entries the server writes itself. */
export const storeCreditReasons = {
  /** An order paid (partly) with credit. */
  order: (number: string) => `Used on order ${number}`,
  /** The credit of an order cancelled unpaid, or taken off by the shopper, given back. */
  reversal: (number: string) => `Given back from order ${number}`,
} as const;

/** The pay page's store credit. */
export const storeCreditPay = {
  /** The option, with the balance formatted. */
  use: (balance: string) => `Use store credit (${balance} available)`,
  /** The credit covers the order: one button pays it all. */
  payAll: (amount: string) => `Pay ${amount} with store credit`,
  /** The credit pays part: the shopper applies it, then pays the rest. */
  applyPart: (amount: string) => `Apply ${amount} of store credit`,
  remove: "Remove store credit",
  /** The summary's line of credit applied (shown negative) and what is left to pay. */
  line: "Store credit",
  toPay: "To pay",
  paidAll: "Paid with store credit.",
} as const;

/** The account's store credit section. */
export const storeCreditAccount = {
  title: "Store credit",
  balance: "Balance",
  hint: "Refunds given as store credit; it is used at checkout before you pay the rest.",
  loading: "Loading store credit...",
  empty: "No store credit yet.",
  balanceAfter: "Balance after",
} as const;

/** The dashboard: the customer page's credit and its adjust form, the refund dialog's choice. */
export const storeCreditStaff = {
  title: "Store credit",
  adjust: "Adjust store credit",
  amountLabel: "Amount",
  amountHint: "Positive adds credit, negative removes it.",
  /** After the amount's hint, once the balance is known: credit never goes below nothing. */
  amountMost: (balance: string) => `At most ${balance} can be removed.`,
  reasonLabel: "Reason",
  save: "Save adjustment",
  refundTo: "Refund to",
  toPayment: "The payment",
  toStoreCredit: "Store credit",
  toStoreCreditHint: "The shopper can spend it on their next order; no payment provider is asked.",
  /** The refund dialog's third choice, for an order partly paid by store credit. */
  toSplit: "Each back to where it came from",
  toSplitHint: "What store credit paid goes back to credit, the rest to the payment, in one refund.",
  /** The store credit part of a split refund: its field, and the hint under it. */
  splitPart: "To store credit",
  splitPartHint: "Change it to send more or less to store credit; the rest goes to the payment.",
  /** After the split part's hint: the whole refund is the most of it that can go to store credit. */
  splitPartMost: (total: string) => `At most ${total}.`,
} as const;

/** The sales report's figures. */
export const storeCreditReport = {
  title: "Store credit",
  used: "Store credit used",
  usedHint: "Credit spent on orders (a means of payment, within payments taken).",
  refunded: "Refunded as store credit",
  refundedHint: "Refunds given as store credit (within refunds).",
} as const;
