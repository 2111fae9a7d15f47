/** Facts about the shop that do not come from the API (the email and phone do: GET /api/config). */
export const SHOP_NAME = "Bazaar";

/** The postal address shown in the footer and on the contact page (SPEC section 1). */
export const POSTAL_ADDRESS = [
  "Bazaar Retail Pvt. Ltd.",
  "4th Floor, Maker Chambers IV",
  "Nariman Point, Mumbai 400021",
  "Maharashtra, India",
] as const;
