/**
 * The wishlist's heart on product cards and pages: in a part of their own, loaded with the heart's
 * code only (the wishlist page's and the account menus' are in shopper-lists.ts).
 */
export const wishlistHeart = {
  /** The heart's name while the product is not saved, and once it is (aria-pressed tells which). */
  save: "Save to wishlist",
  remove: "Remove from wishlist",
  /** On the product page of a saved product on sale. */
  savedOnSale: "On sale: a product you saved",
} as const;
