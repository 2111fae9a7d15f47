/**
 * The messages an order sends its shopper: placed, paid, shipped, delivered, cancelled (by the
 * shopper, by staff or by the hold expiry) and refunded. Each is built from plain values so that
 * the use case writing it (orders, payments) passes what its own transaction read.
 */

import { type PaymentGateway, TAX_PERCENT } from "@shop/shared/constants";
import { mail, outForDeliveryMail, whatsappItems } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { fullName } from "@shop/shared/names";
import { fromCents, savedTotal, toCents } from "@shop/shared/pricing";
import type { OrderShippingAddress } from "#api/db/schema/orders";
import type { Outgoing } from "./service";
import { codTapPayload, shopDate, type WhatsAppIntent } from "./whatsapp";

/** The shopper an order's messages go to. */
export interface OrderRecipient {
  /** Their account: their WhatsApp consent and number decide whether a message goes there. */
  id: string;
  email: string;
  firstName: string;
}

/** An event's WhatsApp side: the shopper, the order, its key and the template's variables. */
function intentOf(
  to: OrderRecipient,
  order: OrderRef,
  event: WhatsAppIntent["event"],
  key: string,
  body: string[],
  buttons: WhatsAppIntent["buttons"] = [],
): WhatsAppIntent {
  return { event, dedupeKey: `${event}:${key}`, userId: to.id, orderId: order.id, body, buttons };
}

/** An order as its messages name it: by its number (#1001), linking to it by its id. */
export interface OrderRef {
  id: string;
  number: number;
  /**
   * The currency it was placed in (ISO 4217): its amounts are written in it, whatever the shop's
   * currency is when a later message goes.
   */
  currency: string;
}

/** Where a message's links point, and how its amounts are written (the store's locale). */
export interface MailSite {
  origin: string;
  locale: string;
}

/** Writes the order's amounts in its own currency, as the store's locale writes numbers. */
function moneyOf(order: OrderRef, site: MailSite): (amount: number) => string {
  const currency = { code: order.currency, locale: site.locale };
  return (amount) => formatMoney(amount, currency);
}

export interface OrderAmounts extends OrderRef {
  subTotal: number;
  savedAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  discountCode: string | null;
  discountAmount: number;
  shippingAddress: OrderShippingAddress;
  /** Whether the prices included GST. */
  pricesIncludeTax?: boolean;
  /** The cash on delivery fee within the total (its GST, if taxed, in taxAmount); none when absent or 0. */
  codFee?: number;
  /** What paying online took off the goods (within their GST); none when absent or 0. */
  onlineDiscount?: number;
}

/** A line as the shopper ordered it: "Trail Running Shoes (Size: 9)", its unit price after any sale. */
export interface OrderedLine {
  label: string;
  quantity: number;
  unitPrice: number;
}

/** Why an order was cancelled, which its message says (codUnconfirmed: cash on delivery not confirmed in time). */
export type CancelledBy = "shopper" | "staff" | "expiry" | "codUnconfirmed" | "returnedToOrigin";

/** "Priya Sharma, Flat 12, ..., Mumbai, Maharashtra 400002, India". */
function addressLine(address: OrderShippingAddress): string {
  const name = fullName(address.name);
  return [
    name,
    address.building,
    address.street,
    `${address.city}, ${address.state} ${address.pinCode}`,
    address.country,
  ].join(", ");
}

/** The shopper's page of one order: the pay page (SPEC section 2), which shows it once paid too. */
function orderUrl(origin: string, orderId: string): string {
  return `${origin}/account/pay/${encodeURIComponent(orderId)}`;
}

/**
 * The amounts of an order; its GST named with its rate when every line had the same one (`rates`: the
 * lines' rates; SPEC's 18% when not given).
 */
function amountLines(
  order: OrderAmounts,
  site: MailSite,
  rates: readonly number[] = [TAX_PERCENT],
): string[] {
  const formatPrice = moneyOf(order, site);
  const saved = savedTotal({ discountPrice: order.savedAmount, discountAmount: order.discountAmount });
  const distinct = [...new Set(rates)];
  const tax = formatPrice(order.taxAmount);
  const taxLine =
    distinct.length === 1 && distinct[0] !== undefined
      ? mail.order.tax(distinct[0], tax)
      : mail.order.taxAtRates(tax);
  return [
    mail.order.subtotal(formatPrice(order.subTotal)),
    ...(order.discountCode && order.discountAmount > 0
      ? [mail.order.discount(order.discountCode, formatPrice(order.discountAmount))]
      : []),
    ...(order.onlineDiscount ? [mail.order.onlineDiscount(formatPrice(order.onlineDiscount))] : []),
    mail.order.shipping(
      order.shippingAmount === 0 ? mail.order.freeShipping : formatPrice(order.shippingAmount),
    ),
    order.pricesIncludeTax ? mail.order.taxIncluded(taxLine) : taxLine,
    ...(order.codFee ? [mail.order.codFee(formatPrice(order.codFee))] : []),
    mail.order.total(formatPrice(order.totalAmount)),
    ...(saved > 0 ? [mail.order.saved(formatPrice(saved))] : []),
  ];
}

