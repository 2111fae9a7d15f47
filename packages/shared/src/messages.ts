/**
 * Every message a user can see, worded as docs/spec.md words it (sections 5 and 8), one file per
 * part of the shop in messages/. The API sends these in `message` / `errors`; the web shows them in
 * forms, toasts and pages. A bundle takes each part into the chunk of the pages that use it, so a
 * storefront page's first load carries only the words the shell and that page show.
 */

export * from "./messages/account";
export * from "./messages/activity";
export * from "./messages/api";
export * from "./messages/cart";
export * from "./messages/catalogue";
export * from "./messages/cod-report";
export * from "./messages/common";
export * from "./messages/customers";
export * from "./messages/delivery";
export * from "./messages/disputes";
export * from "./messages/documents";
export * from "./messages/forms";
export * from "./messages/inventory";
export * from "./messages/mail";
export * from "./messages/orders";
export * from "./messages/payments";
export * from "./messages/remittance";
export * from "./messages/reports";
export * from "./messages/search";
export * from "./messages/settings";
export * from "./messages/shipping";
export * from "./messages/shiprocket-screens";
export * from "./messages/shopper-lists";
export * from "./messages/store-credit";
export * from "./messages/tracking";
export * from "./messages/webhooks";
export * from "./messages/whatsapp";
export * from "./messages/whatsapp-dashboard";
export * from "./messages/whatsapp-screens";
export * from "./messages/wishlist-heart";
