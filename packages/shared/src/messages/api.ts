/** The API's own messages: what it sends in `message` and `errors` (SPEC section 8). */

import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "../constants";

/** Messages the API sends with a successful or refused response that SPEC leaves to the server. */
export const api = {
  ok: "OK",
  created: "Created successfully.",
  updated: "Updated successfully.",
  deleted: "Deleted successfully.",
  registered: "Your account has been created.",
  loggedIn: "You are logged in.",
  loggedOut: "You are logged out.",
  passwordChanged: "Your password has been changed.",
  notSignedIn: "Please log in to continue.",
  forbidden: "You are not allowed to do this.",
  notFound: "The requested resource was not found.",
  routeNotFound: "This API path does not exist.",
  metricsUnauthorized: "The metrics need the bearer token set in METRICS_TOKEN.",
  userNotFound: "User not found.",
  addressNotFound: "Address not found.",
  accountInactive: "Your account is inactive. Please contact support.",
  emailTaken: "An account with this email already exists.",
  oldPasswordWrong: "Old password is invalid",
  tooManyRequests: "Too many requests, please try again later.",
  crossOrigin: "Cross-origin requests are not allowed.",
  unsupportedMediaType: "This file type is not supported.",
  payloadTooLarge: "The request is too large.",
  unavailable: "The service is temporarily unavailable, please try again shortly.",
  internal: "Something went wrong, please try again later.",
  invalidInput: "Some fields are invalid. Please check your inputs and try again.",
  ownRoleChange: "You cannot change your own role.",
  ownStatusChange: "You cannot change your own status.",
  categoryNotFound: "Category not found.",
  categorySlugTaken: "A category with this slug already exists.",
  categoryNameTaken: "A category with this name already exists.",
  /** DELETE /categories/{id} without `moveTo` while products are in it (inactive ones too). */
  categoryHasProducts: (count: number) =>
    `This category has ${count} product${count === 1 ? "" : "s"}. Choose the category they move to.`,
  categoryMoveToItself: "Choose another category for its products.",
  /** A category that discount codes are limited to: its products moving would change what they discount. */
  categoryInDiscounts: (codes: readonly string[]) =>
    `The discount code${codes.length === 1 ? "" : "s"} ${codes.join(", ")} ${codes.length === 1 ? "applies" : "apply"} to this category. Change ${codes.length === 1 ? "it" : "them"} first.`,
  productHasOrders: "This product has orders and cannot be deleted. Deactivate it instead.",
  salePriceRequired: "Set a sale price below the price before putting the product on sale.",
  reviewNotFound: "Review not found.",
  reviewExists: "You have already reviewed this product.",
  mediaNotFound: "Media not found.",
  mediaStorageUnavailable: "The image could not be stored just now. Please try again.",
  mediaUploaded: "Media uploaded successfully.",
  avatarUpdated: "Your avatar has been updated.",
  unsupportedImage: "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.",
  uploadTooLarge: `The file is too large; the limit is ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  imageTooManyPixels: `The image is too large; the limit is ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels.`,
  notMultipart: "Please send the file as a multipart form upload.",
  orderPlaced: "Your order has been placed.",
  orderNotFound: "Order not found.",
  orderCancelled: "The order has been cancelled.",
  orderNotPending: "Only a pending order can be cancelled.",
  tooManyUnpaidOrders: "You have too many unpaid orders. Pay or cancel one first.",
  shippingMethodUnavailable: "This shipping method does not deliver to your address. Please choose another.",
  noShippingMethod: (state: string) => `We do not deliver to ${state} yet. Please choose another address.`,
  minimumOrder: (amount: string) => `Orders start at ${amount} of items. Add a little more to your cart.`,
  settingsNotFound: "There is no such section of the settings.",
  quantityPerLine: (max: number) => `You can buy at most ${max} of this item.`,
  idempotencyKeyReused: "This key was used for a different order.",
  outOfStock: (name: string, available: number) =>
    available > 0 ? `Only ${available} of ${name} left in stock.` : `${name} is out of stock.`,
  productUnavailable: (name: string) => `${name} is no longer available.`,
  productMissing: "A product in your cart no longer exists.",
  /** A short variant of a product with options: 'Only 1 left of Trail Running Shoes (Size: 9).' */
  variantOutOfStock: (label: string, available: number) =>
    available > 0 ? `Only ${available} left of ${label}.` : `${label} is out of stock.`,
  skuTaken: "This SKU is already in use.",
  variantNotFound: "This variant does not exist.",
  addressRequired: "Please select an address.",
  /** A saved address whose state (typed before states were a list) is none of India's. */
  addressNeedsState: "This address needs a state. Edit it and choose its state from the list.",
  transitionRefused: (from: string, to: string) => `An order that is ${from} cannot become ${to}.`,
  paymentRecorded: "Order paid successfully.",
  paymentDeclined: "Something went wrong, please try again later...",
  alreadyPaid: "This order has already been paid.",
  orderNotPayable: "This order can no longer be paid.",
  /** Another payment of the order is being captured at this moment: nothing was taken by this one (409). */
  paymentInProgress:
    "A payment of this order is already under way. Please wait a moment and check the order.",
  /** The provider took this payment, but the order was paid by another: it goes back in full (409). */
  secondPaymentRefunded: (amount: string) =>
    `This order was already paid. Your second payment of ${amount} will be refunded to you in full.`,
  /** The provider took this payment after the order was closed (its hold ran out, or it was cancelled) (409). */
  closedOrderPaymentRefunded: (amount: string) =>
    `This order was closed before your payment of ${amount} arrived. It will be refunded to you in full.`,
  unmatchedPaymentNotFound: "Unmatched payment not found.",
  /** POST /payments/unmatched/{id}/refund for one that is not held for review (409). */
  unmatchedPaymentNotHeld: "Only a payment held for review can be refunded from here.",
  paymentNotFound: "Payment not found.",
  paymentMismatch: "The payment does not match this order.",
  paymentProviderUnavailable: "The payment provider could not be reached, please try again later.",
  paypalNotConfigured: "PayPal is not configured on this shop.",
  razorpayNotConfigured: "Razorpay is not configured on this shop.",
  /** Razorpay takes the shop's payments in rupees: an order in another currency is paid another way (409). */
  razorpayRupeesOnly: "Razorpay takes payments in Indian rupees (INR) only.",
  /** The signature Razorpay Checkout returned does not match its order and payment: nothing is recorded (400). */
  razorpaySignatureInvalid: "The payment could not be verified.",
  /** The provider gave the refund as pending: it completes (credit note, email) once the provider pays it out. */
  refundPending: "The refund has been sent; it will be recorded once the payment provider completes it.",
  /**
   * 202: the provider's answer to a refund was unclear (it timed out, the connection broke, a 5xx):
   * the refund stays reserved and the payment sweep asks the provider by its request id.
   */
  refundBeingChecked:
    "The payment provider did not answer clearly, so the refund is being checked with it: it will be recorded, or released, within a few minutes. Do not refund again.",
  /** A refund of a payment whose provider this shop no longer has configured (409). */
  refundProviderMissing: "The payment provider of this payment is not configured on this shop.",
  testGatewayDisabled: "The test gateway is not available on this shop.",
  webhookRejected: "The webhook could not be verified.",
  paymentPending: "Your payment is being processed; the order will be updated once it is confirmed.",
  resetLinkSent: "If an account exists for this email, we have sent a link to reset the password.",
  resetLinkInvalid: "This reset link is invalid or has expired.",
  passwordReset: "Your password has been reset. You are logged in.",
  emailNotFound: "Email not found.",
  emailRequeued: "The message will be sent again.",
  settingsSaved: "Settings saved.",
  emailNotFailed: "Only a message that failed can be sent again.",
  /** An invoice asked for before it was issued: at payment, or for cash on delivery when the first parcel ships (409). */
  invoiceNotIssued:
    "This order has no invoice yet: an invoice is issued once the order is paid, or for cash on delivery when it ships.",
  /** A packing slip asked for an order that is neither paid nor cash on delivery being prepared (409). */
  packingSlipNotReady: "Only a paid or cash on delivery order has a packing slip.",
  /** A refund asked for an order without a completed payment (409). */
  refundUnpaid: "This order has not been paid, so there is nothing to refund.",
  /** A refund of more than the payment has left (409); the amount comes formatted. */
  refundTooMuch: (remaining: string) => `Only ${remaining} of this payment remains to be refunded.`,
  /** The provider said no (502); nothing was recorded. */
  refundRefused: (issue: string) => `The payment provider refused the refund: ${issue}`,
  refundKeyReused: "This key was used for a different refund.",
  refundRecorded: "The refund has been recorded.",
  /** A restock line that names no line of the order. */
  refundLineUnknown: "This is not a line of this order.",
  /** A credit note by the goods: more units of a line than are left to credit. */
  refundLineTooMany: (left: number) =>
    left === 0
      ? "Every unit of this line has been refunded already."
      : `Only ${left} unit${left === 1 ? "" : "s"} of this line ${left === 1 ? "is" : "are"} left to refund.`,
  refundLinesEmpty: "Choose the lines to refund, or enter an amount.",
  /** A return whose units another refund of the order gave back in the meantime. */
  returnUnitsRefunded:
    "Some units of this return have been refunded from the order already: refund what is left by amount from the order.",
  refundShippingGiven: "The shipping of this order has been refunded already.",
  refundCodFeeGiven: "The cash on delivery fee of this order has been refunded already.",
  /** An amount sent with lines that is not what they come to. */
  refundAmountNotLines: (amount: string) =>
    `The lines chosen come to ${amount}; the amount must be the same.`,
  /** A restock of more units of a line than were bought and not yet returned. */
  refundRestockTooMany: (available: number) =>
    available > 0
      ? `Only ${available} of this line can go back to stock.`
      : "Every unit of this line is already back in stock.",
  /** A status change to refunded by someone who may not move money (a manager). */
  refundAdminOnly: "Only an admin can refund an order.",
  creditNoteNotFound: "Credit note not found.",
  /** Cash on delivery asked for while the owner has it turned off (400). */
  codNotOffered: "Cash on delivery is not offered.",
  /** Cash on delivery for an order whose total with the fee passes the owner's limit (409). */
  codOverLimit: (limit: string) => `Cash on delivery is available for orders up to ${limit}.`,
  /** The shopper chose cash on delivery (201). */
  codChosen: "Your order will be paid in cash on delivery.",
  /** Cash recorded for a payment that is not cash on delivery (409). */
  codNotCod: "This payment is not cash on delivery.",
  /** Cash recorded twice (409). */
  codAlreadyCollected: "The cash for this order has already been recorded.",
  /** Cash recorded for an order that was cancelled (409). */
  codOrderClosed: "This order is closed: its cash cannot be recorded.",
  /** Cash recorded before it can have been collected: the order unconfirmed, or no parcel out (409). */
  codNotOut: "Cash can be recorded once the order is confirmed and a parcel has left.",
  codCollected: "The cash collected has been recorded.",
  /** A refund of a cash-on-delivery payment names how the money went back (400). */
  refundReferenceRequired: "Enter the reference of the bank transfer or UPI payment that returned the money.",
  /** Shipments (POST /orders/{orderId}/shipments, PATCH .../shipments/{shipmentId}). */
  shipmentNotFound: "Shipment not found.",
  shipmentCreated: "The shipment has been recorded.",
  shipmentDelivered: "The shipment has been marked delivered.",
  /** Only a paid order still being prepared can ship (409). */
  shipmentNotShippable: (status: string) =>
    `An order that is ${status} cannot ship: only a paid order being prepared (processing) can.`,
  shipmentNothingLeft: "Every unit of this order has already shipped.",
  shipmentLineUnknown: "This is not a line of this order.",
  shipmentTooMany: (remaining: number) =>
    remaining > 0 ? `Only ${remaining} of this line remain to ship.` : "Every unit of this line has shipped.",
  carrierUnknown: (names: string) => `This carrier is not in the settings; choose one of ${names}.`,
  shipmentAlreadyDelivered: "This shipment has already been delivered.",
  shipmentReturnedToOrigin: "The shipment has been marked returned to origin.",
  shipmentAlreadyReturned: "This shipment has already come back to the shop.",
  /** DELETE /users/{userId}/cod-bar for a customer with no bar (409). */
  codNotBarred: "This customer is not barred from cash on delivery.",
  /** Only an unpaid cash on delivery parcel comes back as RTO; a paid order's goods come back as a return (409). */
  returnToOriginNotCod:
    "Only a cash on delivery parcel whose cash was not collected is returned to origin: record a paid order's goods coming back as a return with its refund.",
  returnToOriginAfterDelivery:
    "Part of this order has been delivered: record what comes back as a return instead.",
  shipmentNotDeliverable: (status: string) =>
    `A shipment of an order that is ${status} cannot be marked delivered.`,
  /** The status dialog cannot mark an order delivered before every unit shipped. */
  deliveredBeforeShipped: "Every unit must ship before the order can be delivered.",
  /** Returns (POST /returns and its steps). */
  returnNotFound: "Return not found.",
  returnRequested: "Your return request has been sent.",
  returnUpdated: (status: string) => `The return is now ${status}.`,
  returnNothingDelivered: "Nothing of this order has been delivered yet, so there is nothing to return.",
  returnWindowClosed: (days: number) =>
    `Items can be returned within ${days} days of delivery; this time has passed.`,
  returnLineUnknown: "This is not a line of this order.",
  returnTooMany: (available: number) =>
    available > 0
      ? `Only ${available} of this item can still be returned.`
      : "Every delivered unit of this item has already been asked back.",
  returnTransition: (from: string, to: string) => `A return that is ${from} cannot become ${to}.`,
  returnUnpaid: "This order has no payment to refund the return from.",
  /** Cancelling an order part of which already left. */
  cancelAfterShipment: "Part of this order has shipped, so it can no longer be cancelled. Refund it instead.",
  /** An adjustment that would take a variant's stock below 0 (409). */
  stockBelowZero: (stock: number) =>
    stock > 0
      ? `Only ${stock} in stock: the stock cannot go below 0.`
      : "Nothing is in stock: the stock cannot go below 0.",
  stockAdjusted: "Stock adjusted.",
} as const;