/** The confirmation at placement: the lines with their option values, the amounts, the address, the pay link. */
export function orderPlacedEmail(
  to: OrderRecipient,
  order: OrderAmounts,
  lines: readonly OrderedLine[],
  site: MailSite,
  rates?: readonly number[],
): Outgoing {
  const formatPrice = moneyOf(order, site);
  return {
    kind: "orderPlaced",
    to: to.email,
    orderId: order.id,
    subject: mail.orderPlaced.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [
        mail.orderPlaced.intro(order.number),
        ...lines.map((line) =>
          mail.order.line(
            line.quantity,
            line.label,
            formatPrice(line.unitPrice),
            formatPrice(fromCents(toCents(line.unitPrice) * line.quantity)),
          ),
        ),
        ...amountLines(order, site, rates),
        mail.order.shipTo(addressLine(order.shippingAddress)),
        mail.orderPlaced.payNow,
      ],
      action: { label: mail.orderPlaced.action, url: orderUrl(site.origin, order.id) },
    },
  };
}

/**
 * The landing page of a cash on delivery order's confirmation link: the token rides in the query, and
 * the page posts it (a mail scanner that opens the link confirms nothing).
 */
export function codConfirmUrl(origin: string, orderId: string, token: string): string {
  return `${origin}/orders/${encodeURIComponent(orderId)}/confirm-cod?token=${encodeURIComponent(token)}`;
}

/**
 * Cash on delivery chosen: its amounts (the fee among them), what to pay at the door, and the link
 * that confirms it (`confirm`: the token and the owner's hours before an unconfirmed order is cancelled).
 */
export function orderCodConfirmedEmail(
  to: OrderRecipient,
  order: OrderAmounts,
  site: MailSite,
  rates: readonly number[] | undefined,
  confirm: { token: string; hours: number; items?: readonly { label: string; quantity: number }[] },
): Outgoing {
  const formatPrice = moneyOf(order, site);
  const total = formatPrice(order.totalAmount);
  return {
    kind: "orderCodConfirmed",
    to: to.email,
    orderId: order.id,
    // Name, number, total, items; "Confirm order" and "Cancel order" carry the link's token.
    whatsapp: intentOf(
      to,
      order,
      "codConfirm",
      order.id,
      [to.firstName, `#${order.number}`, total, whatsappItems(confirm.items ?? [])],
      [
        { subType: "quick_reply", index: 0, value: codTapPayload("confirm", order.id, confirm.token) },
        { subType: "quick_reply", index: 1, value: codTapPayload("cancel", order.id, confirm.token) },
      ],
    ),
    subject: mail.orderCodConfirmed.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [
        ...mail.orderCodConfirmed.lines(order.number, total, confirm.hours),
        ...amountLines(order, site, rates),
        mail.order.shipTo(addressLine(order.shippingAddress)),
      ],
      action: {
        label: mail.orderCodConfirmed.action,
        url: codConfirmUrl(site.origin, order.id, confirm.token),
      },
    },
  };
}

export interface ReceivedPayment {
  amount: number;
  gateway: PaymentGateway;
  transactionId: string;
}

/** A payment recorded for the order: amount, gateway and the provider's transaction id. */
export function paymentReceivedEmail(
  to: OrderRecipient,
  order: OrderRef,
  payment: ReceivedPayment,
  site: MailSite,
): Outgoing {
  const formatPrice = moneyOf(order, site);
  return {
    kind: "paymentReceived",
    to: to.email,
    orderId: order.id,
    // Paid online, the order is confirmed: name, number, amount paid, date. Cash collected at the door
    // is not a confirmation (the delivery is told on its own).
    ...(payment.gateway === "cod"
      ? {}
      : {
          whatsapp: intentOf(to, order, "orderConfirmed", order.id, [
            to.firstName,
            `#${order.number}`,
            formatPrice(payment.amount),
            shopDate(new Date()),
          ]),
        }),
    subject: mail.paymentReceived.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: mail.paymentReceived.lines(
        order.number,
        formatPrice(payment.amount),
        mail.gateways[payment.gateway],
        payment.transactionId,
      ),
      action: { label: mail.order.view, url: orderUrl(site.origin, order.id) },
    },
  };
}

export function orderShippedEmail(to: OrderRecipient, order: OrderAmounts, { origin }: MailSite): Outgoing {
  return {
    kind: "orderShipped",
    to: to.email,
    orderId: order.id,
    whatsapp: shippedIntent(to, order, order.id, null),
    subject: mail.orderShipped.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [
        ...mail.orderShipped.lines(order.number),
        mail.order.shipTo(addressLine(order.shippingAddress)),
      ],
      action: { label: mail.order.view, url: orderUrl(origin, order.id) },
    },
  };
}

