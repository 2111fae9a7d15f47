/** What every page says: errors (SPEC section 8), empty and loading states, paging, stock, toasts. */

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

/** Notes only staff see on storefront pages. */
export const staffNotes = {
  productInactive: `This product is inactive: shoppers see '${errors.productNotAvailable}'`,
} as const;

/** The demo seed's progress on a first start, in the server's log, so the start never looks hung. */
export const demoSeed = {
  start: (products: number) => `seeding the demo: ${products} products, their pictures, reviews and orders…`,
  pictures: (done: number) => `seeding the demo: ${done} pictures drawn; products next…`,
  products: (done: number) => `seeding the demo: ${done} products saved; orders next…`,
  orders: (done: number, total: number) => `seeding the demo: orders ${done} of ${total}…`,
  done: (seconds: number) => `seeding the demo: done in ${seconds.toFixed(1)} s`,
} as const;
