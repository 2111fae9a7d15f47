/** Paying and being paid back: payment options, cash on delivery, payment states, refunds. */

/** Cash on delivery as the pay page, the order pages and the dashboard show it. */
export const cashOnDelivery = {
  /** The state of a COD payment waiting for its cash, wherever staff and shoppers see payment states. */
  toCollect: "COD – to collect",
  collected: "COD – collected",
  option: "Cash on delivery",
  /** The pay page's option: what the shopper pays at the door, fee included. */
  optionHint: (total: string, fee: string) =>
    `Pay ${total} in cash when your order arrives (includes a ${fee} cash on delivery fee).`,
  optionHintNoFee: (total: string) => `Pay ${total} in cash when your order arrives.`,
  /** Offered, but not for this order: its total passes the limit. */
  overLimit: (limit: string) => `Cash on delivery is available for orders up to ${limit}.`,
  confirm: "Confirm cash on delivery",
  /** The line of the fee on the order, its confirmation and the invoice. */
  feeLine: "Cash on delivery fee",
  /** The dashboard's action on a COD order whose cash waits. */
  recordCollected: "Record cash collected",
  confirmCollected: (amount: string) => `Record ${amount} collected in cash for this order?`,
  /** The refund dialog's field for a COD payment. */
  reference: "Refund reference",
  referenceHint: "The bank transfer or UPI reference the money went back with.",
} as const;

/** The pay page's ways to pay besides cash on delivery, and what Razorpay Checkout told the shopper. */
export const paymentOptions = {
  /** Razorpay's option, in the words of its logos. */
  razorpay: "UPI, cards, netbanking, wallets — Razorpay",
  razorpayPay: (amount: string) => `Pay ${amount} with Razorpay`,
  /** The shopper closed Checkout without paying: the order still waits, and the button is there again. */
  razorpayDismissed:
    "Razorpay was closed before the payment was completed. You can pay again when you are ready.",
  /** Checkout reported the attempt failed (payment.failed); Razorpay returns any money a failed attempt took. */
  razorpayFailed: "The payment did not go through. Try again, or choose another way to pay.",
  /** Checkout's script did not load (offline, or blocked). */
  razorpayUnavailable: "Razorpay could not be opened. Please check your connection and try again.",
} as const;

/**
 * A payment's state, named the same wherever it shows: its badge, the orders lists' column and
 * filter, the order page and the payments lists (SPEC's three lists, then one for each state refunds
 * move a payment to, named by that state).
 */
export const paymentStates = {
  column: "Payment",
  placed: "Placed",
  fulfilment: "Fulfilment",
  filter: "Payment",
  all: "All payments",
  labels: {
    none: "Not paid",
    pending: "Pending",
    completed: "Paid",
    partially_refunded: "Partially refunded",
    refunded: "Refunded",
    failed: "Failed",
  },
  lists: {
    all: "All Payments",
    successful: "Successful Payments",
    failed: "Failed Payments",
  },
} as const;

/** Refunds as the dashboard's order page offers and lists them, and the status line of a partly refunded order. */
export const refunds = {
  /** Shown beside the status wherever an order's status shows, while part of its payment is refunded. */
  partiallyRefunded: (amount: string) => `Partially refunded ${amount}`,
  refund: "Refund",
  title: "Refund this order",
  amount: "Amount",
  amountHint: (remaining: string) => `Up to ${remaining} remains to be refunded.`,
  reason: "Reason",
  submit: "Refund",
  /** Under a payment's amount in the payments list: what went back of it. */
  refundedAmount: (amount: string) => `−${amount} refunded`,
  /** The confirm button names the money it moves: "Refund $239.30". */
  submitAmount: (amount: string) => `Refund ${amount}`,
  /** The refund dialog by the goods: what comes back, the amount worked out from the invoice. */
  linesTitle: "What comes back",
  linesHint: "Choose the units of each item; the amount is what the invoice charged for them, GST included.",
  /** Under an item's name: "2 left to refund · $118.00 each". */
  unitsLeft: (left: number, each: string) => `${left} left to refund · ${each} each`,
  /** An item's units field, for screen readers: "Units of Trail Tee (M) to refund". */
  unitsOf: (label: string) => `Units of ${label} to refund`,
  fewerOf: (label: string) => `One fewer ${label}`,
  moreOf: (label: string) => `One more ${label}`,
  shipping: (amount: string) => `Shipping (${amount})`,
  codFee: (amount: string) => `Cash on delivery fee (${amount})`,
  restockAll: "Put the units back in stock",
  restockAllHint: "They came back and can be sold again.",
  /** What the choice comes to, before confirming: "Comes to $236.00, GST $36.00 included." */
  worksOutTo: (amount: string, gst: string) => `Comes to ${amount}, GST ${gst} included.`,
  /** The switch to a refund without goods (goodwill), spread over the items by value. */
  byAmount: "Refund an amount instead",
  byAmountHint: "Goodwill, with no goods coming back: the amount is spread over the items by value.",
  /** A credit note's lines in the refunds list: "2 × Shirt, Shipping". */
  creditLine: (quantity: number, name: string) => `${quantity} × ${name}`,
  /** A credit note line that gives back part of an item's value without its units (goodwill). */
  creditValue: (name: string) => `${name} (part of its value)`,
  creditShipping: "Shipping",
  creditCodFee: "Cash on delivery fee",
  /** Said in the refund dialog when "Refunded" was chosen as the order's status. */
  byStatus:
    "Setting the status to Refunded gives back what remains through the payment provider. Nothing moves until you confirm.",
  /** The status dialog's button once "Refunded" is chosen: the refund dialog comes next. */
  continueToRefund: "Continue to refund",
  cancel: "Cancel",
  /** The dialog's one button once the provider took the refund to pay out later (api.refundPending said). */
  close: "Close",
  listTitle: "Refunds",
  refundedTotal: (refunded: string, paid: string) => `Refunded ${refunded} of ${paid}`,
  byProvider: "in the payment provider's dashboard",
  creditNote: (creditNoteNumber: string) => `Credit note ${creditNoteNumber}`,
  nothingLeft: "The whole payment has been refunded.",
  /** The reason a refund made by setting the status to refunded records. */
  wholeOrderReason: "Refunded in full by a status change.",
  /** The reason a refund made in the provider's own dashboard records. */
  madeAtProvider: "Refunded in the payment provider's dashboard.",
} as const;
