/**
 * Query keys of the dashboard's own data. Catalogue data (products, categories) stays under the
 * keys of lib/query-keys.ts, so a change made here refreshes the storefront's copies too.
 *
 * NOTE: the dashboard is one feature for the rule that features import no other feature
 * (apps/web/biome.json): its sections share one layout, these keys, components/ and hooks/, and one
 * section may use another's queries (the product form picks media and categories, the home shows
 * the orders table). Splitting it per section would push dashboard-only pieces into the app-wide
 * components/ and lib/, where the storefront could reach them.
 */
import type { ListParams } from "#web/lib/query-keys";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  stats: () => [...dashboardKeys.all, "stats"] as const,
  sales: (days: number) => [...dashboardKeys.all, "sales", days] as const,

  inventory: ["dashboard", "inventory"] as const,
  inventoryList: (filter: string, params: ListParams) =>
    [...dashboardKeys.inventory, "list", filter, params] as const,
  stockMovements: (variantId: string, page: number) =>
    [...dashboardKeys.inventory, "movements", variantId, page] as const,

  orders: ["dashboard", "orders"] as const,
  orderList: (status: string, params: ListParams) =>
    [...dashboardKeys.orders, "list", status, params] as const,
  order: (id: string) => [...dashboardKeys.orders, "detail", id] as const,
  /** Shiprocket's couriers for a parcel of an order (a POST, read as a query: it changes nothing). */
  shiprocketQuote: (id: string, input: unknown) =>
    [...dashboardKeys.orders, "shiprocket-quote", id, input] as const,
  /** A parcel's courier scans. */
  shipmentScans: (orderId: string, shipmentId: string) =>
    [...dashboardKeys.orders, "scans", orderId, shipmentId] as const,
  /** The parcels couriers could not deliver. */
  ndr: () => [...dashboardKeys.orders, "ndr"] as const,

  payments: ["dashboard", "payments"] as const,
  paymentList: (status: string, params: ListParams) =>
    [...dashboardKeys.payments, "list", status, params] as const,
  unmatchedPayments: ["dashboard", "payments", "unmatched"] as const,

  /** The disputes lists, by the states each shows ("open,under_review"). */
  disputes: ["dashboard", "disputes"] as const,
  disputeList: (states: string) => [...dashboardKeys.disputes, "list", states] as const,

  customers: ["dashboard", "customers"] as const,
  customerList: (view: string, params: ListParams) =>
    [...dashboardKeys.customers, "list", view, params] as const,
  customer: (id: string) => [...dashboardKeys.customers, "detail", id] as const,

  /** Every review moderation query: the pages of the staff's list. */
  reviews: ["dashboard", "reviews"] as const,
  reviewList: (params: ListParams & Record<string, unknown>) =>
    [...dashboardKeys.reviews, "list", params] as const,

  media: ["dashboard", "media"] as const,
  mediaList: (params: ListParams) => [...dashboardKeys.media, "list", params] as const,

  /** Every outbound message query: the lists, each message, and the home's count of failed ones. */
  emails: ["dashboard", "emails"] as const,
  emailList: (status: string, params: ListParams) =>
    [...dashboardKeys.emails, "list", status, params] as const,
  email: (id: string) => [...dashboardKeys.emails, "detail", id] as const,
  failedEmailCount: () => [...dashboardKeys.emails, "failed-count"] as const,

  /** Every message log query (email and WhatsApp): an order's, a customer's, a channel's, and the figures. */
  messages: ["dashboard", "messages"] as const,
  messageList: (filter: { order?: string; customer?: string; channel?: string }) =>
    [...dashboardKeys.messages, "list", filter] as const,
  messageRates: (days: number) => [...dashboardKeys.messages, "rates", days] as const,

  /** Every discount code query: the lists and each code with its uses and revenue. */
  discounts: ["dashboard", "discounts"] as const,
  discountLists: ["dashboard", "discounts", "list"] as const,
  discountList: (status: string, params: ListParams) =>
    [...dashboardKeys.discountLists, status, params] as const,
  discount: (id: string) => [...dashboardKeys.discounts, "detail", id] as const,

  /** Every return query: the lists by status. */
  returns: ["dashboard", "returns"] as const,
  returnList: (status: string, params: ListParams) =>
    [...dashboardKeys.returns, "list", status, params] as const,

  /** The staff activity log (admins): its pages, and the staff it names for the filter. */
  activity: ["dashboard", "activity"] as const,
  activityList: (params: ListParams & Record<string, unknown>) =>
    [...dashboardKeys.activity, "list", params] as const,
  activityActors: () => [...dashboardKeys.activity, "actors"] as const,
  /** Every webhook query: the endpoints' pages and each endpoint's deliveries (admins). */
  webhooks: ["dashboard", "webhooks"] as const,
  webhookList: (params: ListParams) => [...dashboardKeys.webhooks, "list", params] as const,
  webhookDeliveries: (endpointId: string, params: { page: number; size: number }) =>
    [...dashboardKeys.webhooks, "deliveries", endpointId, params] as const,

  /** The shop's settings: every section as it applies now, and the pages of their history (admins). */
  settings: ["dashboard", "settings"] as const,
  currentSettings: () => [...dashboardKeys.settings, "current"] as const,
  settingsHistory: ["dashboard", "settings", "history"] as const,
  settingsHistoryPage: (params: { page: number; size: number }) =>
    [...dashboardKeys.settingsHistory, params] as const,
  /** A shipping method's PIN code list: its pages, searched or not. */
  pincodes: (methodId: string) => [...dashboardKeys.settings, "pincodes", methodId] as const,
  pincodePage: (methodId: string, params: { page: number; size: number; search: string }) =>
    [...dashboardKeys.pincodes(methodId), params] as const,
};
