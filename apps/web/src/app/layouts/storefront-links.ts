/** The storefront's own pages, shared by the small-screen menu and the footer. */
export const SHOP_LINKS = [
  { to: "/", label: "Home" },
  { to: "/sale", label: "Sale" },
  { to: "/cart", label: "Cart" },
] as const;

export const HELP_LINKS = [
  { to: "/contact", label: "Contact us" },
  { to: "/about", label: "About us" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
] as const;
