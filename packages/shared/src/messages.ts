/**
 * Every message a user can see, worded as docs/spec.md words it (sections 5 and 8).
 * The API sends these in `message` / `errors`; the web shows them in forms, toasts and pages.
 */

import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "./constants";

/** Field-level validation messages (SPEC section 5). */
export const validation = {
  email: "This email is not valid.",
  password: "Password is not acceptable.",
  passwordWeak: "Please choose a stronger password.",
  required: "This is required.",
  minLength: (n: number) => `This must be ${n} character${n === 1 ? "" : "s"} or more.`,
  maxLength: (n: number) => `This must be ${n} character${n === 1 ? "" : "s"} or less.`,
  number: "This must be a number.",
  min: (x: number) => `This cannot be less than ${x}.`,
  max: (x: number) => `This cannot be more than ${x}.`,
  id: "This is not a valid id.",
  oneOf: (options: readonly string[]) => `This must be one of the following: ${options.join(", ")}.`,
  notAnOption: "This is not an acceptable option.",
  object: "This must be an object.",
  firstName: "First name is not acceptable.",
  lastName: "Last name is not acceptable.",
  name: "Name must include first name and last name.",
  phoneNumber: "Phone number is not valid",
  countryCode: "Country code is not valid.",
  building: "Building is not valid.",
  street: "Street is not valid.",
  city: "City is not valid.",
  state: "State is not valid.",
  pinCode: "Pin code is not valid.",
  country: "Country is not valid.",
  categoryName: "Category name is not valid.",
  categorySlug: "Category slug is not valid.",
  productName: "Product name is not valid.",
  productDescription: "Product description is not valid.",
  salePriceBelowPrice: "The sale price must be lower than the price.",
  optionNameRepeated: "Each option needs a different name.",
  optionValueRepeated: "Each value of an option must be different.",
  variantsRequired: "A product with options needs at least one variant.",
  variantOptions: "A variant takes exactly one value of every option.",
  variantRepeated: "Another variant has the same options.",
  sku: "A SKU is 1 to 64 letters, digits, dashes, underscores or dots.",
  skuRepeated: "Each variant needs its own SKU.",
  /** An order line for a product with options that names no variant: 'Please choose a Size.' */
  chooseOption: (name: string) => `Please choose a ${name}.`,
  /** A list filter's `option` parameter that is not `Name:Value`. */
  optionFilter: "This must be an option name and value, such as Size:M.",
  /** A price range whose lowest price is above its highest. */
  priceRange: "The lowest price cannot be more than the highest.",
  variantOfOtherProduct: "This is not a variant of this product.",
  reviewTitle: "Title is not valid.",
  reviewRating: "This must be a number between 1 and 5.",
  reviewComment: "Comment is not valid.",
  loginPassword: "Invalid password.",
  oldPassword: "Old password is invalid",
  passwordsDoNotMatch: "Passwords do not match.",
  orderStatusMissing: "Order ID or status is missing.",
  orderProducts: "At least one product is required to place an order.",
  selectFile: "Please select a file to upload.",
  cardNumber: "Card number is not valid.",
  cardExpiry: "Expiry date is not valid (MM/YY).",
  cardCvc: "CVC is not valid.",
  cardExpired: "This card has expired.",
  /** An id Razorpay Checkout handed back ("order_…", "pay_…") that is not of its form. */
  razorpayId: "This is not a Razorpay id.",
  unknownField: "This field is not allowed.",
  discountCode: "A code is 3 to 32 letters, digits, dashes or underscores.",
  discountPercentage: "A percentage is a whole number from 1 to 100.",
  discountAmount: "The amount off must be more than 0.",
  discountDates: "The end must be after the start.",
  discountDate: "This is not a valid date and time.",
  discountCategories: "Choose at least one category.",
  discountProducts: "Choose at least one product.",
  /** Money in dollars and cents: a refund's amount. */
  cents: "This must be an amount with at most 2 decimals.",
  refundAmount: "The amount must be at least 0.01.",
  /** A day of an orders list's date range. */
  date: "This must be a date as YYYY-MM-DD.",
  dateRange: "The end date cannot be before the start date.",
  reportTooLong: (days: number) => `A report covers at most ${days} days.`,
  /** The shop's settings (dashboard Settings). */
  gstin: "A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character.",
  /** A GSTIN of the right shape whose check character does not follow from the others (a typo). */
  gstinCheck: "This GSTIN's last character does not match the others. Please check it for a typo.",
  /** A GSTIN whose first two digits are no Indian state's code. */
  gstinStateCode: "A GSTIN starts with the code of an Indian state, such as 27 for Maharashtra.",
  /** An address's GSTIN registered in another state than the address's. */
  gstinOtherState: (state: string, code: string) => `A GSTIN registered in ${state} starts with ${code}.`,
  utcOffset: "The offset from UTC is written as +05:30 or -04:00.",
  currencyCode: "This is not a currency code the shop can use (three letters, such as INR or USD).",
  locale: "This is not a locale the shop can write amounts in (such as en-IN or en-US).",
  hsnCode: "An HSN code is 4, 6 or 8 digits.",
  /** A rate by price (a category's or product's GST slabs). */
  taxSlabsCount: (max: number) => `A rate by price has 2 to ${max} slabs.`,
  taxSlabsOrder: "Each slab's limit must be above the one before it; only the last slab has no limit.",
  shippingStates: "Choose at least one state, or serve every state.",
  shippingMethodEnabled: "Keep at least one shipping method enabled.",
  shippingMethodNames: "Each shipping method needs a different name.",
  /** A carrier's tracking link template (settings). */
  trackingUrl: "A tracking link is an https:// address containing {number}.",
  carrierNames: "Each carrier needs a different name, and not Other.",
  /** A parcel sent with the carrier Other: its tracking, history and emails name the carrier given here. */
  carrierName: "Enter the carrier's name.",
  /** The settings' order of payment methods names one twice. */
  paymentMethodRepeated: "Each payment method is listed once.",
  /** The settings' order of payment methods names a provider the server has no keys for. */
  paymentMethodNotConfigured: "This payment method is not configured on this shop.",
  /** A shipment's lines name each order line once. */
  shipmentLinesUnique: "Name each line of the order once.",
  returnLines: "Choose at least one item to return.",
  adjustmentZero: "The change must be a whole number other than 0.",
  /** A count (units, days, a stock change) given with a fraction. */
  wholeNumber: "Enter a whole number.",
  /** A list's `after` cursor that is not one the list gave (edited, cut short, another list's). */
  cursor: "This page link is no longer valid. Go back to the first page.",
} as const;

/** Form-level messages shown when a whole form is refused. */
export const formErrors = {
  category: "Some fields are invalid. Please check the form and try again.",
  product: "Some fields are invalid, please try again.",
  review: "Some required fields are missing.",
  register: "Some fields are invalid. Please check your inputs and try again.",
  changePassword: "Passwords are incorrect.",
  profile: "Please fill in all the details correctly.",
  invalidInput: "Some fields are invalid. Please check your inputs and try again.",
  resetPassword: "The password could not be reset. Please check your inputs and try again.",
  discount: "Some fields are invalid. Please check the form and try again.",
} as const;

