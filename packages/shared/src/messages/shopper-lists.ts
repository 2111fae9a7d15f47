/**
 * What brings shoppers back: the wishlist page (/account/wishlist) and "Email me when it's back",
 * with the API's answers and the back-in-stock email. The heart's words are in wishlist-heart.ts.
 */

/** The wishlist page (/account/wishlist) and the API's answers. */
export const wishlistWords = {
  /** The API's answers. */
  saved: "Saved to your wishlist.",
  alreadySaved: "Already in your wishlist.",
  removed: "Removed from your wishlist.",
  full: (max: number) => `Your wishlist holds at most ${max} products: remove one to save another.`,
  /** The page, and its link in the account menus. */
  title: "Wishlist",
  navLink: "Wishlist",
  intro: "Products you saved, at today's price.",
  empty: "Your wishlist is empty.",
  emptyHint: "Tap the heart on a product to save it here.",
  browse: "Continue shopping",
  count: (n: number) => (n === 1 ? "1 product" : `${n} products`),
  moveToCart: "Move to cart",
  /** "Move to cart" of a product with sizes: its page, to choose one. */
  chooseOptions: "Choose options",
  removeOf: (name: string) => `Remove ${name} from wishlist`,
  moveToCartOf: (name: string) => `Move ${name} to cart`,
  chooseOptionsOf: (name: string) => `Choose options of ${name}`,
  moved: (name: string) => `${name} moved to your cart.`,
  loadFailed: "Your wishlist could not be loaded.",
} as const;

/** "Email me when it's back" on a sold-out product or size, and the API's answers to it. */
export const stockAlertWords = {
  heading: "Email me when it's back",
  /** The form of a shopper not signed in. */
  emailLabel: "Email",
  submit: "Email me when it's back",
  /** A signed-in shopper's one button, with their address shown above it. */
  signedInAs: (email: string) => `We'll write to ${email}.`,
  /** Shown once asked (and the API's answer). */
  done: "We'll email you when it's back.",
  /** Refusals. */
  inStock: "This is in stock now: add it to your cart.",
  variantUnavailable: "This product or size is not available.",
  tooManyAddresses: "Too many different email addresses asked from here. Please try again in an hour.",
  tooManyForAddress: "This email address was given too often. Please try again in an hour.",
} as const;

/** The back-in-stock email (kind `backInStock`), sent once per request. */
export const backInStockMail = {
  subject: (label: string) => `Back in stock: ${label}`,
  /** The greeting's name for a request made without an account. */
  anonymousName: "there",
  lines: (label: string) => [
    `Good news: ${label} is back in stock.`,
    "You asked us to tell you when it was. It may sell out again, so don't wait too long.",
    "This is the only email we send about it.",
  ],
  action: "View the product",
} as const;
