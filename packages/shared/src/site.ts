/** Facts about the shop that both the server (page heads, sitemap) and the web app show. */
export const SHOP_NAME = "Bazaar";
export const SHOP_TAGLINE = "clothing, shoes and watches";
export const SHOP_DESCRIPTION = "Clothing, shoes and watches, delivered across India.";

/** The postal address shown in the footer and on the contact page (SPEC section 1). */
export const POSTAL_ADDRESS = [
  "Bazaar Retail Pvt. Ltd.",
  "4th Floor, Maker Chambers IV",
  "Nariman Point, Mumbai 400021",
  "Maharashtra, India",
] as const;

/** A page's document title: its own title, then the shop's name. */
export function pageTitle(title: string): string {
  return `${title} — ${SHOP_NAME}`;
}

export interface StaticPageHead {
  title: string;
  description: string;
}

/**
 * The head of each fixed storefront page: the server writes it into the HTML it sends, and the web
 * app sets the same one when the shopper navigates there.
 */
export const STATIC_PAGE_HEADS = {
  "/": { title: `${SHOP_NAME} — ${SHOP_TAGLINE}`, description: SHOP_DESCRIPTION },
  "/sale": { title: pageTitle("Sale"), description: `Products on sale at ${SHOP_NAME}.` },
  "/search": { title: pageTitle("Search"), description: `Search the ${SHOP_NAME} catalogue.` },
  "/cart": { title: pageTitle("Cart"), description: "Your shopping cart." },
  "/about": { title: pageTitle("About"), description: `Who we are: ${SHOP_DESCRIPTION}` },
  "/contact": { title: pageTitle("Contact"), description: `Help and contact details for ${SHOP_NAME}.` },
  "/privacy-policy": {
    title: pageTitle("Privacy Policy"),
    description: `How ${SHOP_NAME} handles your data.`,
  },
  "/terms-of-service": { title: pageTitle("Terms of Service"), description: `The terms of ${SHOP_NAME}.` },
} as const satisfies Record<string, StaticPageHead>;

/** A category page's description. */
export function categoryDescription(category: { name: string; count: number }): string {
  return `Shop ${category.count} ${category.name.toLowerCase()} products at ${SHOP_NAME}.`;
}
