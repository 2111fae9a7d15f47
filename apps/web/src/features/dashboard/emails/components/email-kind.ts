import type { EmailKind } from "@shop/shared/constants";

/** What each kind of message is, as the Emails pages name it. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  passwordReset: "Password reset",
  passwordChanged: "Password changed",
  emailChanged: "Email changed",
  twoFactorEnabled: "Two-step sign-in turned on",
  twoFactorDisabled: "Two-step sign-in turned off",
  welcome: "Welcome",
  orderPlaced: "Order placed",
  orderCodConfirmed: "Cash on delivery: confirm the order",
  paymentReceived: "Payment received",
  orderShipped: "Order shipped",
  orderOutForDelivery: "Out for delivery",
  orderDelivered: "Order delivered",
  orderCancelled: "Order cancelled",
  orderRefunded: "Order refunded",
  returnUpdate: "Return update",
  webhookDisabled: "Webhook endpoint disabled",
  backInStock: "Back in stock",
  cartReminder: "Checkout reminder",
  disputeOpened: "Dispute opened",
};
