/**
 * The wishlist's heart on product cards and pages, and the account navigation's link: words of every
 * storefront page's first load, in a part of their own so that the load carries only these (the
 * wishlist page's are in shopper-lists.ts).
 */
export const wishlistHeart = {
  /** The heart's name while the product is not saved, and once it is (aria-pressed tells which). */
  save: "Save to wishlist",
  remove: "Remove from wishlist",
  /** On the product page of a saved product on sale. */
  savedOnSale: "On sale: a product you saved",
  navLink: "Wishlist",
} as const;