/** The error catalogue (SPEC section 8): defaults shown when the server gives no message. */
export const errors = {
  notAuthorized: "You are not authorized to access this page.",
  tryReloadingEllipsis: "Something went wrong please try reloading the page...",
  tryReloading: "Something went wrong, please try reloading the page.",
  somethingWentWrong: "Something went wrong...",
  tryAgain: "Something went wrong, please try again.",
  categoryCreate: "An error occurred while creating the category.",
  customerStatus: "An error occurred while updating the customer status.",
  tryAgainLaterEllipsis: "Something went wrong, please try again later...",
  unknownError: "An unknown error has occurred.",
  productStatus: "An error occurred while updating the product status.",
  productDelete: "An error occurred while deleting the product.",
  productSave: "An error occurred while creating the product.",
  login: "An error occurred while logging you in.",
  badCredentials: "Invalid email or password. Please check your credentials and try again.",
  register: "An error occurred while creating your account.",
  review: "An error occurred while submitting your review.",
  addToCart: "Unable to add to cart. Please try again later.",
  tryAgainEllipsis: "Something went wrong, please try again...",
  tryAgainLater: "Something went wrong, please try again later.",
  productNotFound: "Product not found.",
  productNotAvailable: "Product is not available.",
  orderNotFound: "Order not found.",
  /** A payment the provider declined (402): the shopper can try another card; the order stays payable. */
  cardDeclined: "Your card was declined. Try another card.",
  logout: "An error occurred while logging you out.",
  pageNotFound: "Sorry, we couldn't find the page you're looking for.",
  discountSave: "An error occurred while saving the discount code.",
  discountStatus: "An error occurred while updating the discount code.",
  discountDelete: "An error occurred while deleting the discount code.",
  categoryTax: "An error occurred while updating the category's tax.",
  categoryRename: "An error occurred while renaming the category.",
  categoryDelete: "An error occurred while deleting the category.",
} as const;

/** The page shown in place of a screen that crashed (SPEC section 2: a separate error page). */
export const crash = {
  title: errors.somethingWentWrong,
  explanation: "This page has stopped working. Reloading it usually helps.",
  reload: "Reload",
  home: "Go to the home page",
} as const;

/** Empty states (SPEC sections 2 and 8). */
/** The dashboard's inventory page (/dashboard/inventory). */
export const inventoryPage = {
  title: "Inventory",
  filters: { all: "All", low: "Low", out: "Out of stock" },
  filterLabel: "Stock",
  empty: "No variants match.",
  exportCsv: "Export CSV",
  columns: { product: "Product", sku: "SKU", stock: "Stock", sold: "Sold (30 days)", actions: "Actions" },
  /** In the SKU column of a product without options: its name above says what it is. */
  noSku: "No SKU",
  low: "Low stock",
  out: "Out of stock",
  inactive: "Inactive",
  adjust: "Adjust",
  /** The Adjust button's name for screen readers: "Adjust stock of Tee (Size: M)". */
  adjustOf: (label: string) => `Adjust stock of ${label}`,
  log: "Log",
  /** The Log button's name (and its list's), starting with its visible word: "Log — stock of Tee (Size: M)". */
  logOf: (label: string) => `Log — stock of ${label}`,
  adjustTitle: (label: string) => `Adjust stock: ${label}`,
  change: "Change (units)",
  changeHint: (stock: number) => `Now ${stock} in stock. Negative numbers take units away.`,
  reason: "Reason",
  reasons: { received: "Received", damaged: "Damaged", count_correction: "Count correction", other: "Other" },
  note: "Note",
  noteHint: "Optional: a delivery number, what was damaged.",
  save: "Save adjustment",
  cancel: "Cancel",
  logTitle: (label: string) => `Stock log: ${label}`,
  logEmpty: "No stock movements yet.",
  causes: {
    initial: "Initial stock",
    placement: "Order placed",
    cancel: "Order cancelled",
    expiry: "Unpaid order expired",
    refund: "Refund restock",
    return: "Return",
    import: "CSV import",
    adjustment: "Adjustment",
    other: "Other",
  },
  logColumns: { at: "When", change: "Change", after: "Stock after", cause: "Cause", by: "Who" },
  /** A movement's link to what caused it: its order's page, or the returns of its order. */
  movementOrder: (number: number) => `Order #${number}`,
  movementReturn: (number: number) => `Return of order #${number}`,
  system: "System",
  more: "Show older",
  newer: "Show newer",
} as const;

export const empty = {
  cart: "Your cart is empty. Why not browse some amazing products?",
  reviews: "No reviews yet.",
  orders: "You haven't placed any orders yet.",
  addresses: "You haven't added any addresses yet.",
  savedAddress: "You don't have any saved address.",
  recentOrders: "No recent orders.",
  categories: "No categories found.",
  customers: "Nothing found.",
  disputes: "No disputes.",
  openDisputes: "No open disputes.",
  closedDisputes: "No closed disputes.",
  media: "No media found, try uploading some.",
  allOrders: "No orders found.",
  readyToShip: "No orders are ready to ship.",
  deliveredOrders: "No delivered orders found.",
  cancelledOrders: "No cancelled orders found.",
  refundedOrders: "No refunded orders found.",
  payments: "No payments found.",
  successfulPayments: "No successful payments found.",
  failedPayments: "No failed payments found.",
  partiallyRefundedPayments: "No partially refunded payments found.",
  refundedPayments: "No refunded payments found.",
  emails: "No emails found.",
  queuedEmails: "No emails are waiting to be sent.",
  sentEmails: "No sent emails found.",
  failedEmails: "No failed emails found.",
  products: "No products found.",
  inactiveProducts: "No inactive products found.",
  discounts: "No discount codes found.",
  activeDiscounts: "No active discount codes.",
  scheduledDiscounts: "No scheduled discount codes.",
  expiredDiscounts: "No expired discount codes.",
  usedUpDiscounts: "No used-up discount codes.",
  inactiveDiscounts: "No inactive discount codes.",
} as const;

/** The product page's stock line (SPEC section 9: the low-stock warning at 10 or fewer units). */
export const stock = {
  inStock: "In stock",
  lowStock: (n: number) => `Only ${n} left in stock`,
  outOfStock: "Out of stock",
  /** How many units of the product the shopper's cart already holds. */
  inCart: (n: number) => `${n} already in your cart.`,
  /** Everything in stock is already in the shopper's cart: nothing more can be added. */
  allInCart: (n: number) =>
    n === 1
      ? "The last one in stock is already in your cart."
      : `All ${n} in stock are already in your cart.`,
  /** An option value none of whose variants can be bought (given the values chosen before it). */
  soldOut: "sold out",
  /** The empty choice of an option offered as a select field (more than 8 values). */
  chooseValue: (name: string) => `Choose a ${name}`,
} as const;

/** Notes only staff see on storefront pages. */
export const staffNotes = {
  productInactive: `This product is inactive: shoppers see '${errors.productNotAvailable}'`,
} as const;

/** Guidance shown beside form fields before anything is wrong. */
export const hints = {
  /** The first option of a state select, before one is chosen. */
  chooseState: "Choose a state",
  gstinOptional: "GSTIN (optional)",
  gstin: "For a GST invoice to your business: 15 characters, such as 27AAPFU0939F1ZV.",
  /** Under the state select of an address saved with a state that is none of the list. */
  stateWas: (typed: string) => `Saved as "${typed}": choose its state from the list.`,
  password: "At least 6 characters, with a letter, a number and one of @ $ ! % * # ? &.",
  searchEmpty: "Check the spelling, or try a shorter or more general word.",
} as const;

/** What a search results page says about the query it answered. */
export const searchNotes = {
  /** No product matched every word: words were dropped from the end until some matched. */
  fallback: (from: string, to: string) => `No results for "${from}". Showing results for "${to}".`,
  /** The suggestions box's line for a corrected query. */
  didYouMean: (query: string) => `Did you mean "${query}"?`,
} as const;

/** Loading states named by SPEC. */
export const loading = {
  orders: "Loading orders, please wait a moment...",
  order: "Loading order...",
} as const;

/**
 * A list's paging bar and count line. The numbers come written as the store's locale writes them
 * ("10,000"); a list longer than the API counts (COUNT_CAP) says so with a plus: "Page 3 of 500+",
 * "10,000+ orders".
 */
