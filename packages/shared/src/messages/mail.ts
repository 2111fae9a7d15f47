/** The emails the shop sends: subjects, greetings and lines. */

/**
 * The words of the shop's emails: subjects and lines, composed with the shop's details and escaped
 * by the API (modules/email/compose.ts).
 */
export const mail = {
  greeting: (firstName: string) => `Hello ${firstName},`,
  signOff: "Thank you for shopping with us.",
  footer: (shop: string, address: string, email: string, phone: string) =>
    `${shop} · ${address} · ${email} · ${phone}`,
  notYou: "If this was not you, contact us straight away by replying to this email.",
  passwordReset: {
    subject: "Reset your password",
    lines: (minutes: number) => [
      "We received a request to reset the password of your account.",
      `The link below works once, for ${minutes} minutes.`,
      "If you did not ask for it, ignore this email: your password stays as it is.",
    ],
    action: "Reset your password",
  },
  passwordChanged: {
    subject: "Your password was changed",
    lines: ["The password of your account has just been changed, and every other session signed out."],
  },
  twoFactorEnabled: {
    subject: "Two-step sign-in was turned on",
    lines: [
      "Two-step sign-in has just been turned on for your account: signing in now also asks for a code from your authenticator app.",
      "Every other session was signed out.",
    ],
  },
  twoFactorDisabled: {
    subject: "Two-step sign-in was turned off",
    lines: [
      "Two-step sign-in has just been turned off for your account: signing in now takes only your password.",
    ],
  },
  emailChanged: {
    subject: "Your email address was changed",
    lines: (newEmail: string) => [
      `The email address of your account was changed to ${newEmail}.`,
      "This address will not receive our messages any more.",
    ],
  },
  welcome: {
    subject: (shop: string) => `Welcome to ${shop}`,
    lines: ["Your account is ready. You can now save addresses, place orders and follow them."],
    action: "Start shopping",
  },
  /** The parts every order message is made of; amounts come formatted ("$1,234.50"). */
  order: {
    line: (quantity: number, label: string, unitPrice: string, lineTotal: string) =>
      `${quantity} × ${label}: ${unitPrice} each, ${lineTotal}`,
    subtotal: (amount: string) => `Subtotal: ${amount}`,
    discount: (code: string, amount: string) => `Discount (${code}): -${amount}`,
    shipping: (amount: string) => `Shipping: ${amount}`,
    freeShipping: "Free",
    tax: (percent: number, amount: string) => `Tax (GST ${percent}%): ${amount}`,
    /** The GST of an order whose lines had different rates. */
    taxAtRates: (amount: string) => `Tax (GST): ${amount}`,
    /** The tax line of an order whose prices included the GST. */
    taxIncluded: (line: string) => `${line}, included in the prices`,
    codFee: (amount: string) => `Cash on delivery fee: ${amount}`,
    /** What paying online took off the goods (the GST above is worked out after it). */
    onlineDiscount: (amount: string) => `Online payment discount: -${amount}`,
    total: (amount: string) => `Total: ${amount}`,
    saved: (amount: string) => `You Saved: ${amount}`,
    shipTo: (address: string) => `Shipping to: ${address}`,
    view: "View your order",
  },
  /** How a payment gateway is named to the shopper. */
  gateways: {
    paypal: "PayPal",
    test: "Card (test gateway)",
    cod: "Cash on delivery",
    razorpay: "Razorpay",
    store_credit: "Store credit",
  },
  /** How a payment was made through Razorpay, as it reports the method; any other word shows as it came. */
  paymentMethods: {
    upi: "UPI",
    card: "Card",
    netbanking: "Netbanking",
    wallet: "Wallet",
    emi: "EMI",
    paylater: "Pay later",
  } as Readonly<Record<string, string>>,
  /** The abandoned-checkout reminders: the first, then the second (with the owner's code, when set). */
  cartReminder: {
    subject: "You left something in your cart",
    secondSubject: "Your cart is still waiting for you",
    intro: "You reached checkout but did not place your order. Your cart is saved, at today's prices:",
    secondIntro: "Your cart is still saved, at today's prices:",
    /** The owner's code: added to a cart without one, or offered beside the shopper's own. */
    codeAdded: (code: string) => `We have added code ${code} to your cart: it applies at checkout.`,
    code: (code: string) => `Use code ${code} at checkout.`,
    total: (amount: string) => `Items: ${amount}`,
    action: "Open your cart",
    unsubscribe: "Unsubscribe from cart reminders",
  },
  orderCodConfirmed: {
    subject: (number: number) => `Please confirm your cash on delivery order #${number}`,
    lines: (number: number, amount: string, hours: number) => [
      `Thank you for your order #${number}. You will pay ${amount} in cash when it arrives.`,
      `Please confirm it with the button below so that we can ship it. Unconfirmed within ${hours} hours of placing it, it is cancelled.`,
    ],
    action: "Confirm my order",
  },
  orderPlaced: {
    subject: (number: number) => `Your order #${number} is placed`,
    intro: (number: number) => `Thank you for your order #${number}. Here is what you ordered:`,
    payNow: "Your order waits for your payment: it ships once it is paid, and unpaid it is cancelled.",
    action: "Pay for your order",
  },
  paymentReceived: {
    subject: (number: number) => `Payment received for order #${number}`,
    lines: (number: number, amount: string, gateway: string, transactionId: string) => [
      `We have received your payment of ${amount} for order #${number}.`,
      `Paid with: ${gateway}`,
      `Transaction ID: ${transactionId}`,
      "We are preparing your order and will email you when it ships.",
    ],
  },
  orderShipped: {
    subject: (number: number) => `Your order #${number} has shipped`,
    lines: (number: number) => [`Your order #${number} has left us and is on its way.`],
    /** A shipment holding part of the order. */
    partSubject: (number: number) => `Part of your order #${number} has shipped`,
    partLines: (number: number) => [
      `Part of your order #${number} has left us and is on its way; we will email you when the rest ships.`,
    ],
    carrier: (carrier: string, trackingNumber: string) =>
      `Carrier: ${carrier}, tracking number ${trackingNumber}`,
    track: (url: string) => `Track it: ${url}`,
    item: (quantity: number, label: string) => `${quantity} × ${label}`,
  },
  orderDelivered: {
    subject: (number: number) => `Your order #${number} was delivered`,
    lines: (number: number) => [
      `Your order #${number} has been delivered. We hope you enjoy it.`,
      "You can review what you bought on each product's page.",
    ],
    /** A shipment holding part of the order, delivered. */
    partSubject: (number: number) => `A parcel of your order #${number} was delivered`,
    partLines: (number: number, carrier: string) => [
      `A parcel of your order #${number} (${carrier}) has been delivered.`,
    ],
  },
  returnUpdate: {
    subject: (number: number, status: string) => `Your return for order #${number}: ${status}`,
    requested: (number: number) => [
      `We have your request to return items from order #${number}. We will email you once we have looked at it.`,
    ],
    approved: (number: number) => [
      `Your return for order #${number} is approved. Please send the items back; we refund them once they arrive.`,
    ],
    rejected: (number: number) => [`We cannot accept your return for order #${number}.`],
    received: (number: number) => [
      `The items you returned from order #${number} have arrived. Your refund follows.`,
    ],
    /** The refund's first line; where the money went follows (refundWent). */
    refunded: (number: number, amount: string) =>
      `We have refunded ${amount} for the items you returned from order #${number}.`,
    message: (message: string) => `Our message: ${message}`,
    item: (quantity: number, label: string) => `${quantity} × ${label}`,
  },
  orderCancelled: {
    subject: (number: number) => `Your order #${number} was cancelled`,
    byShopper: (number: number) => `As you asked, your order #${number} has been cancelled.`,
    byStaff: (number: number) =>
      `Your order #${number} has been cancelled by our team. If you have any questions, reply to this email.`,
    expired: (number: number) =>
      `Your order #${number} was cancelled because it was not paid in time. You are welcome to order again.`,
    /** A cash on delivery order its shopper did not confirm within the owner's hours. */
    codUnconfirmed: (number: number) =>
      `Your cash on delivery order #${number} was cancelled because it was not confirmed in time. You are welcome to order again.`,
    /** A cash on delivery order whose parcel the carrier brought back undelivered (returned to origin). */
    returnedToOrigin: (number: number) =>
      `Your cash on delivery order #${number} was cancelled because its parcel came back to us undelivered. Nothing is owed. If this is a mistake, reply to this email.`,
    /** Added to the returned-to-origin email when the refusal bars the shopper from cash on delivery. */
    codBarred:
      "Because the parcel was refused at the door, cash on delivery is no longer offered on your account: please pay online for your next orders.",
  },
  orderRefunded: {
    subject: (number: number) => `Your order #${number} was refunded`,
    /** The refund's first line; where the money went follows (refundWent). */
    refunded: (number: number, amount: string) => `We have refunded ${amount} for your order #${number}.`,
  },
  /**
   * Where a refund went, after its first line: back to the payment (days to show), to the shopper's
   * store credit (there now, decision 042), or split between them (both said).
   */
  refundWent: {
    payment: ["It can take a few days for the money to show in your account."],
    storeCredit: (credit: string) => [
      `It went to your store credit: ${credit} is in your account now, ready to use at checkout.`,
    ],
    split: (credit: string, payment: string) => [
      `${credit} went to your store credit and is in your account now, ready to use at checkout.`,
      `${payment} went back to your original payment: it can take a few days to show in your account.`,
    ],
  },
} as const;
