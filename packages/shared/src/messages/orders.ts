/** An order's life: its history, statuses, fulfilment, shipments and returns. */

/** An order's history as its timeline tells it (the dashboard order page and the shopper's pay page). */
export const orderHistory = {
  title: "History",
  empty: "Nothing has happened to this order yet.",
  placed: "Order placed",
  paid: (amount: string) => `Paid ${amount}`,
  cod: (amount: string) => `Cash on delivery chosen: ${amount} to collect`,
  /** A "cod" row without an amount: the shopper (or staff by phone) confirmed the order. */
  codConfirmed: "Cash on delivery confirmed",
  status: (status: string) => `Status changed to ${status}`,
  cancelled: "Order cancelled",
  note: "Note",
  refunded: (amount: string) => `Refunded ${amount}`,
  shipment: "Shipment sent",
  delivery: "Shipment delivered",
  return: "Return",
  /** A return's history row: "Return requested (wrong size): 1 × Trail Tee". */
  returnNote: (status: string, detail: string) => `Return ${status}: ${detail}`,
  /** The note of a shipment's history row: "Blue Dart 1234567890, 2 units". */
  shipmentNote: (carrier: string, trackingNumber: string | null, units: number) =>
    `${carrier}${trackingNumber ? ` ${trackingNumber}` : ""}, ${units} ${units === 1 ? "unit" : "units"}`,
  /** A parcel the carrier brought back undelivered: "Returned to origin: Blue Dart 1234567890, 2 units". */
  returnedToOriginNote: (parcel: string) => `Returned to origin: ${parcel}`,
  /** The cancellation of a cash on delivery order whose every parcel came back. */
  cancelledReturnedToOrigin: "Every parcel came back undelivered (returned to origin): nothing to refund.",
  /** The credit note's reason for an order whose goods came back unpaid. */
  returnedToOriginReason: "Returned to origin: the cash on delivery parcel was not accepted",
  by: (name: string, role: string) => `by ${name} (${role === "customer" ? "shopper" : role})`,
  /** A staff member's step as the shopper reads it: the shop did it, whoever it was. */
  byShop: "by the shop",
  bySystem: "automatically",
  noteLabel: "Add a note",
  noteHint: "Only staff see notes; the shopper never does.",
  addNote: "Add note",
} as const;

/**
 * An order's status as its badge reads it, on the dashboard and the shopper's pages alike; a
 * processing order with some units shipped and some left reads "Partially shipped".
 */
export const orderStatusLabels = {
  pending: "Pending",
  processing: "Processing",
  partially_shipped: "Partially shipped",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
} as const;

/** The orders list's filter by how far the goods have gone (FULFILMENT_STATES). */
export const fulfilmentFilter = {
  label: "Fulfilment",
  all: "All fulfilment",
  labels: {
    unfulfilled: "Not shipped",
    partially_shipped: "Partially shipped",
    shipped: "Shipped",
    delivered: "Delivered",
  },
} as const;

