// NOTE: the one barrel in the app: drizzle() and drizzle-kit need every table and relation
// in a single schema object.
export * from "./activity";
export * from "./addresses";
export * from "./categories";
export * from "./delivery";
export * from "./discounts";
export * from "./disputes";
export * from "./emails";
export * from "./integrations";
export * from "./inventory";
export * from "./invoices";
export * from "./media";
export * from "./orders";
export * from "./products";
export * from "./razorpay";
export * from "./refunds";
export * from "./relations";
export * from "./returns";
export * from "./reviews";
export * from "./sales";
export * from "./settings";
export * from "./shipments";
export * from "./shoppers-lists";
export * from "./store-credit";
export * from "./unmatched-payments";
export * from "./users";
export * from "./webhooks";
