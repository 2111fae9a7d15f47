/**
 * The web's words for parcels booked through Shiprocket: staff's ship dialog, the Ready to Ship
 * batch, the undelivered parcels (NDR) page, COD remittances, and the tracking status the shopper
 * and staff read on a parcel.
 */
import type { TrackingStatus } from "../constants";

/**
 * Where the courier's last scan put a parcel, as the shopper reads it on their order (and staff on
 * theirs). Its own object: the account's order page takes these words alone.
 */
export const trackingStatusWords: Record<TrackingStatus, string> = {
  picked_up: "Picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  undelivered: "Delivery attempted",
  rto_initiated: "Returning to us",
  rto_delivered: "Returned to us",
};

/** The order page's "Ship with Shiprocket" dialog (staff). */
export const shiprocketShip = {
  action: "Ship with Shiprocket",
  dialogTitle: "Ship with Shiprocket",
  unitsTitle: "Units in this parcel",
  parcelTitle: "Parcel",
  parcelHint: "Filled in from the units; change them to match the box you pack.",
  weight: "Weight (kg)",
  length: "Length (cm)",
  breadth: "Breadth (cm)",
  height: "Height (cm)",
  couriersTitle: "Courier",
  quoting: "Asking Shiprocket for couriers…",
  noCouriers: "No courier serves this parcel. Change its size or units, or ship it by hand.",
  recommended: "Recommended",
  /** A courier's estimated delivery: "Delivery by 3 Dec 2026". */
  etd: (date: string) => `Delivery by ${date}`,
  noEtd: "No delivery date given",
  codYes: "Collects cash on delivery",
  codNo: "No cash on delivery",
  /** Shiprocket's 0–5 rating: "Rated 4.2 of 5". */
  rating: (rating: number) => `Rated ${rating.toFixed(1)} of 5`,
  ewaybill: "E-way bill number",
  ewaybillHint: "12 digits. A parcel worth more than ₹50,000 needs one.",
  chooseCourier: "Choose a courier.",
  submit: "Ship",
  cancel: "Cancel",
  close: "Close",
  booked: "Booked with Shiprocket",
  awb: "AWB",
  courier: "Courier",
  pickup: "Pickup",
  noPickup: "Not scheduled yet",
  openLabel: "Open label",
  created: "The parcel has been booked with Shiprocket.",
};

/** The order page's parcels booked through Shiprocket (staff). */
export const shiprocketParcel = {
  /** A parcel's label link, named for screen readers: "Open label — Delhivery 1904…". */
  openLabel: "Open label",
  openLabelOf: (courier: string, awb: string | null) => `Open label — ${courier}${awb ? ` ${awb}` : ""}`,
  ewaybill: (number: string) => `E-way bill ${number}`,
  noScanYet: "Booked, not scanned yet",
  showScans: "Show scans",
  hideScans: "Hide scans",
  scansTitle: "Courier scans",
  loadingScans: "Loading the courier's scans…",
  noScans: "The courier has not scanned this parcel yet.",
  /** Before the courier picks it up: the AWB cancelled with Shiprocket, the units to ship again. */
  cancel: "Cancel parcel",
  cancelOf: (courier: string, awb: string | null) => `Cancel parcel — ${courier}${awb ? ` ${awb}` : ""}`,
  confirmCancelTitle: "Cancel this parcel?",
  confirmCancel: (courier: string, awb: string | null) =>
    `Shiprocket cancels ${courier}'s AWB ${awb ?? ""}; its units are to ship again.`,
};

/** Ready to Ship's batch booking (staff). */
export const shiprocketBatch = {
  select: "Select",
  /** A row's checkbox: "Select order #1042". */
  selectOrder: (number: number) => `Select order #${number}`,
  selected: (count: number) => `${count} selected`,
  max: (most: number) => `At most ${most} orders at a time.`,
  rule: "Courier",
  rules: { cheapest: "Cheapest", fastest: "Fastest", recommended: "Shiprocket's recommendation" },
  submit: "Ship selected with Shiprocket",
  resultTitle: "Shiprocket batch",
  shipped: (count: number) => (count === 1 ? "1 order shipped." : `${count} orders shipped.`),
  openLabels: "Open labels",
  openManifest: "Open manifest",
  failedTitle: "Not shipped",
  failedOrder: (number: number | null) => (number === null ? "Order" : `#${number}`),
  dismiss: "Dismiss",
};

/** Orders → Undelivered parcels: the couriers' non-delivery reports (staff). */
export const ndrPage = {
  link: "Undelivered parcels",
  title: "Undelivered parcels",
  intro:
    "Parcels the courier could not deliver. Ask for another attempt, or have the parcel brought back to us (it cannot be undone).",
  empty: "No undelivered parcels.",
  columns: {
    order: "Order",
    customer: "Customer",
    parcel: "Parcel",
    reason: "Reason",
    attempts: "Attempts",
    at: "Reported",
    actions: "Actions",
  },
  reattempt: "Re-attempt",
  /** "Re-attempt — #1042": the row's button, its visible words first. */
  reattemptOf: (number: number) => `Re-attempt — #${number}`,
  returnToOrigin: "Return to origin",
  returnToOriginOf: (number: number) => `Return to origin — #${number}`,
  confirmReturnTitle: "Return the parcel to us?",
  confirmReturn: (number: number, awb: string) =>
    `The courier will bring parcel ${awb} of order #${number} back to us. This cannot be undone.`,
  reattempted: "The courier will try to deliver it again.",
  returning: "The courier will bring the parcel back to us.",
};

/** Payments → COD remittances: the courier's report of cash on delivery money paid to the shop (admin). */
export const codRemittances = {
  link: "COD remittances",
  title: "COD remittances",
  intro:
    "Upload the remittance CSV from Shiprocket: each AWB with the cash it remitted is matched to its cash on delivery parcel.",
  upload: "Remittance CSV",
  uploadHint: "The file as Shiprocket exports it.",
  uploading: "Reading the remittance…",
  matched: "Parcels matched",
  remitted: "Parcels marked remitted",
  differencesTitle: "Differences",
  noDifferences: "Every remitted amount matches its parcel.",
  columns: { awb: "AWB", order: "Order", expected: "Expected", remitted: "Remitted" },
  noOrder: "No order",
  noCodParcel: "No COD parcel",
};
