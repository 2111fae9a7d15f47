/**
 * Which @shop/shared DTO schema describes each answer of the API, for the `schema` of every call
 * (lib/api.ts): `api.get(path, { schema: responseSchemas.product })`. Each is loaded on demand, and
 * only development and tests check answers against them.
 *
 * NOTE: the production build has none of them (`responseSchemas` is empty there): with
 * `import.meta.env.PROD` true the build drops `loaders`, and every import() in it, so no loader and
 * no zod reach the storefront's first load (docs/decisions/008-storefront-first-load.md). Keep the
 * loaders inside `loaders`: one referenced anywhere else would come back into the bundle.
 */

const loaders = {
  publicConfig: () => import("@shop/shared/api").then((m) => m.PublicConfig),
  user: () => import("@shop/shared/schemas/user").then((m) => m.UserDto),
  twoFactorSetup: () => import("@shop/shared/schemas/auth").then((m) => m.TwoFactorSetupDto),
  twoFactorRecoveryCodes: () => import("@shop/shared/schemas/auth").then((m) => m.TwoFactorRecoveryCodesDto),
  address: () => import("@shop/shared/schemas/address").then((m) => m.AddressDto),
  addresses: () => import("@shop/shared/schemas/address").then((m) => m.AddressDto.array()),
  category: () => import("@shop/shared/schemas/category").then((m) => m.CategoryDto),
  categories: () => import("@shop/shared/schemas/category").then((m) => m.CategoryDto.array()),
  media: () => import("@shop/shared/schemas/media").then((m) => m.MediaDto),
  product: () => import("@shop/shared/schemas/product").then((m) => m.ProductDto),
  productSummary: () => import("@shop/shared/schemas/product").then((m) => m.ProductSummaryDto),
  productImportReport: () => import("@shop/shared/schemas/product-csv").then((m) => m.ProductImportReport),
  searchSuggestions: () => import("@shop/shared/schemas/product").then((m) => m.SearchSuggestionsDto),
  review: () => import("@shop/shared/schemas/review").then((m) => m.ReviewDto),
  staffReview: () => import("@shop/shared/schemas/review").then((m) => m.StaffReviewDto),
  customerSummary: () => import("@shop/shared/schemas/user").then((m) => m.CustomerSummaryDto),
  customerNote: () => import("@shop/shared/schemas/user").then((m) => m.CustomerNoteDto),
  order: () => import("@shop/shared/schemas/order").then((m) => m.OrderDto),
  shipment: () => import("@shop/shared/schemas/order").then((m) => m.ShipmentDto),
  shiprocketQuote: () => import("@shop/shared/schemas/shiprocket").then((m) => m.ShiprocketQuoteDto),
  shiprocketShipment: () => import("@shop/shared/schemas/shiprocket").then((m) => m.ShiprocketShipmentDto),
  shiprocketBatch: () => import("@shop/shared/schemas/shiprocket").then((m) => m.ShiprocketBatchDto),
  shipmentScans: () => import("@shop/shared/schemas/tracking").then((m) => m.ScansDto),
  ndrList: () => import("@shop/shared/schemas/tracking").then((m) => m.NdrListDto),
  ndrAction: () => import("@shop/shared/schemas/tracking").then((m) => m.NdrActionDto),
  codRemittanceReport: () => import("@shop/shared/schemas/remittance").then((m) => m.RemittanceUploadDto),
  orderSummary: () => import("@shop/shared/schemas/order").then((m) => m.OrderSummaryDto),
  payment: () => import("@shop/shared/schemas/payment").then((m) => m.PaymentDto),
  unmatchedPayment: () => import("@shop/shared/schemas/payment").then((m) => m.UnmatchedPaymentDto),
  unmatchedPayments: () => import("@shop/shared/schemas/payment").then((m) => m.UnmatchedPaymentsDto),
  dispute: () => import("@shop/shared/schemas/dispute").then((m) => m.DisputeDto),
  disputeList: () => import("@shop/shared/schemas/dispute").then((m) => m.DisputeListDto),
  paymentProvider: () => import("@shop/shared/schemas/payment").then((m) => m.PaymentProviderDto),
  razorpayKey: () => import("@shop/shared/schemas/payment").then((m) => m.RazorpayKeyDto),
  razorpayOrder: () => import("@shop/shared/schemas/payment").then((m) => m.RazorpayOrderDto),
  paymentOptions: () => import("@shop/shared/schemas/payment").then((m) => m.PaymentOptionsDto),
  storeCreditApplied: () => import("@shop/shared/schemas/payment").then((m) => m.StoreCreditAppliedDto),
  storeCredit: () => import("@shop/shared/schemas/store-credit").then((m) => m.StoreCreditDto),
  codConfirmed: () => import("@shop/shared/schemas/order").then((m) => m.CodConfirmedDto),
  // NOTE: @shop/shared exports no schema for this answer (the API's route declares `{ id }` inline),
  // so it is written out here until the shared package has one.
  paypalOrder: () => import("zod").then(({ z }) => z.object({ id: z.string() })),
  dashboardStats: () => import("@shop/shared/schemas/stats").then((m) => m.DashboardStatsDto),
  salesDays: () => import("@shop/shared/schemas/stats").then((m) => m.SalesDayDto.array()),
  cartPrice: () => import("@shop/shared/schemas/discount").then((m) => m.CartPriceDto),
  cart: () => import("@shop/shared/schemas/cart").then((m) => m.CartDto),
  delivery: () => import("@shop/shared/schemas/delivery").then((m) => m.DeliveryDto),
  pincodeUpload: () => import("@shop/shared/schemas/delivery").then((m) => m.PincodeUploadDto),
  pincodeRow: () => import("@shop/shared/schemas/delivery").then((m) => m.PincodeRowDto),
  email: () => import("@shop/shared/schemas/email").then((m) => m.EmailDto),
  returnDto: () => import("@shop/shared/schemas/returns").then((m) => m.ReturnDto),
  inventoryRow: () => import("@shop/shared/schemas/inventory").then((m) => m.InventoryRow),
  wishlist: () => import("@shop/shared/schemas/shopper-lists").then((m) => m.WishlistItemDto.array()),
  stockAlert: () => import("@shop/shared/schemas/shopper-lists").then((m) => m.StockAlertDto),
  stockMovement: () => import("@shop/shared/schemas/inventory").then((m) => m.StockMovement),
  adjustmentResult: () => import("@shop/shared/schemas/inventory").then((m) => m.AdjustmentResult),
  emailSummary: () => import("@shop/shared/schemas/email").then((m) => m.EmailSummaryDto),
  discount: () => import("@shop/shared/schemas/discount").then((m) => m.DiscountDto),
  discountDetail: () => import("@shop/shared/schemas/discount").then((m) => m.DiscountDetailDto),
  settings: () => import("@shop/shared/schemas/settings").then((m) => m.SettingsDto),
  storeSettings: () => import("@shop/shared/schemas/settings").then((m) => m.StoreSettings),
  currencySettings: () => import("@shop/shared/schemas/settings").then((m) => m.CurrencySettings),
  taxSettings: () => import("@shop/shared/schemas/settings").then((m) => m.TaxSettings),
  shippingSettings: () => import("@shop/shared/schemas/settings").then((m) => m.ShippingSettings),
  checkoutSettings: () => import("@shop/shared/schemas/settings").then((m) => m.CheckoutSettings),
  fulfilmentSettings: () => import("@shop/shared/schemas/settings").then((m) => m.FulfilmentSettings),
  inventorySettings: () => import("@shop/shared/schemas/settings").then((m) => m.InventorySettings),
  securitySettings: () => import("@shop/shared/schemas/settings").then((m) => m.SecuritySettings),
  marketingSettings: () => import("@shop/shared/schemas/marketing").then((m) => m.MarketingSettings),
  whatsappSettings: () => import("@shop/shared/schemas/whatsapp").then((m) => m.WhatsAppSettings),
  consents: () => import("@shop/shared/schemas/whatsapp").then((m) => m.ConsentsDto),
  messages: () => import("@shop/shared/schemas/whatsapp").then((m) => m.MessagesDto),
  messageRates: () => import("@shop/shared/schemas/whatsapp").then((m) => m.MessageRatesDto),
  settingsChange: () => import("@shop/shared/schemas/settings").then((m) => m.SettingsChange),
  activityEntry: () => import("@shop/shared/schemas/activity").then((m) => m.ActivityEntryDto),
  activityActors: () => import("@shop/shared/schemas/activity").then((m) => m.ActivityActorDto.array()),
  webhookEndpoint: () => import("@shop/shared/schemas/webhook").then((m) => m.WebhookEndpointDto),
  webhookEndpointWithSecret: () =>
    import("@shop/shared/schemas/webhook").then((m) => m.WebhookEndpointWithSecretDto),
  webhookDelivery: () => import("@shop/shared/schemas/webhook").then((m) => m.WebhookDeliveryDto),
};

type Loaders = typeof loaders;

export const responseSchemas: Partial<Loaders> = import.meta.env.PROD ? {} : loaders;
