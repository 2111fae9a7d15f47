/** Facts about the shop that both the server (page heads, sitemap) and the web app show. */
import { type CurrencyFormat, SPEC_CURRENCY } from "./money-format";

export const SHOP_NAME = "Bazaar";
export const SHOP_TAGLINE = "clothing, shoes and watches";
export const SHOP_DESCRIPTION = "Clothing, shoes and watches, delivered across India.";

/** A page's document title: its own title, then the shop's name (the owner's, SHOP_NAME until set). */
export function pageTitle(title: string, shopName: string = SHOP_NAME): string {
  return `${title} — ${shopName}`;
}

export interface StaticPageHead {
  title: string;
  description: string;
}

export const STATIC_PAGE_PATHS = [
  "/",
  "/sale",
  "/search",
  "/cart",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
] as const;
export type StaticPagePath = (typeof STATIC_PAGE_PATHS)[number];

/**
 * The head of each fixed storefront page of a shop so named: the server writes it into the HTML it
 * sends, and the web app sets the same one when the shopper navigates there.
 */
export function staticPageHeads(shopName: string = SHOP_NAME): Record<StaticPagePath, StaticPageHead> {
  const title = (page: string) => pageTitle(page, shopName);
  return {
    "/": { title: `${shopName} — ${SHOP_TAGLINE}`, description: SHOP_DESCRIPTION },
    "/sale": { title: title("Sale"), description: `Products on sale at ${shopName}.` },
    "/search": { title: title("Search"), description: `Search the ${shopName} catalogue.` },
    "/cart": { title: title("Cart"), description: "Your shopping cart." },
    "/about": { title: title("About"), description: `Who we are: ${SHOP_DESCRIPTION}` },
    "/contact": { title: title("Contact"), description: `Help and contact details for ${shopName}.` },
    "/privacy-policy": { title: title("Privacy Policy"), description: `How ${shopName} handles your data.` },
    "/terms-of-service": { title: title("Terms of Service"), description: `The terms of ${shopName}.` },
  };
}

/** A category page's description. */
export function categoryDescription(
  category: { name: string; count: number },
  shopName: string = SHOP_NAME,
): string {
  return `Shop ${category.count} ${category.name.toLowerCase()} products at ${shopName}.`;
}

/** A search's description. */
export function searchDescription(keyword: string, shopName: string = SHOP_NAME): string {
  return `Products matching “${keyword}” at ${shopName}.`;
}

/**
 * The owner's settings a page needs from its first paint (the store's name, the currency its amounts
 * are written in): the server writes them into each page it sends, as JSON in the element of this
 * id, and the web app reads them before its first render (docs/decisions/020-shop-settings-in-the-page.md).
 */
export const PAGE_SETTINGS_ELEMENT_ID = "shop-settings";

/**
 * The store as every page shows it: its name in the header and titles; its legal name, postal
 * address, email and phone in the footer and on the contact page (the owner's store settings).
 */
export interface PageStore {
  name: string;
  /** Left out (a page without them): none shown, or the name in the legal name's place. */
  legalName?: string;
  address?: string;
  email?: string;
  phone?: string;
}

export interface PageSettings {
  store: PageStore;
  currency: CurrencyFormat;
}

/**
 * A page without the server's settings (the Vite dev server, unit tests): SHOP_NAME, in SPEC's
 * dollars, without contact details until GET /api/config answers them.
 */
export const DEFAULT_PAGE_SETTINGS: PageSettings = { store: { name: SHOP_NAME }, currency: SPEC_CURRENCY };