export function orderDeliveredEmail(to: OrderRecipient, order: OrderRef, { origin }: MailSite): Outgoing {
  return {
    kind: "orderDelivered",
    to: to.email,
    orderId: order.id,
    whatsapp: deliveredIntent(to, order, order.id),
    subject: mail.orderDelivered.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: mail.orderDelivered.lines(order.number),
      action: { label: mail.order.view, url: orderUrl(origin, order.id) },
    },
  };
}

const CANCELLED_LINE: Record<CancelledBy, (number: number) => string> = {
  shopper: mail.orderCancelled.byShopper,
  staff: mail.orderCancelled.byStaff,
  expiry: mail.orderCancelled.expired,
  codUnconfirmed: mail.orderCancelled.codUnconfirmed,
  returnedToOrigin: mail.orderCancelled.returnedToOrigin,
};

/**
 * The order cancelled, and by whom; `codBarred`: a parcel of it was refused and the shopper is no
 * longer offered cash on delivery (said, with why).
 */
export function orderCancelledEmail(
  to: OrderRecipient,
  order: OrderRef,
  by: CancelledBy,
  { origin }: MailSite,
  { codBarred = false }: { codBarred?: boolean } = {},
): Outgoing {
  return {
    kind: "orderCancelled",
    to: to.email,
    orderId: order.id,
    subject: mail.orderCancelled.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [CANCELLED_LINE[by](order.number), ...(codBarred ? [mail.orderCancelled.codBarred] : [])],
      action: { label: mail.order.view, url: orderUrl(origin, order.id) },
    },
  };
}

/** A refund as its message tells it: the amount, and the part of it given to store credit (decision 042). */
export interface RefundMail {
  /** The refund's id: its WhatsApp message is keyed by it (none: email only). */
  id?: string;
  amount: number;
  storeCreditAmount: number;
  /**
   * Whether it refunds a return: the message is then the return's last step ("Your return …:
   * refunded"), the one email the shopper gets of it.
   */
  ofReturn: boolean;
}

/** Where the refund went: the payment (days to show), store credit (there now) or both, each said. */
function refundWentLines(refund: RefundMail, formatPrice: (amount: number) => string): readonly string[] {
  const total = toCents(refund.amount);
  const credit = Math.min(toCents(refund.storeCreditAmount), total);
  if (credit <= 0) return mail.refundWent.payment;
  if (credit >= total) return mail.refundWent.storeCredit(formatPrice(fromCents(credit)));
  return mail.refundWent.split(formatPrice(fromCents(credit)), formatPrice(fromCents(total - credit)));
}

/**
 * A refund given: its amount and where it went. A return's refund is told as the return's refunded
 * step, once: the return's own step sends nothing more (modules/fulfilment/returns.ts).
 */
export function orderRefundedEmail(
  to: OrderRecipient,
  order: OrderRef,
  refund: RefundMail,
  site: MailSite,
): Outgoing {
  const formatPrice = moneyOf(order, site);
  const amount = formatPrice(refund.amount);
  return {
    kind: refund.ofReturn ? "returnUpdate" : "orderRefunded",
    to: to.email,
    orderId: order.id,
    ...(refund.id
      ? { whatsapp: intentOf(to, order, "refunded", refund.id, [to.firstName, `#${order.number}`, amount]) }
      : {}),
    subject: refund.ofReturn
      ? mail.returnUpdate.subject(order.number, "refunded")
      : mail.orderRefunded.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [
        refund.ofReturn
          ? mail.returnUpdate.refunded(order.number, amount)
          : mail.orderRefunded.refunded(order.number, amount),
        ...refundWentLines(refund, formatPrice),
      ],
      action: { label: mail.order.view, url: orderUrl(site.origin, order.id) },
    },
  };
}

/** A parcel as its messages name it: carrier, number and link, and the units in it. */
export interface ShipmentMail {
  /** The parcel's id: its WhatsApp messages are keyed by it (none: the order's). */
  id?: string;
  carrier: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
  items: { label: string; quantity: number }[];
  /** Whether this parcel completes the order (every unit shipped, or every parcel delivered). */
  completes: boolean;
}

function trackingLines(shipment: ShipmentMail): string[] {
  return [
    ...(shipment.trackingNumber
      ? [mail.orderShipped.carrier(shipment.carrier, shipment.trackingNumber)]
      : []),
    ...(shipment.trackingUrl ? [mail.orderShipped.track(shipment.trackingUrl)] : []),
  ];
}