export const listPaging = {
  pageOf: (page: string, pageCount: string, more: boolean) =>
    `Page ${page} of ${pageCount}${more ? "+" : ""}`,
  count: (total: string, capped: boolean, noun: string) => `${total}${capped ? "+" : ""} ${noun}`,
  /** What the dashboard's lists count, one and more. */
  nouns: {
    orders: { one: "order", other: "orders" },
    products: { one: "product", other: "products" },
    customers: { one: "customer", other: "customers" },
    variants: { one: "variant", other: "variants" },
    entries: { one: "entry", other: "entries" },
    payments: { one: "payment", other: "payments" },
    returns: { one: "return", other: "returns" },
    emails: { one: "email", other: "emails" },
    reviews: { one: "review", other: "reviews" },
  },
} as const;

/** Warnings (SPEC section 8). */
export const warnings = {
  emptyCart: "Please add some products to the cart.",
  selectAddress: "Please select an address.",
  loginToReview: "Please login to submit a review.",
  mediaDelete:
    "Deleting an image removes it everywhere it is used, including product thumbnails and galleries.",
  /** The dashboard home's tile while messages are failing. */
  failingEmails: (n: number) => (n === 1 ? "1 email could not be sent." : `${n} emails could not be sent.`),
} as const;

/** Successes (SPEC section 8) and the dashboard welcome. */
export const successes = {
  productStatus: (active: boolean) => `Product ${active ? "activated" : "deactivated"} successfully.`,
  review: "Review submitted successfully!",
  orderPaid: "Order paid successfully.",
  orderNote: "Note added to the order.",
  addedToCart: (quantity: number) => `Product added to cart successfully (${quantity})`,
  welcomeAdmin: "Welcome to the admin dashboard!",
  userUpdated: "User updated successfully.",
  orderStatus: (status: string) => `Order status updated to '${status.toUpperCase()}' successfully.`,
  productSaved: "Product saved successfully.",
  productDeleted: "Product deleted successfully.",
  categoryCreated: "Category created successfully.",
  mediaDeleted: "Media deleted successfully.",
  roleChanged: (role: string) => `Role changed to ${role} successfully.`,
  discountSaved: "Discount code saved successfully.",
  discountDeleted: "Discount code deleted successfully.",
  discountStatus: (active: boolean) => `Discount code ${active ? "activated" : "deactivated"} successfully.`,
  categoryTaxSaved: "Category tax updated successfully.",
  categoryRenamed: "Category renamed successfully.",
  categoryDeleted: "Category deleted successfully.",
} as const;

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

/** A money field's label with the sign of the currency it is typed in: "Price (₹)", "Amount off ($)". */
export const inCurrency = (label: string, symbol: string) => `${label} (${symbol})`;

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

/** The pay and profile pages: notes and confirmations SPEC leaves to us. */
export const accountNotes = {
  testMode:
    "No real money is charged. Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined card, with any future expiry and any CVC.",
  orderCancelled: "This order has been cancelled and can no longer be paid.",
  confirmCancelOrder: "Cancel this order? Its products go back in stock and it can no longer be paid.",
  profileUpdated: "Your profile has been updated.",
  addressAdded: "Address added successfully.",
  addressDeleted: "Address deleted successfully.",
  addressUpdated: "Address updated successfully.",
  currentPasswordForEmail: "Needed only to change your email.",
  confirmCloseAccount:
    "Closing your account signs you out everywhere and removes your name, email, picture and addresses. Orders already placed are kept for our records. This cannot be undone.",
  accountClosed: "Your account has been closed.",
  closeAccountSummary: "Your orders are kept; everything else about you goes.",
  confirmDeleteAddress: "Delete this address? Orders already placed keep their delivery address.",
} as const;

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
 * The words of the shop's documents: the GST tax invoice and the packing slip, made as
 * PDFs by the API, and the links to them. Amounts come formatted ("$1,234.50").
 */
/** A rate as documents write it: 9 → "9%", 2.5 → "2.5%", 0.25 → "0.25%". */
function percent(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}

