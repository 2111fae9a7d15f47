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
