/** The dashboard's categories and reviews, and the storefront's delivery check. */

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
 * "Check delivery" on the product page and in the cart (GET /api/delivery/{pincode}): whether the
 * shop delivers to a PIN code, by when with its fastest method, and whether cash on delivery is
 * possible there.
 */
export const deliveryCheck = {
  title: "Check delivery",
  pincode: "PIN code",
  check: "Check",
  /** The fastest method's day, as the shop's locale writes it: "Delivered by Sat, 30 Nov". */
  deliveredBy: (day: string) => `Delivered by ${day}`,
  /** Deliverable, by methods that say no number of days. */
  deliverable: (pincode: string) => `Delivers to ${pincode}`,
  notDeliverable: (pincode: string) => `Not deliverable to ${pincode}`,
  codAvailable: "Cash on delivery available",
  /** COD possible at the PIN code; the owner's order-value limit is checked against the order later. */
  codAvailableUpTo: (limit: string) => `Cash on delivery available for orders up to ${limit}`,
  codUnavailable: "Cash on delivery not available",
  /** Why COD is not possible, by the delivery answer's `codReason`, as checkout will refuse it. */
  codUnavailableBecause: {
    off: "Cash on delivery not available",
    pincodeBlocked: "Cash on delivery not available at this PIN code",
    barred: "Cash on delivery not available on your account: an earlier parcel was refused",
    noMethod: "Cash on delivery not available: no delivery method here takes it",
  },
  checking: "Checking delivery…",
  failed: "Could not check delivery. Please try again.",
} as const;

/**
 * The product form's "Set all prices" when variants have sale prices: whether to keep, clear or set
 * them, so that no variant is left on sale at or above its new price.
 */
export const setAllPrices = {
  title: "Sale prices of the variants",
  /** "3 variants have a sale price. 2 of them are not below $45.00." */
  summary: (onSale: number, notBelow: number, price: string) =>
    `${onSale} ${onSale === 1 ? "variant has" : "variants have"} a sale price.` +
    (notBelow === 0
      ? ` Each is below ${price}.`
      : ` ${notBelow === onSale ? (onSale === 1 ? "It is" : "None of them is") : `${notBelow} of them ${notBelow === 1 ? "is" : "are"}`} not below ${price}.`),
  choice: "What happens to the sale prices?",
  keep: "Keep them",
  /** Keep: some cannot stay, as a sale price must be below the price. */
  keepBelow: (price: string, notBelow: number) =>
    `Keep those below ${price}, end the sale of the other ${notBelow === 1 ? "variant" : `${notBelow}`}`,
  clear: "End every sale (no sale prices)",
  set: "Set them all to",
  salePrice: (currency: string) => `Sale price for the variants on sale (${currency})`,
  confirm: "Set all prices",
  cancel: "Cancel",
} as const;