/** A shipment left: the order's last units ("has shipped") or some of them, with the carrier, number and link. */
export function shipmentSentEmail(
  to: OrderRecipient,
  order: OrderRef & { shippingAddress: OrderShippingAddress },
  shipment: ShipmentMail,
  { origin }: MailSite,
): Outgoing {
  const m = mail.orderShipped;
  return {
    kind: "orderShipped",
    to: to.email,
    orderId: order.id,
    whatsapp: shippedIntent(to, order, shipment.id ?? order.id, shipment),
    subject: shipment.completes ? m.subject(order.number) : m.partSubject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [
        ...(shipment.completes ? m.lines(order.number) : m.partLines(order.number)),
        ...shipment.items.map((item) => m.item(item.quantity, item.label)),
        ...trackingLines(shipment),
        mail.order.shipTo(addressLine(order.shippingAddress)),
      ],
      action: { label: mail.order.view, url: orderUrl(origin, order.id) },
    },
  };
}

/** A shipment arrived: the order's last parcel ("was delivered") or one of several. */
export function shipmentDeliveredEmail(
  to: OrderRecipient,
  order: OrderRef,
  shipment: ShipmentMail,
  { origin }: MailSite,
): Outgoing {
  const m = mail.orderDelivered;
  return {
    kind: "orderDelivered",
    to: to.email,
    orderId: order.id,
    whatsapp: deliveredIntent(to, order, shipment.id ?? order.id),
    subject: shipment.completes ? m.subject(order.number) : m.partSubject(order.number),
    parts: {
      firstName: to.firstName,
      lines: shipment.completes ? m.lines(order.number) : m.partLines(order.number, shipment.carrier),
      action: { label: mail.order.view, url: orderUrl(origin, order.id) },
    },
  };
}

/**
 * A step of a return: its status, the units and the staff's message. Its refund is told by the
 * refund's own message (orderRefundedEmail), once.
 */
export function returnUpdateEmail(
  to: OrderRecipient,
  order: OrderRef,
  step: {
    status: "requested" | "approved" | "rejected" | "received";
    items: { label: string; quantity: number }[];
    message: string | null;
  },
  { origin }: MailSite,
): Outgoing {
  const m = mail.returnUpdate;
  const said: Record<typeof step.status, readonly string[]> = {
    requested: m.requested(order.number),
    approved: m.approved(order.number),
    rejected: m.rejected(order.number),
    received: m.received(order.number),
  };
  return {
    kind: "returnUpdate",
    to: to.email,
    orderId: order.id,
    subject: m.subject(order.number, step.status),
    parts: {
      firstName: to.firstName,
      lines: [
        ...said[step.status],
        ...step.items.map((item) => m.item(item.quantity, item.label)),
        ...(step.message ? [m.message(step.message)] : []),
      ],
      action: { label: mail.order.view, url: orderUrl(origin, order.id) },
    },
  };
}

/**
 * A parcel is out for delivery (the courier's scan): with which courier, its tracking, and for cash on
 * delivery the amount to keep ready.
 */
export function outForDeliveryEmail(
  to: OrderRecipient,
  order: OrderRef,
  parcel: Omit<ShipmentMail, "items" | "completes"> & { codAmount: number | null },
  site: MailSite,
): Outgoing {
  const m = outForDeliveryMail;
  return {
    kind: "orderOutForDelivery",
    to: to.email,
    orderId: order.id,
    ...(parcel.id
      ? {
          whatsapp: intentOf(to, order, "outForDelivery", parcel.id, [
            to.firstName,
            `#${order.number}`,
            parcel.carrier,
          ]),
        }
      : {}),
    subject: m.subject(order.number),
    parts: {
      firstName: to.firstName,
      lines: [
        ...m.lines(order.number, parcel.carrier),
        ...trackingLines({ ...parcel, items: [], completes: false }),
        ...(parcel.codAmount !== null ? [m.cash(moneyOf(order, site)(parcel.codAmount))] : []),
      ],
      action: { label: mail.order.view, url: orderUrl(site.origin, order.id) },
    },
  };
}

/**
 * Shipped: name, number, courier, tracking number; the button opens the shopper's order page (its
 * approved URL ends in the order's id), where the parcel's steps show.
 */
function shippedIntent(
  to: OrderRecipient,
  order: OrderRef,
  key: string,
  shipment: Pick<ShipmentMail, "carrier" | "trackingNumber"> | null,
): WhatsAppIntent {
  return intentOf(
    to,
    order,
    "shipped",
    key,
    [to.firstName, `#${order.number}`, shipment?.carrier ?? "-", shipment?.trackingNumber ?? "-"],
    [{ subType: "url", index: 0, value: order.id }],
  );
}

/** Delivered: name, number, date. */
function deliveredIntent(to: OrderRecipient, order: OrderRef, key: string): WhatsAppIntent {
  return intentOf(to, order, "delivered", key, [to.firstName, `#${order.number}`, shopDate(new Date())]);
}