/** Shipments on the dashboard's order page and the shopper's. */
export const shipmentWords = {
  title: "Shipments",
  none: "Nothing has shipped yet.",
  shipItems: "Ship items",
  dialogTitle: "Ship items",
  carrier: "Carrier",
  /** Asked when the carrier is Other. */
  carrierName: "Carrier name",
  carrierNameHint: "The parcel's tracking, history and emails name it.",
  trackingNumber: "Tracking number",
  trackingNumberHint: "As the carrier's receipt gives it.",
  unitsTitle: "Units in this parcel",
  unitsHint: "What remains of each line is filled in; lower it to ship part of the order.",
  /** A line's units field: "Trail Tee (M · Black): 1 of 2 left". */
  unitsLabel: (label: string, left: number) => `${label}: ${left} left to ship`,
  noUnits: "Choose at least one unit to ship.",
  tooMany: (left: number) => `At most ${left}.`,
  submit: "Ship",
  cancel: "Cancel",
  shipped: "Shipped",
  delivered: "Delivered",
  onItsWay: "On its way",
  markDelivered: "Mark delivered",
  /**
   * The button's name for screen readers and voice control, starting with its visible words: "Mark
   * delivered — Blue Dart 12345".
   */
  markDeliveredOf: (carrier: string, number: string | null) =>
    `Mark delivered — ${carrier}${number ? ` ${number}` : ""}`,
  track: "Track",
  /** The shopper's Track link, named for screen readers: "Track parcel 12345 with Blue Dart". */
  trackOf: (carrier: string, number: string) => `Track parcel ${number} with ${carrier}`,
  /** The dashboard's tracking number, a link to the carrier's page: "12345 — track with Blue Dart". */
  trackNumberOf: (carrier: string, number: string) => `${number} — track with ${carrier}`,
  noNumber: "No tracking number",
  packingSlip: "Packing slip",
  line: (quantity: number, label: string) => `${quantity} × ${label}`,
  created: "The shipment has been recorded.",
  deliveredToast: "The shipment has been marked delivered.",
  /** A cash on delivery parcel the carrier brought back undelivered (RTO). */
  returnedToOrigin: "Returned to origin",
  markReturned: "Returned to origin",
  markReturnedOf: (carrier: string, number: string | null) =>
    `Returned to origin — ${carrier}${number ? ` ${number}` : ""}`,
  confirmReturnedTitle: "Parcel returned to origin?",
  confirmReturned:
    "Record that the carrier brought this cash on delivery parcel back undelivered. Once no parcel of the order is on its way, the order is cancelled with nothing to refund: a credit note reverses its invoice and every unit goes back to stock. The shopper is emailed.",
  /** The mark-RTO dialog's select: why the parcel came back. */
  returnReason: "Why did it come back?",
  returnReasonHint:
    "Only a refusal at the door bars the shopper from cash on delivery (Settings → Checkout).",
  chooseReason: "Choose a reason",
  reasonRequired: "Choose why the parcel came back.",
  rtoReasons: {
    refused: "Refused at the door",
    unreachable: "Shopper not reachable",
    wrong_address: "Address wrong",
    other: "Other",
  },
  /** Beside a parcel returned to origin: "Returned to origin (Refused at the door)". */
  returnedBecause: (reason: string) => `(${reason})`,
  confirmReturnedAction: "Mark returned",
  returnedToast: "The shipment has been marked returned to origin.",
} as const;

/** Returns: the shopper's form and the dashboard's Returns page. */
export const returnWords = {
  title: "Returns",
  formTitle: "Return items",
  formHint: (days: number) => `Delivered items can be returned within ${days} days of delivery.`,
  unitsLabel: (label: string, most: number) => `${label}: up to ${most}`,
  reason: "Reason",
  note: "Note",
  noteHint: "Optional: anything that helps us.",
  submit: "Ask to return",
  none: "No returns.",
  nothingReturnable: "Nothing of this order can be returned now.",
  nothingChosen: "Choose how many of an item to return.",
  reasons: {
    wrong_size: "Wrong size",
    damaged: "Damaged",
    not_as_described: "Not as described",
    changed_mind: "Changed my mind",
  },
  statuses: {
    requested: "Requested",
    approved: "Approved",
    rejected: "Rejected",
    received: "Received",
    refunded: "Refunded",
  },
  all: "All",
  approve: "Approve",
  reject: "Reject",
  receive: "Mark received",
  refund: "Refund",
  cancel: "Cancel",
  message: "Message to the shopper",
  messageHint: "Optional: sent with the email.",
  columns: {
    order: "Order",
    shopper: "Shopper",
    items: "Items",
    reason: "Reason",
    amount: "Amount",
    status: "Status",
    actions: "Actions",
  },
  /** An action's name for screen readers: "Approve the return of order #1001". */
  actionOf: (action: string, number: number) => `${action}: return of order #${number}`,
  line: (quantity: number, label: string) => `${quantity} × ${label}`,
  yourMessage: (message: string) => `Our message: ${message}`,
  loading: "Loading returns...",
  /** The toast of a step: "Approved: return of order #1001". */
  stepDone: (status: string, number: number) => `${status}: return of order #${number}`,
  /**
   * The reason a return's refund carries on its credit note and the order page, as a person would
   * write it: the return by its order's number, and the shopper's reason ("Return of order #1004 ·
   * wrong size").
   */
  refundReason: (orderNumber: number, reason: string) =>
    `Return of order #${orderNumber} · ${reason.toLowerCase()}`,
} as const;