export const documents = {
  downloadInvoice: "Download invoice",
  /** The shopper's order page: a credit note per refund, downloaded as the invoice is. */
  creditNotes: "Credit notes",
  downloadCreditNote: (creditNoteNumber: string) => `Download credit note ${creditNoteNumber}`,
  invoice: "Invoice",
  packingSlip: "Packing slip",
  taxInvoice: "Tax Invoice",
  packingSlipTitle: "Packing Slip",
  /** The packing slip of one shipment names it. */
  shipmentLine: (carrier: string, trackingNumber: string | null) =>
    `Shipment: ${carrier}${trackingNumber ? ` ${trackingNumber}` : ""}`,
  /** The link to one shipment's packing slip. */
  shipmentPackingSlip: "Packing slip",
  seller: "Seller",
  billTo: "Bill to",
  shipTo: "Ship to",
  gstin: (gstin: string) => `GSTIN: ${gstin}`,
  state: (state: string) => `State: ${state}`,
  invoiceNumber: (invoiceNumber: string) => `Invoice number: ${invoiceNumber}`,
  invoiceDate: (date: string) => `Invoice date: ${date}`,
  order: (number: number) => `Order: #${number}`,
  orderDate: (date: string) => `Order date: ${date}`,
  phone: (phone: string) => `Phone: ${phone}`,
  placeOfSupply: (state: string) => `Place of supply: ${state}`,
  columns: {
    line: "#",
    item: "Item",
    sku: "SKU",
    quantity: "Qty",
    unitPrice: "Unit price",
    discount: "Discount",
    taxableValue: "Taxable value",
    rate: "Rate",
    tax: "Tax",
    total: "Total",
  },
  skuOf: (sku: string) => `SKU: ${sku}`,
  cgst: "CGST 9%",
  sgst: "SGST 9%",
  igst: "IGST 18%",
  /** The GST of one rate: "CGST 2.5%" and "SGST 2.5%" for 5% within the state, "IGST 5%" across. */
  cgstAt: (rate: number) => `CGST ${percent(rate / 2)}`,
  sgstAt: (rate: number) => `SGST ${percent(rate / 2)}`,
  igstAt: (rate: number) => `IGST ${percent(rate)}`,
  /** A union territory without a legislature levies UTGST in place of SGST (GST.md). */
  utgstAt: (rate: number) => `UTGST ${percent(rate / 2)}`,
  cgstAndUtgst: "CGST\nUTGST",
  utgstOnly: "UTGST",
  /** The tax columns' heads when an invoice's lines have different rates. */
  cgstAndSgst: "CGST\nSGST",
  cgstOnly: "CGST",
  sgstOnly: "SGST",
  igstOnly: "IGST",
  hsn: (code: string) => `HSN: ${code}`,
  rateOf: (rate: number) => percent(rate),
  shippingBy: (method: string) => `Shipping (${method})`,
  pricesIncludeTax: "Prices include GST: the unit prices and discounts are shown with it.",
  shipping: "Shipping",
  /** A cash on delivery order's fee, a charge outside GST. */
  codFee: "Cash on delivery fee",
  taxableTotal: "Taxable value",
  totalTax: "Total tax",
  grandTotal: "Total",
  amountInWords: (words: string) => `Amount in words: ${words}`,
  itemCount: (units: number) => `${units} item${units === 1 ? "" : "s"} in this parcel`,
  computerGenerated: "This is a computer-generated invoice and needs no signature.",
  creditNote: "Credit note",
  creditNoteTitle: "Credit Note",
  creditNoteNumber: (creditNoteNumber: string) => `Credit note number: ${creditNoteNumber}`,
  creditNoteDate: (date: string) => `Credit note date: ${date}`,
  againstInvoice: (invoiceNumber: string) => `Against invoice: ${invoiceNumber}`,
  refundReason: (reason: string) => `Reason: ${reason}`,
  /** How a refund given by hand went back (a UPI or bank transfer reference): on its credit note and the order page. */
  refundReference: (reference: string) => `Refund reference: ${reference}`,
  returnedItems: "Returned to stock",
  /** A credit note line of goods given back as value only (goodwill), beside the line's name. */
  valueOnly: "Value only, no goods",
  buyerGstin: (gstin: string) => `GSTIN: ${gstin}`,
  creditNoteGenerated: "This is a computer-generated credit note and needs no signature.",
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

/** An order's history as its timeline tells it (the dashboard order page and the shopper's pay page). */
export const orderHistory = {
  title: "History",
  empty: "Nothing has happened to this order yet.",
  placed: "Order placed",
  paid: (amount: string) => `Paid ${amount}`,
  cod: (amount: string) => `Cash on delivery chosen: ${amount} to collect`,
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

/**
 * The words of the shop's emails: subjects and lines, composed with the shop's details and escaped
 * by the API (modules/email/compose.ts).
 */
export const mail = {
  greeting: (firstName: string) => `Hello ${firstName},`,
  signOff: "Thank you for shopping with us.",
  footer: (shop: string, address: string, email: string, phone: string) =>
    `${shop} · ${address} · ${email} · ${phone}`,
  notYou: "If this was not you, contact us straight away by replying to this email.",
  passwordReset: {
    subject: "Reset your password",
    lines: (minutes: number) => [
      "We received a request to reset the password of your account.",
      `The link below works once, for ${minutes} minutes.`,
      "If you did not ask for it, ignore this email: your password stays as it is.",
    ],
    action: "Reset your password",
  },
  passwordChanged: {
    subject: "Your password was changed",
    lines: ["The password of your account has just been changed, and every other session signed out."],
  },
  emailChanged: {
    subject: "Your email address was changed",
    lines: (newEmail: string) => [
      `The email address of your account was changed to ${newEmail}.`,
      "This address will not receive our messages any more.",
    ],
  },
  welcome: {
    subject: (shop: string) => `Welcome to ${shop}`,
    lines: ["Your account is ready. You can now save addresses, place orders and follow them."],
    action: "Start shopping",
  },
  /** The parts every order message is made of; amounts come formatted ("$1,234.50"). */
  order: {
    line: (quantity: number, label: string, unitPrice: string, lineTotal: string) =>
      `${quantity} × ${label}: ${unitPrice} each, ${lineTotal}`,
    subtotal: (amount: string) => `Subtotal: ${amount}`,
    discount: (code: string, amount: string) => `Discount (${code}): -${amount}`,
    shipping: (amount: string) => `Shipping: ${amount}`,
    freeShipping: "Free",
    tax: (percent: number, amount: string) => `Tax (GST ${percent}%): ${amount}`,
    /** The GST of an order whose lines had different rates. */
    taxAtRates: (amount: string) => `Tax (GST): ${amount}`,
    /** The tax line of an order whose prices included the GST. */
    taxIncluded: (line: string) => `${line}, included in the prices`,
    codFee: (amount: string) => `Cash on delivery fee: ${amount}`,
    total: (amount: string) => `Total: ${amount}`,
    saved: (amount: string) => `You Saved: ${amount}`,
    shipTo: (address: string) => `Shipping to: ${address}`,
    view: "View your order",
  },
  /** How a payment gateway is named to the shopper. */
  gateways: { paypal: "PayPal", test: "Card (test gateway)", cod: "Cash on delivery", razorpay: "Razorpay" },
  /** How a payment was made through Razorpay, as it reports the method; any other word shows as it came. */
  paymentMethods: {
    upi: "UPI",
    card: "Card",
    netbanking: "Netbanking",
    wallet: "Wallet",
    emi: "EMI",
    paylater: "Pay later",
  } as Readonly<Record<string, string>>,
  orderCodConfirmed: {
    subject: (number: number) => `Your order #${number} is confirmed: cash on delivery`,
    lines: (number: number, amount: string) => [
      `Your order #${number} is confirmed. You will pay ${amount} in cash when it arrives.`,
      "We are preparing your order and will email you when it ships.",
    ],
  },
  orderPlaced: {
    subject: (number: number) => `Your order #${number} is placed`,
    intro: (number: number) => `Thank you for your order #${number}. Here is what you ordered:`,
    payNow: "Your order waits for your payment: it ships once it is paid, and unpaid it is cancelled.",
    action: "Pay for your order",
  },
  paymentReceived: {
    subject: (number: number) => `Payment received for order #${number}`,
    lines: (number: number, amount: string, gateway: string, transactionId: string) => [
      `We have received your payment of ${amount} for order #${number}.`,
      `Paid with: ${gateway}`,
      `Transaction ID: ${transactionId}`,
      "We are preparing your order and will email you when it ships.",
    ],
  },
  orderShipped: {
    subject: (number: number) => `Your order #${number} has shipped`,
    lines: (number: number) => [`Your order #${number} has left us and is on its way.`],
    /** A shipment holding part of the order. */
    partSubject: (number: number) => `Part of your order #${number} has shipped`,
    partLines: (number: number) => [
      `Part of your order #${number} has left us and is on its way; we will email you when the rest ships.`,
    ],
    carrier: (carrier: string, trackingNumber: string) =>
      `Carrier: ${carrier}, tracking number ${trackingNumber}`,
    track: (url: string) => `Track it: ${url}`,
    item: (quantity: number, label: string) => `${quantity} × ${label}`,
  },
  orderDelivered: {
    subject: (number: number) => `Your order #${number} was delivered`,
    lines: (number: number) => [
      `Your order #${number} has been delivered. We hope you enjoy it.`,
      "You can review what you bought on each product's page.",
    ],
    /** A shipment holding part of the order, delivered. */
    partSubject: (number: number) => `A parcel of your order #${number} was delivered`,
    partLines: (number: number, carrier: string) => [
      `A parcel of your order #${number} (${carrier}) has been delivered.`,
    ],
  },
  returnUpdate: {
    subject: (number: number, status: string) => `Your return for order #${number}: ${status}`,
    requested: (number: number) => [
      `We have your request to return items from order #${number}. We will email you once we have looked at it.`,
    ],
    approved: (number: number) => [
      `Your return for order #${number} is approved. Please send the items back; we refund them once they arrive.`,
    ],
    rejected: (number: number) => [`We cannot accept your return for order #${number}.`],
    received: (number: number) => [
      `The items you returned from order #${number} have arrived. Your refund follows.`,
    ],
    refunded: (number: number, amount: string) => [
      `We have refunded ${amount} for the items you returned from order #${number}.`,
      "It can take a few days for the money to show in your account.",
    ],
    message: (message: string) => `Our message: ${message}`,
    item: (quantity: number, label: string) => `${quantity} × ${label}`,
  },
  orderCancelled: {
    subject: (number: number) => `Your order #${number} was cancelled`,
    byShopper: (number: number) => `As you asked, your order #${number} has been cancelled.`,
    byStaff: (number: number) =>
      `Your order #${number} has been cancelled by our team. If you have any questions, reply to this email.`,
    expired: (number: number) =>
      `Your order #${number} was cancelled because it was not paid in time. You are welcome to order again.`,
  },
  orderRefunded: {
    subject: (number: number) => `Your order #${number} was refunded`,
    lines: (number: number, amount: string) => [
      `We have refunded ${amount} for your order #${number}.`,
      "It can take a few days for the money to show in your account.",
    ],
  },
} as const;

/** The products CSV: the dashboard's export and import, and the import's refusals row by row. */
export const productCsv = {
  exportButton: "Export CSV",
  importButton: "Import CSV",
  importTitle: "Import products from CSV",
  importHint:
    "One row per variant, in the columns of the export. Rows of one handle make one product; a product's rows replace its variants. Nothing is imported until you apply, and then all rows or none.",
  chooseFile: "CSV file",
  check: "Check file",
  checking: "Checking the file...",
  apply: "Apply",
  applying: "Importing...",
  cancel: "Cancel",
  close: "Close",
  summary: (created: number, updated: number, unchanged: number, refused: number) =>
    `${created} to create, ${updated} to update, ${unchanged} unchanged, ${refused} refused.`,
  refusedRows: "Refused rows",
  rowColumn: "Row",
  columnColumn: "Column",
  reasonColumn: "Reason",
  nothingToApply: "Nothing would change.",
  fixAndRetry:
    "Fix the refused rows in the file and check it again; nothing is imported while a row is refused.",
  /** The answers of the import. */
  imported: (created: number, updated: number) =>
    `Imported: ${created} product${created === 1 ? "" : "s"} created, ${updated} updated.`,
  checked: "The file has been checked; nothing was changed.",
  unreadable: "This file could not be read as CSV.",
  empty: "The file has no rows to import.",
  missingColumns: (columns: readonly string[]) =>
    `The file lacks the column${columns.length === 1 ? "" : "s"}: ${columns.join(", ")}.`,
  tooManyRows: (max: number) => `A file can hold at most ${max.toLocaleString("en-US")} rows.`,
  rowsRefused: "Some rows were refused; nothing was imported.",
  /** Per row. */
  handleRequired: "Every row needs a handle.",
  differsFromFirstRow: "This differs from the first row of the same handle; leave it empty or repeat it.",
  optionNamesDiffer: "The option names differ from the first row of the same handle.",
  optionValueMissing: "This option needs a value.",
  categoryUnknown: (slug: string) => `No category has the slug '${slug}'.`,
  imageUnknown: "This image URL is not one of the shop's images; upload the image in Media first.",
  notABoolean: "This must be true or false.",
  skuInOtherRow: "Another product of the file has this SKU.",
  sameProductTwice: "Another handle of the file names the same product (by its id or its SKUs).",
} as const;

/** The storefront's search, sort and filters (the search, category and sale pages, the header's box). */
export const searchTexts = {
  sortLabel: "Sort by",
  sorts: {
    relevance: "Relevance",
    newest: "Newest",
    "price-asc": "Price: low to high",
    "price-desc": "Price: high to low",
    rating: "Customer rating",
    "best-selling": "Best selling",
  },
  filters: "Filters",
  /** The phone's button that opens the filter drawer, with how many filters are on. */
  showFilters: (active: number) => (active > 0 ? `Filters (${active})` : "Filters"),
  closeFilters: "Close filters",
  /** The drawer's button that closes it, with how many products the filters show once known. */
  showResults: (total?: number) =>
    total === undefined ? "Show results" : `Show ${total} ${total === 1 ? "result" : "results"}`,
  activeFilters: "Active filters",
  clearAll: "Clear all",
  /** A chip's name for screen readers, starting with its visible words: its button takes the filter off. */
  removeFilter: (label: string) => `${label} — remove filter`,
  category: "Category",
  price: "Price",
  /** The price filter's boxes, with the sign of the shop's currency: "Min price (₹)". */
  minPrice: (symbol: string) => `Min price (${symbol})`,
  maxPrice: (symbol: string) => `Max price (${symbol})`,
  applyPrice: "Apply price",
  /** The price filter's chip, its bounds written in the shop's currency: "₹20 – ₹40", "Up to ₹40". */
  priceRange: (min: string | null, max: string | null) =>
    min !== null && max !== null ? `${min} – ${max}` : min !== null ? `From ${min}` : `Up to ${max}`,
  availability: "Availability",
  inStock: "In stock",
  onSale: "On sale",
  rating: "Rating",
  anyRating: "Any rating",
  ratingAtLeast: (stars: number) => `${stars} stars & up`,
  /** A value's count for screen readers, beside the visible number. */
  resultCount: (count: number) => `${count} ${count === 1 ? "product" : "products"}`,
  suggestionsLabel: "Suggestions",
  suggestedProducts: "Products",
  suggestedCategories: "Categories",
  /** Read out (politely) when the suggestions change. */
  suggestionCount: (count: number) =>
    count === 0 ? "No suggestions." : `${count} ${count === 1 ? "suggestion" : "suggestions"} available.`,
} as const;

/**
 * The dashboard's Reports page (/dashboard/reports) and the home's money tiles: net sales, refunds
 * and the other figures of a period, read as the shop's clock reads its days.
 */
export const salesReports = {
  title: "Reports",
  period: "Period",
  periods: {
    today: "Today",
    "7d": "7 days",
    "30d": "30 days",
    "this-month": "This month",
    "last-month": "Last month",
    custom: "Custom range",
  },
  from: "From",
  to: "To",
  /** A custom range with a day left out asks for nothing. */
  chooseDays: "Choose the first and the last day of the period.",
  /** "Mar 1, 2026 – Mar 31, 2026": the days a report covers, both included (one day is named alone). */
  covering: (from: string, to: string) => `${from} – ${to}`,
  allTime: "all time",
  /** A figure's name with the period it covers, as a tile shows it: "Net sales · all time". */
  withPeriod: (figure: string, period: string) => `${figure} · ${period}`,
  figures: {
    grossSales: "Gross sales",
    discounts: "Discounts",
    saleDiscounts: "Sale savings",
    codeDiscounts: "Discount codes",
    refunds: "Refunds",
    returns: "Returns",
    netSales: "Net sales",
    totalSales: "Total sales",
    paymentsTaken: "Payments taken",
    tax: "Tax collected",
    cgst: "CGST",
    sgst: "SGST",
    igst: "IGST",
    taxInvoiced: "On invoices",
    taxCredited: "On credit notes",
    shipping: "Shipping",
    codFees: "COD fees",
    orders: "Orders",
    ordersPlaced: "Orders placed",
    ordersPaid: "Orders paid",
    averageOrderValue: "Average order value",
    units: "Units",
  },
  tables: {
    byDay: "Net sales by day",
    topProducts: "Top 10 products by net sales",
    topProductsByUnits: "Top 10 products by units",
    byCategory: "Sales by category",
    byDiscountCode: "Discount codes",
  },
  columns: {
    product: "Product",
    sku: "SKU",
    category: "Category",
    code: "Code",
    uses: "Uses",
    discount: "Discount given",
    units: "Units",
    netSales: "Net sales",
  },
  downloadCsv: "Download CSV",
  noSales: "No sales in this period.",
  noCodes: "No discount code was used in this period.",
  /** The chart's line for a pointer resting on no day. */
  pointAtDay: "Point at a day for its figures",
  /** The chart's region, named for screen readers; on a phone it scrolls, opening at today's end. */
  chartRegion: (period: string) => `${period}, by day`,
  chartScroller: (period: string) => `${period}, by day: scroll sideways for earlier days`,
  chartEarlierDays: "Earlier days are to the left.",
} as const;

/**
 * The Reports page's GST tab (GET /reports/gst): a month's GSTR-1 tables as the GST portal's offline
 * tool names them, and its GSTR-3B 3.1(a) figures.
 */
export const gstReport = {
  /** The tabs of the Reports page. */
  tabs: "Report",
  salesTab: "Sales",
  gstTab: "GST",
  title: "GST returns",
  monthLabel: "Month",
  /** A `month` that is not one (the API's field error). */
  month: "This must be a month as YYYY-MM.",
  /** The month's documents, as the tab says it under the month. */
  documents: (invoices: number, notes: number) =>
    `${invoices} ${invoices === 1 ? "invoice" : "invoices"} and ${notes} ${notes === 1 ? "credit note" : "credit notes"} dated in this month.`,
  empty: "No invoice or credit note is dated in this month.",
  emptyHint: "GSTR-1 for a month without documents is a nil return.",
  noRows: "Nothing to report in this table for the month.",
  gstr3b: "GSTR-3B 3.1(a): outward taxable supplies",
  gstr3bHint: "Net of the month's credit notes; nil-rated lines are left out.",
  tables: {
    b2b: "B2B: invoices to registered buyers",
    b2cl: "B2CL: inter-state invoices above ₹1 lakh",
    b2cs: "B2CS: other sales to consumers",
    cdnr: "CDNR: credit notes to registered buyers",
    cdnur: "CDNUR: credit notes of B2CL invoices",
    hsn: "HSN summary",
    hsnb2b: "HSN summary: B2B (registered buyers)",
    hsnb2c: "HSN summary: B2C (consumers)",
    docs: "Documents issued",
  },
  columns: {
    gstin: "GSTIN",
    receiver: "Receiver",
    invoice: "Invoice",
    note: "Credit note",
    date: "Date",
    invoiceValue: "Invoice value",
    noteValue: "Note value",
    placeOfSupply: "Place of supply",
    rate: "Rate",
    taxableValue: "Taxable value",
    igst: "IGST",
    cgst: "CGST",
    sgst: "SGST/UTGST",
    cess: "Cess",
    hsn: "HSN",
    description: "Description",
    quantity: "Quantity",
    totalValue: "Total value",
    nature: "Document",
    from: "From",
    to: "To",
    total: "Total",
    cancelled: "Cancelled",
  },
  /** An order line sold without an HSN code. */
  noHsn: "No HSN code",
} as const;

/**
 * The GST rate and HSN code of a product (the product form's Tax group) and of a category (the
 * categories page): null at either level falls back to the category's, then the shop's default.
 */
export const taxFields = {
  /** The product form's group. */
  title: "Tax",
  description: "The GST charged on this product, and the HSN code its invoices show.",
  rate: "GST rate",
  productRateHint: "Category default: the category's rate, else the shop's.",
  categoryRateHint: "Shop default: the rate in Settings.",
  /** A product's null rate: its category's, else the shop's. */
  categoryDefault: "Category default",
  /** A category's null rate or HSN code: the shop's, from Settings. */
  shopDefault: "Shop default",
  other: "Other…",
  otherRate: "Other rate (%)",
  otherRateHint: "0 to 50, with up to 2 decimals.",
  /** A rate by the value of a piece (slabs): GST 2.0 taxes clothes and shoes so. */
  byPrice: "Rate by price",
  slabsTitle: "Rates by the price of a piece",
  slabsHint:
    "Each piece takes the rate of its price after sale prices and codes. Clothes and shoes: 5% up to 2,500, 18% above.",
  slabUpTo: (slab: number) => `Slab ${slab}: up to`,
  slabRate: (slab: number) => `Slab ${slab}: rate (%)`,
  /** The last slab's rate, for any price above the limits before it. */
  slabAboveRate: "Above: rate (%)",
  addSlab: "Add a slab",
  removeSlab: (slab: number) => `Remove slab ${slab}`,
  /** A rate by price in the categories table: "5% / 18% by price". */
  slabsSummary: (rates: readonly number[]) => `${rates.map((rate) => `${rate}%`).join(" / ")} by price`,
  /** A rate as the dashboard writes it: 18 → "18%", 2.5 → "2.5%". */
  percent: (rate: number) => `${rate}%`,
  hsn: "HSN code",
  /** The names of a category's rate and code on a phone's card, where the table has no headers. */
  rateShort: "GST",
  hsnShort: "HSN",
  /** The product count's name on the same card, beside the rate and the code. */
  productsShort: "Products",
  productHsnHint: "4, 6 or 8 digits. Empty: the category's code, else the shop's.",
  categoryHsnHint: "4, 6 or 8 digits. Empty: the shop's default.",
  /** The categories table's action and its dialog (admins). */
  edit: (category: string) => `Edit tax of ${category}`,
  editTitle: (category: string) => `Tax of ${category}`,
  save: "Save",
} as const;

/** The categories table's other actions (admins): rename and delete, each in its dialog. */
export const categoryActions = {
  rename: (category: string) => `Rename ${category}`,
  renameTitle: (category: string) => `Rename ${category}`,
  name: "Name",
  /** Under the name: a rename keeps the storefront's address. */
  slugKept: (slug: string) => `The address stays /product-category/${slug}, so links to it keep working.`,
  saveName: "Rename",
  cancel: "Cancel",
  delete: (category: string) => `Delete ${category}`,
  deleteTitle: (category: string) => `Delete ${category}`,
  deleteEmpty: "It has no products. Deleting it cannot be undone.",
  /** The select of a category with products: where they go. */
  moveTo: "Move its products to",
  chooseCategory: "Choose a category",
  moveToRequired: "Choose the category its products move to.",
  moveHint:
    "Its products, inactive ones too, move there and take that category's GST rate and HSN code unless they set their own.",
  /** The only category, with products: they have nowhere to go. */
  noOtherCategory: "Add another category first: its products need one to move to.",
  confirmDelete: "Delete category",
} as const;

/**
 * The dashboard's Settings page (/dashboard/settings): the shop's own rules section by section
 * (docs/design.md section 8), each saved on its own, and the history of their changes (admins).
 */
export const settingsPage = {
  title: "Settings",
  /** Said to a manager, who reads the settings but cannot change them. */
  readOnly: "Only an admin can change the settings. You can read them here.",
  save: "Save",
  /** A section's Save button for screen readers, among the page's five: "Save Store". */
  saveSection: (section: string) => `Save ${section}`,
  /** The success toast of a section: "Store saved successfully.". */
  saved: (section: string) => `${section} saved successfully.`,
  saveFailed: "An error occurred while saving the settings.",
  sections: {
    store: {
      title: "Store",
      description: "Who the shop is: on the header, emails, invoices and the contact page.",
    },
    currency: { title: "Currency", description: "The currency prices are in, and how amounts are written." },
    taxes: {
      title: "Taxes",
      description: "How GST is worked out for products that set no rate of their own.",
    },
    shipping: {
      title: "Shipping methods",
      description: "What shoppers can choose at checkout, and what it costs.",
    },
    checkout: {
      title: "Checkout limits",
      description: "How long unpaid orders hold stock, and what an order may hold.",
    },
    fulfilment: {
      title: "Carriers and returns",
      description: "The carriers orders ship with, and how long shoppers have to return.",
    },
    inventory: {
      title: "Inventory",
      description: "When a product's stock counts as low on the dashboard.",
    },
    security: {
      title: "Security",
      description: "How staff sign in to the dashboard.",
    },
  },
  security: {
    requireStaffTwoFactor: "Require two-step sign-in for staff",
    requireStaffTwoFactorHint:
      "Admins and managers without two-step sign-in can use the dashboard only after setting it up on their profile.",
  },
  store: {
    name: "Store name",
    email: "Support email",
    phone: "Phone",
    address: "Postal address",
    gstin: "GSTIN",
    gstinHint: "15 characters, such as 27AAPFU0939F1ZV.",
    state: "State",
    stateHint: "The seller's state: invoices to it split GST into CGST and SGST.",
    utcOffset: "Time zone (offset from UTC)",
    utcOffsetHint: "Such as +05:30: the days of reports, lists and invoices.",
  },
  currency: {
    code: "Currency code",
    codeHint: "ISO 4217, such as INR or USD.",
    locale: "Locale",
    localeHint: "How amounts are written, such as en-IN or en-US.",
    preview: "Preview",
    /** The preview line while the code or the locale is not one the shop can use. */
    noPreview: "Enter a valid currency code and locale to see an example.",
  },
  taxes: {
    pricesIncludeTax: "Prices include tax",
    pricesIncludeTaxHint: "On: tax is taken out of the prices entered. Off: tax is added on top.",
    defaultRate: "Default rate (%)",
    defaultRateHint: "For products whose own and category's rates are not set.",
    defaultHsn: "Default HSN code",
    defaultHsnHint: "4, 6 or 8 digits.",
  },
  shipping: {
    /** A method's name until it has one: "Method 2". */
    method: (n: number) => `Method ${n}`,
    name: "Name",
    /** A money field's label with the shop's currency: "Price (INR)". */
    price: (currency: string) => `Price (${currency})`,
    freeAbove: (currency: string) => `Free above (${currency})`,
    freeAboveHint: "Free when the items come to more than this. Empty: never free.",
    estimatedDays: "Estimated delivery",
    estimatedDaysHint: "Optional, as shoppers read it: 2–4 days.",
    allStates: "All states",
    allStatesHint: "Off: only the states listed below.",
    states: "States",
    statesHint: "Tick the states it delivers to.",
    enabled: "Enabled",
    enabledHint: "Shoppers can choose an enabled method.",
    add: "Add method",
    remove: "Remove",
    /** The remove button's name for screen readers: "Remove Standard". */
    removeMethod: (name: string) => `Remove ${name}`,
    none: "No shipping methods. Add one so that shoppers can check out.",
  },
  checkout: {
    holdMinutes: "Unpaid order hold (minutes)",
    holdMinutesHint: "How long an unpaid order keeps its stock before it is cancelled.",
    maxUnpaidOrders: "Unpaid orders per shopper",
    maxUnpaidOrdersHint: "How many unpaid orders one shopper may hold at once.",
    maxQuantityPerLine: "Units per line",
    maxQuantityPerLineHint: "The most of one item an order may hold.",
    minimumOrder: (currency: string) => `Minimum order value (${currency})`,
    minimumOrderHint: "What the items of an order must come to. 0: no minimum.",
    codEnabled: "Cash on delivery",
    codEnabledHint: "Shoppers may pay in cash when the order arrives.",
    codMaxOrderValue: (currency: string) => `Highest COD order value (${currency})`,
    codMaxOrderValueHint: "Orders whose total, fee included, passes this cannot be paid on delivery.",
    codFee: (currency: string) => `COD fee (${currency})`,
    codFeeHint: "Added to the order when the shopper chooses cash on delivery; outside GST.",
    paymentMethods: "Payment methods",
    paymentMethodsHint:
      "The pay page offers them in this order. Razorpay takes INR orders only; cash on delivery shows while it is on.",
    /** Cash on delivery in the order while it is off. */
    paymentMethodOff: "Off",
    moveUp: "Move up",
    moveDown: "Move down",
    /** A move button's name for screen readers, its visible words first: "Move up — PayPal". */
    moveMethodUp: (name: string) => `Move up — ${name}`,
    moveMethodDown: (name: string) => `Move down — ${name}`,
  },
  fulfilment: {
    returnWindowDays: "Return window (days)",
    returnWindowDaysHint: "Days after delivery a shopper may ask to return items. 0: no returns.",
    carriersHint: "Staff pick a carrier when shipping; Other is always offered, without a tracking link.",
    /** A carrier's name until it has one: "Carrier 2". */
    carrier: (n: number) => `Carrier ${n}`,
    name: "Carrier name",
    trackingUrl: "Tracking link",
    trackingUrlHint: "An https:// address with {number} where the tracking number goes.",
    add: "Add carrier",
    remove: "Remove",
    removeCarrier: (name: string) => `Remove ${name}`,
    none: "No carriers: staff ship with Other, without a tracking link.",
  },
  inventory: {
    lowStockThreshold: "Low-stock threshold (units)",
    lowStockThresholdHint: "A variant with this many units or fewer is marked low.",
  },
  history: {
    title: "Change history",
    section: "Section",
    at: "When",
    by: "Who",
    empty: "The settings have not been changed yet.",
  },
} as const;

/** "an admin", "a manager", "a customer": a role with its article. */
function withArticle(role: string): string {
  return /^[aeiou]/i.test(role) ? `an ${role}` : `a ${role}`;
}

/** The dashboard's customer page (GET /api/users/{userId}/summary). */
export const customerPage = {
  loading: "Loading customer...",
  joined: "Joined",
  active: "Active",
  inactive: "Inactive",
  email: "Email",
  role: "Role",
  addresses: "Addresses",
  noAddresses: "No saved addresses.",
  orders: "Orders",
  noOrders: "No orders yet.",
  netSpend: "Net spend",
  netSpendHint: "Payments taken minus refunds.",
  orderCount: "Paid orders",
  averageOrder: "Average order",
  firstOrder: "First order",
  lastOrder: "Last order",
  none: "—",
  notes: "Notes",
  noNotes: "No notes yet.",
  noteLabel: "Add a note",
  noteHint: "Only staff see notes; notes cannot be edited or removed.",
  addNote: "Add note",
  deactivate: "Deactivate",
  reactivate: "Reactivate",
  changeRole: "Change role",
  /** The role change's confirmation names it: "Make Priya Shah an admin?". */
  confirmRole: (name: string, role: string) => `Make ${name} ${withArticle(role)}?`,
  confirmRoleButton: (role: string) => `Make ${withArticle(role)}`,
  /** A row of the customers list, named from its visible name: "Priya Shah — open customer". */
  openCustomer: (name: string) => `${name} — open customer`,
  noteAdded: "Note added to the customer.",
  notFound: "This customer does not exist.",
} as const;

/** The dashboard's reviews page and the shop's replies shown under reviews. */
export const reviewModeration = {
  title: "Reviews",
  allRatings: "All ratings",
  rating: "Rating",
  stars: (n: number) => (n === 1 ? "1 star" : `${n} stars`),
  product: "Product",
  allProducts: "All products",
  visibility: "Visibility",
  allReviews: "All reviews",
  shown: "Shown",
  hiddenOnly: "Hidden",
  hiddenBadge: "Hidden from the shop",
  hide: "Hide",
  show: "Show",
  delete: "Delete",
  confirmDelete: "Delete this review? It cannot be brought back.",
  reply: "Reply",
  editReply: "Edit reply",
  replyLabel: "Reply from the shop",
  replyHint: "Shown under the review on the product page.",
  saveReply: "Save reply",
  /** The reply's heading under a review on the product page. */
  shopReply: "Reply from the shop",
  hidden: "Review hidden: it no longer shows in the shop or counts in the rating.",
  shownAgain: "Review shown in the shop again.",
  replied: "Reply saved.",
  deleted: "Review deleted.",
  empty: "No reviews found.",
  by: (name: string) => `by ${name}`,
  viewInShop: "View in the shop",
  /** The chip of the product filter: "Product: Trail Running Shoes". */
  productFilter: (name: string) => `Product: ${name}`,
  /** A review's product name, a button that narrows the list to it: "Canvas Watch — only its reviews". */
  onlyProduct: (name: string) => `${name} — only its reviews`,
  clearProduct: "Show every product",
  loading: "Loading reviews...",
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

/** Two-step sign-in (TOTP), the sessions of an account, and their pages. */
export const twoFactor = {
  required: "Enter the 6-digit code from your authenticator app.",
  badCode: "That code is not right or was already used. Enter the current code from your authenticator app.",
  badRecoveryCode: "That recovery code is not right or was already used.",
  setupRequired:
    "The shop requires two-step sign-in for staff. Set it up on your profile page to use the dashboard.",
  alreadyOn: "Two-step sign-in is already on. Turn it off first to set it up again.",
  notPending: "Start the set-up of two-step sign-in first.",
  codeFormat: "Enter the 6 digits of the code.",
  recoveryCodeFormat: "Enter a recovery code.",
  setupStarted: "Scan the QR code, then enter a code to turn two-step sign-in on.",
  enabled: "Two-step sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-step sign-in is off.",
  otherSessionsEnded: "You are signed out of every other session.",
  page: {
    title: "Two-step sign-in",
    on: "On: signing in asks for a code from your authenticator app.",
    off: "Off: signing in takes only your password.",
    requiredForStaff: "The shop requires two-step sign-in for staff accounts.",
    setUp: "Set up two-step sign-in",
    scan: "Scan this QR code with your authenticator app, or enter the key by hand.",
    qrAlt: "QR code to add this account to an authenticator app",
    manualKey: "Key for manual entry",
    code: "6-digit code",
    turnOn: "Turn on",
    cancel: "Cancel",
    turnOff: "Turn off two-step sign-in",
    turnOffPassword: "Current password",
    recoveryTitle: "Your recovery codes",
    recoveryHint:
      "Each code signs you in once if you lose your phone. They are shown only now: copy them somewhere safe.",
    copy: "Copy the codes",
    copied: "Copied",
    done: "I have saved them",
    loginCode: "Enter the 6-digit code from your authenticator app",
    loginRecoveryCode: "Recovery code",
    useRecoveryCode: "Use a recovery code",
    useAppCode: "Use a code from your app",
    verify: "Verify",
    /** Under the code step's title: whose password was right. */
    signingInAs: (email: string) => `Signing in as ${email}.`,
    otherAccount: "Use another account",
    sessionsTitle: "Sessions",
    sessionsHint: "Signed in on another device you no longer use? End those sessions here.",
    signOutOthers: "Sign out of all other sessions",
  },
} as const;

/** The dashboard's activity log (GET /api/activity): every staff write, with who, when and what changed. */
export const activityPage = {
  title: "Activity",
  cardTitle: "Staff activity",
  searchLabel: "by what it is about",
  empty: "No activity found.",
  loading: "Loading activity...",
  actor: "Staff member",
  everyone: "Everyone",
  kind: "Kind",
  allKinds: "All kinds",
  /** The days filter, for screen readers. */
  between: "Made between",
  columns: { at: "When", actor: "Who", kind: "What", subject: "About", changes: "Changes" },
  kinds: {
    "product.created": "Product created",
    "product.updated": "Product changed",
    "product.deleted": "Product deleted",
    "stock.adjusted": "Stock adjusted",
    "category.created": "Category created",
    "category.updated": "Category changed",
    "category.deleted": "Category deleted",
    "discount.created": "Discount code created",
    "discount.updated": "Discount code changed",
    "discount.deleted": "Discount code deleted",
    "order.status_changed": "Order status changed",
    "order.note_added": "Order note added",
    "order.refunded": "Order refunded",
    "shipment.created": "Shipment sent",
    "shipment.delivered": "Shipment delivered",
    "payment.cash_collected": "Cash collected",
    "return.approved": "Return approved",
    "return.rejected": "Return rejected",
    "return.received": "Return received",
    "return.refunded": "Return refunded",
    "user.role_changed": "Role changed",
    "user.deactivated": "User deactivated",
    "user.reactivated": "User reactivated",
    "customer.note_added": "Customer note added",
    "settings.updated": "Settings changed",
    "review.hidden": "Review hidden",
    "review.shown": "Review shown",
    "review.replied": "Review replied to",
    "review.deleted": "Review deleted",
    "media.uploaded": "Media uploaded",
    "media.deleted": "Media deleted",
    "email.retried": "Email sent again",
  },
  subjects: {
    product: "Product",
    variant: "Variant",
    category: "Category",
    discount: "Discount code",
    order: "Order",
    return: "Return",
    user: "User",
    settings: "Settings",
    review: "Review",
    media: "Media",
    email: "Email",
  },
  field: "Field",
  before: "Before",
  after: "After",
  /** The button that opens an entry's changes, for screen readers: "Show the changes to Linen Shirt". */
  /** The toggle's name, starting with what it shows ("2 fields"): "2 fields — show the changes to Linen Shirt". */
  showChanges: (fields: string, label: string) => `${fields} — show the changes to ${label}`,
  hideChanges: (fields: string, label: string) => `${fields} — hide the changes to ${label}`,
  changeCount: (n: number) => (n === 1 ? "1 field" : `${n} fields`),
  noChanges: "Nothing recorded before or after.",
  yes: "Yes",
  no: "No",
  /** What a field is called where its own name would not do ("salePrice": "Sale price" does). */
  fields: {
    isActive: "Active",
    onSale: "On sale",
    taxRate: "GST rate",
    hsnCode: "HSN code",
    cod: "Cash on delivery",
    maxOrderValue: "Largest order",
    combinesWithSale: "Combines with sale prices",
    appliesTo: "Applies to",
    utcOffset: "Time zone (UTC offset)",
    gstin: "GSTIN",
  } as Record<string, string>,
  /** What an entry about a review calls it: '"Sturdy and comfortable" on Linen Shirt'. */
  reviewSubject: (title: string, product: string) => `"${title}" on ${product}`,
  /** What an entry about a return calls it: "Return of #1001". */
  returnSubject: (orderNumber: number) => `Return of #${orderNumber}`,
  none: "—",
};

/**
 * Webhooks (docs/decisions/024-webhooks.md): the API's answers and refusals, the dashboard's page at
 * /dashboard/webhooks, and the email admins get when the sender disables an endpoint.
 */
export const webhookWords = {
  endpointNotFound: "Webhook endpoint not found.",
  deliveryNotFound: "Delivery not found.",
  created: "The endpoint has been added. Copy its secret now: it is shown only once.",
  saved: "The endpoint has been saved.",
  deleted: "The endpoint has been deleted.",
  rotated: "A new secret has been made. Copy it now: it is shown only once.",
  redeliveryQueued: "The delivery will be sent again.",
  deliveryInFlight: "This delivery is being sent right now. Try again in a moment.",
  endpointDisabled: "This endpoint is disabled. Enable it before sending a delivery again.",
  url: "Enter an http or https URL.",
  urlPrivate: "This URL leads to a private, loopback or link-local address, which webhooks may not reach.",
  urlUnresolvable: "The host name of this URL does not resolve.",
  eventsRequired: "Choose at least one event.",
  /** What each event tells, for the dashboard and the API document. */
  events: {
    "order.created": "An order was placed.",
    "order.paid": "An order was paid (by card, PayPal, or cash collected on delivery).",
    "order.status_changed": "An order's status changed.",
    "order.refunded": "Money was refunded on an order.",
    "shipment.created": "A parcel of an order was shipped.",
    "product.created": "A product was added.",
    "product.updated": "A product was changed.",
    "product.deleted": "A product was deleted.",
    "inventory.low": "A variant's stock fell to the low-stock threshold or below.",
    "customer.created": "A shopper registered.",
  },
  deliveryStatuses: { pending: "Pending", succeeded: "Succeeded", failed: "Failed" },
  page: {
    title: "Webhooks",
    add: "Add Endpoint",
    endpoints: "Endpoints",
    empty: "No webhook endpoints yet. Add one to send the shop's events to another system.",
    url: "Endpoint URL",
    urlHint:
      "The shop sends an HTTP POST here for each event, signed as the Standard Webhooks specification says.",
    events: "Events",
    enabled: "Enabled",
    enabledHint: "While it is off, no event is sent to it; the deliveries already waiting are kept.",
    status: "Status",
    on: "Enabled",
    off: "Disabled",
    disabledByFailures: "Disabled after failing for 24 hours",
    actions: "Actions",
    edit: "Edit",
    editTitle: "Edit endpoint",
    addTitle: "Add endpoint",
    save: "Save",
    cancel: "Cancel",
    delete: "Delete",
    deleteTitle: "Delete this endpoint?",
    deleteHint: "Its deliveries are deleted with it, and it receives no more events.",
    rotate: "Rotate secret",
    rotateTitle: "Rotate this endpoint's secret?",
    rotateHint:
      "A new secret signs every delivery from now on; the old one keeps signing beside it for 24 hours, so that the receiver can switch.",
    secretTitle: "The endpoint's signing secret",
    secretHint:
      "Copy it to the receiving system now: it is shown only once. Verify each delivery's webhook-signature with it.",
    copy: "Copy the secret",
    copied: "Copied",
    done: "Done",
    deliveries: "Deliveries",
    deliveriesOf: (url: string) => `Deliveries to ${url}`,
    hideDeliveries: "Close the deliveries",
    noDeliveries: "No deliveries yet. One appears here for each event this endpoint asked for.",
    event: "Event",
    response: "Response",
    attempts: "Attempts",
    time: "Time",
    lastTried: "Last tried",
    redeliver: "Send again",
    noResponse: "No response",
    back: "Back to endpoints",
  },
  mail: {
    disabledSubject: "A webhook endpoint was disabled",
    disabledLines: (url: string, error: string) => [
      `Every delivery to the webhook endpoint ${url} failed for 24 hours, so it has been disabled.`,
      `Its last answer: ${error}`,
      "No events are sent to it until you enable it again; the deliveries waiting for it are kept.",
    ],
    action: "Open the webhooks page",
  },
} as const;
