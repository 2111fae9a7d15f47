/** Paying and being paid back: payment options, cash on delivery, payment states, refunds. */

/**
 * A payment's tenders (decision 042): what took each part of it ("Store credit", "Razorpay · UPI",
 * named by mail.gateways and mail.paymentMethods) with its amount, on the order pages, the payments
 * list, the invoice and the sales report; written part by part by tenderPart and tenderParts
 * (tenders.ts), which only put the words and amounts together.
 */
export const tenderWords = {
  /** The parts' list, to assistive technology. */
  label: "Paid with",
} as const;

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

/**
 * Why cash on delivery is not offered for an order, beside the owner having it off and its limit
 * (api.codNotOffered, api.codOverLimit): the pay page says it, and the API refuses with it (409).
 */
export const codRefusals = {
  /** The shipping address's PIN code is one the owner listed. */
  pincodeBlocked: (pincode: string) =>
    `Cash on delivery is not available for PIN code ${pincode}. Please pay online.`,
  /** A cash on delivery parcel of the shopper came back refused (the owner's blockAfterRefusal). */
  refusedBefore:
    "Cash on delivery is not available on your account because an earlier cash on delivery parcel was refused. Please pay online.",
  /** The order's shipping method takes no cash on delivery to the address's PIN code. */
  methodWithout: (method: string, pincode: string) =>
    `${method} does not take cash on delivery to PIN code ${pincode}. Please pay online.`,
} as const;

/**
 * A cash on delivery order confirmed by its shopper before it ships: on the pay page, the order
 * pages, the link's landing page and the dashboard; and the discount for paying online instead.
 */
export const codConfirmation = {
  /** Beside cash on delivery on the pay page, while paying online takes something off. */
  onlineSaving: (amount: string) => `Pay online and save ${amount}`,
  /** The shopper's order page and pay page, while the order waits for them. */
  awaitingYours: "Awaiting your confirmation",
  awaitingYoursHint: (deadline: string) =>
    `Confirm your cash on delivery order to have it shipped. If it is not confirmed by ${deadline}, it is cancelled.`,
  confirm: "Confirm order",
  /** The API's answer and the toast once confirmed (200, also when it was confirmed already). */
  confirmed: "Thank you: your order is confirmed and will be shipped.",
  /** The dashboard's badge and the orders lists' note while the shopper has not confirmed. */
  awaiting: "Awaiting confirmation",
  awaitingHint:
    "This cash on delivery order ships once the shopper confirms it, by the email's link or by phone.",
  /** The dashboard's button: staff called the shopper, who confirmed. */
  confirmByPhone: "Confirmed by phone",
  confirmByPhoneQuestion: (number: number) =>
    `Did the shopper confirm order #${number} on the phone? It moves to Ready to Ship.`,
  /** The history note of a confirmation staff took by phone. */
  byPhoneNote: "Confirmed by phone",
  cancel: "Cancel",
  /** The link's landing page (/orders/{orderId}/confirm-cod?token=...). */
  pageTitle: "Confirm your order",
  pageIntro: "Confirm your cash on delivery order to have it shipped. You pay in cash when it arrives.",
  pageConfirm: "Confirm my order",
  pageDone: (number: number) => `Order #${number} is confirmed. We will email you when it ships.`,
  viewOrder: "View my order",
  /** The link has no token, or not this order's (404). */
  linkInvalid: "This confirmation link is not valid. Sign in and confirm the order from its page.",
  /** Confirming an order that was cancelled first (409). */
  orderCancelled: "This order was cancelled before it was confirmed. You are welcome to order again.",
  /** Confirming an order that is not waiting for a cash on delivery confirmation (409). */
  notAwaiting: "This order does not wait for a cash on delivery confirmation.",
  /** Shipping (or marking shipped) a cash on delivery order the shopper has not confirmed (409). */
  shipUnconfirmed:
    "This cash on delivery order waits for the shopper's confirmation: confirm it by phone before it ships.",
  /** The history note of a cancellation by the sweep. */
  notConfirmedNote: (hours: number) => `Cash on delivery not confirmed within ${hours} hours.`,
  /** The invoice's and the order summary's line of the online payment discount. */
  onlineDiscountLine: "Online payment discount",
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
  /** A credit note that gave no money back: a cash on delivery order's goods came back unpaid (RTO). */
  noMoneyBack: "No money given back: the goods came back before they were paid for.",
  creditNote: (creditNoteNumber: string) => `Credit note ${creditNoteNumber}`,
  nothingLeft: "The whole payment has been refunded.",
  /** The reason a refund made by setting the status to refunded records. */
  wholeOrderReason: "Refunded in full by a status change.",
  /** The reason a refund made in the provider's own dashboard records. */
  madeAtProvider: "Refunded in the payment provider's dashboard.",
} as const;

/** Payments → Unmatched: money a provider took that its order could not take (decision 046). */
export const unmatchedPayments = {
  title: "Unmatched payments",
  tab: "Unmatched",
  intro:
    "Money a provider took that its order could not take: a second payment of a paid order, or one that arrived after the order was closed. Each is refunded in full through its provider, unless the shop holds them for review.",
  empty: "No unmatched payments.",
  states: { refunding: "Refunding", refunded: "Refunded", held: "Held for review" },
  reasons: {
    second_payment: "Second payment of a paid order",
    order_closed: "Arrived after the order was closed",
  },
  columns: {
    order: "Order",
    provider: "Provider",
    providerPaymentId: "Provider's payment",
    amount: "Amount",
    reason: "Reason",
    state: "State",
    createdAt: "Received",
  },
  refund: "Refund in full",
  confirmRefund: (amount: string) => `Refund ${amount} in full through its provider?`,
  refundStarted: "The refund has been sent to the provider.",
  /** The order's history note when such a payment is recorded; staff read it on the order page. */
  note: (amount: string, provider: string, id: string, held: boolean) =>
    held
      ? `${provider} took a payment of ${amount} (${id}) that this order could not take; it is held for review under Payments → Unmatched.`
      : `${provider} took a payment of ${amount} (${id}) that this order could not take; it is being refunded in full.`,
  /** Settings → Checkout: the owner's choice for such payments. */
  holdSetting: "Hold unmatched payments for review instead of refunding them at once",
  holdSettingHint:
    "A second payment of a paid order, or one arriving after the order was closed, is refunded automatically unless this is on.",
} as const;
