import {
  COD_CONFIRMATIONS,
  type CodConfirmation,
  FIRST_ORDER_NUMBER,
  FULFILMENT_STATES,
  type Fulfilment,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  type OrderEventType,
  type OrderStatus,
  PAYMENT_GATEWAYS,
  PAYMENT_STATES,
  PAYMENT_STATUSES,
  type PaymentGateway,
  type PaymentState,
  type PaymentStatus,
  ROLES,
  type Role,
  TAKEN_PAYMENT_STATUSES,
} from "@shop/shared/constants";
import { DEFAULT_UQC } from "@shop/shared/gst-codes";
import { COD_CONFIRMED_VIA, type CodConfirmedVia } from "@shop/shared/messaging";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { idRef, money, primaryId, taxRate } from "./columns";
import { discounts } from "./discounts";
import type { SupplierDetails } from "./invoices";

export type { SupplierDetails };

import { products, productVariants } from "./products";
import { sqlList } from "./sql-lists";
import { users } from "./users";

/** The address as it was when the order was placed; later edits of the address book never change it. */
export interface OrderShippingAddress {
  name: { firstName: string; lastName: string };
  countryCode: string;
  phoneNumber: string;
  building: string;
  street: string;
  city: string;
  state: string;
  pinCode: string;
  country: string;
  /** The buyer's GSTIN when they gave one (a registered buyer). */
  gstin?: string | null;
  /** The business's legal name with that GSTIN: the invoice bills it (absent on orders from before it was asked). */
  legalName?: string | null;
}

/**
 * Order numbers (#1001, ...): a value is taken by the placement's read, in its transaction
 * (modules/orders/repo-placement.ts). NOTE: a sequence never goes back, so a placement refused or
 * rolled back burns its value; numbers are unique and never reused, not gap-free (invoices have
 * their own gap-free numbering).
 */
export const orderNumberSequence = pgSequence("orders_number_seq", { startWith: FIRST_ORDER_NUMBER });

/**
 * The statuses whose fulfilment is read from the order's parcels (db/fulfilment.ts); a shipped or
 * delivered order is what its status says.
 */
export const STATUSES_FULFILLED_BY_PARCELS = ORDER_STATUSES.filter(
  (status) => status !== "shipped" && status !== "delivered",
);

export const orders = pgTable(
  "orders",
  {
    id: primaryId(),
    number: integer().notNull().default(sql`nextval('orders_number_seq')`),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text().$type<OrderStatus>().notNull().default("pending"),
    subTotal: money().notNull(),
    savedAmount: money().notNull().default(0),
    shippingAmount: money().notNull().default(0),
    taxAmount: money().notNull().default(0),
    totalAmount: money().notNull(),
    // The discount code the order used, as typed then (upper-cased), and what it took off the items.
    discountId: idRef().references(() => discounts.id, { onDelete: "restrict" }),
    discountCode: text(),
    discountAmount: money().notNull().default(0),
    currency: text().notNull().default("USD"),
    // The shipping method the order was priced with, as it was then (orders from before methods
    // existed had SPEC's one rate, "Standard" at 80).
    shippingMethodName: text().notNull().default("Standard"),
    shippingMethodPrice: money().notNull().default(80),
    // Whether the prices included GST, and whether shipping and the COD fee were taxed with the goods
    // (decision 047), as the order was priced: a later change of the settings alters no document.
    pricesIncludeTax: boolean().notNull().default(false),
    chargesTaxed: boolean().notNull().default(false),
    // Shipping's GST (part of taxAmount), its rate (the highest among the lines) and its taxable value,
    // when the charges were taxed; all 0 when shipping was outside GST.
    shippingTax: money().notNull().default(0),
    shippingTaxRate: taxRate().notNull().default(0),
    shippingTaxable: money().notNull().default(0),
    shippingAddress: jsonb().$type<OrderShippingAddress>().notNull(),
    // The cash on delivery fee added to totalAmount when the shopper chose it (0 otherwise): outside
    // GST, or, with the charges taxed, a taxed row as shipping is (its GST on top of it when prices
    // exclude GST, within it when they include it; part of taxAmount).
    codFee: money().notNull().default(0),
    codFeeTaxable: money().notNull().default(0),
    codFeeTaxRate: taxRate().notNull().default(0),
    codFeeCgst: money().notNull().default(0),
    codFeeSgst: money().notNull().default(0),
    codFeeIgst: money().notNull().default(0),
    // With prices including GST, what the rows' prices hold beyond their taxable values and GST (a
    // paisa or two a row, either way): the invoice's "Round off", outside GST; 0 otherwise.
    roundOff: money().notNull().default(0),
    // Cash on delivery's confirmation by the shopper before it ships (null: not a COD order): pending
    // from placement until the shopper confirms through the email's link or the order page, or staff
    // do by phone; cancelled when the owner's hours pass first. The link's token is kept as a sha-256.
    codConfirmation: text().$type<CodConfirmation>(),
    codConfirmTokenHash: text(),
    // How it was confirmed (a WhatsApp tap, the email's link, the order page, staff by phone): the
    // reports' confirmation rate by channel. Null before, and for orders confirmed before it was kept.
    codConfirmedVia: text().$type<CodConfirmedVia>(),
    // What paying online instead of cash on delivery took off the total (the owner's offer); 0 otherwise.
    onlineDiscount: money().notNull().default(0),
    // What the shopper's store credit paid of the total (the rest, if any, paid as usual).
    storeCreditUsed: money().notNull().default(0),
    // How the GST was split, decided once when the order was priced (the delivery state against the
    // seller's, IGST Act section 10(1)(a)): CGST + SGST within the state, IGST across; the invoice
    // prints it and the reports sum it, never deciding again from today's settings.
    supplyType: text().$type<"intra-state" | "inter-state">().notNull().default("inter-state"),
    // The place of supply's GST state code ("27"); null for an address whose state is none of India's.
    placeOfSupply: text(),
    // The buyer's GSTIN, when they gave one: the invoice is then B2B.
    buyerGstin: text(),
    // Shipping's GST (shippingTax) as the invoice prints it: CGST + SGST or IGST.
    shippingCgst: money().notNull().default(0),
    shippingSgst: money().notNull().default(0),
    shippingIgst: money().notNull().default(0),
    // NOTE: orders and payments reference each other, hence one file for both tables (a file each
    // would import each other); the explicit return type breaks the type-inference cycle, and
    // drizzle-kit adds both foreign keys after both tables exist.
    paymentId: idRef().references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
    // The provider payment being captured for the order (Razorpay's payment id, PayPal's order id, a
    // test charge's attempt), claimed under the order's lock before the provider is asked to capture:
    // one capture at a time, and the hold sweep leaves an order with a fresh claim alone
    // (modules/payments/claims.ts). A claim older than PAYMENT_CLAIM_SECONDS can be taken over.
    paymentClaim: text(),
    paymentClaimedAt: timestamp({ withTimezone: true }),
    // The payment's state as the staff's lists show and filter it (PAYMENT_STATES): the taken
    // payment's status, else the latest attempt's, else 'none'. NOTE: kept by every statement that
    // writes a payment or links one (db/payment-state.ts), so that a filter by it is an index range:
    // worked out per order it read every order of the shop (2-7 s at a million).
    paymentState: text().$type<PaymentState>().notNull().default("none"),
    // How far the order's parcels have taken its goods (FULFILMENT_STATES but 'unfulfilled'): the units
    // in its parcels against the units ordered, and whether every parcel arrived; null while nothing
    // is in a parcel. NOTE: kept by the database (triggers on the parcels and their lines, migration
    // 0057), so that a filter by fulfilment is an index range: worked out per order it read the
    // parcels of every order not shipped or delivered (60 ms at a million orders for a page).
    parcelState: text().$type<Exclude<Fulfilment, "unfulfilled">>(),
    // Lets a client retry "place order" without creating a second order (NULLs never collide).
    idempotencyKey: text(),
    /** SHA-256 of the placement's lines and address, to refuse a key reused for another order. */
    idempotencyFingerprint: text(),
    // The GST invoice's number ("INV2627/000001"; "INV/2026-27/000001" before the 16-character series)
    // and date, given when the order is paid (or a COD order's first parcel leaves), with the supplier
    // as the invoice states it then and the GSTIN whose series numbered it (a new registration starts
    // its own series, decision 048).
    invoiceNumber: text(),
    invoicedAt: timestamp({ withTimezone: true }),
    invoiceSupplier: jsonb().$type<SupplierDetails>(),
    invoiceGstin: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in (${sqlList(ORDER_STATUSES)})`),
    check(
      "orders_cod_confirmation_check",
      sql`${t.codConfirmation} is null or ${t.codConfirmation} in (${sqlList(COD_CONFIRMATIONS)})`,
    ),
    check(
      "orders_cod_confirmed_via_check",
      sql`${t.codConfirmedVia} is null or ${t.codConfirmedVia} in (${sqlList(COD_CONFIRMED_VIA)})`,
    ),
    check("orders_supply_type_check", sql`${t.supplyType} in ('intra-state', 'inter-state')`),
    check("orders_payment_state_check", sql`${t.paymentState} in (${sqlList(PAYMENT_STATES)})`),
    check(
      "orders_parcel_state_check",
      sql`${t.parcelState} is null or ${t.parcelState} in (${sqlList(FULFILMENT_STATES.filter((state) => state !== "unfulfilled"))})`,
    ),
    unique("orders_number_unique").on(t.number),
    unique("orders_user_idempotency_key_unique").on(t.userId, t.idempotencyKey),
    unique("orders_invoice_number_unique").on(t.invoiceGstin, t.invoiceNumber),
    // Invoices issued before documents kept their supplier, found at start to be given it once.
    index("orders_invoice_without_supplier_idx")
      .on(t.id)
      .where(sql`${t.invoiceNumber} is not null and ${t.invoiceSupplier} is null`),
    index("orders_user_created_at_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_status_created_at_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The staff's orders by payment state, newest first.
    index("orders_payment_state_created_at_idx").on(
      t.paymentState,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The staff's orders whose parcels decide their fulfilment, by it, newest first: the few orders
    // in parcels whose status does not say it (a part shipped while processing), not every parcel's.
    index("orders_parcel_state_created_at_idx")
      .on(t.parcelState, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(
        sql`${t.parcelState} is not null and ${t.status} in (${sqlList(STATUSES_FULFILLED_BY_PARCELS)})`,
      ),
    // The sweep's COD orders still waiting for the shopper's confirmation, oldest first.
    index("orders_cod_pending_idx").on(t.createdAt).where(sql`${t.codConfirmation} = 'pending'`),
    // The GST returns (GSTR-1) read a month's invoices by their date.
    index("orders_invoiced_at_idx").on(t.invoicedAt).where(sql`${t.invoicedAt} is not null`),
    // Per-customer use counts of a discount code, taken at placement.
    index("orders_discount_user_idx").on(t.discountId, t.userId).where(sql`${t.discountId} is not null`),
    index("orders_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The staff's keyword search (modules/orders/repo-keyword.ts keywordMatch): the shipping name and phone
    // by trigrams, so that "%asha%" is answered from an index.
    index("orders_shipping_name_trgm_idx").using(
      "gin",
      sql`((${t.shippingAddress} -> 'name' ->> 'firstName') || ' ' || (${t.shippingAddress} -> 'name' ->> 'lastName')) gin_trgm_ops`,
    ),
    index("orders_shipping_phone_trgm_idx").using(
      "gin",
      sql`(${t.shippingAddress} ->> 'phoneNumber') gin_trgm_ops`,
    ),
    // The hold-expiry sweep looks for old unpaid pending orders.
    index("orders_pending_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.paymentId} is null`),
    // A placement counts the shopper's unpaid pending orders (the hold limit); without this, that
    // count read every unpaid order of the shop through the index above.
    index("orders_user_unpaid_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.paymentId} is null`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: primaryId(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: idRef()
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    variantId: idRef()
      .notNull()
      .references(() => productVariants.id, { onDelete: "restrict" }),
    // Snapshot of the variant's SKU and option values when the order was placed.
    variantSku: text().notNull(),
    variantOptions: jsonb().$type<Record<string, string>>().notNull().default({}),
    // Snapshot of the product name when the order was placed.
    name: text().notNull(),
    // Unit price charged (the sale price when the product was on sale).
    price: money().notNull(),
    // Unit list price at the time of the order.
    originalPrice: money().notNull(),
    savedAmount: money().notNull().default(0),
    // The line's share of the order's discount code amount.
    discountShare: money().notNull().default(0),
    quantity: integer().notNull(),
    // The GST the line was charged: its rate and HSN code then (null: none was set), and its share
    // of the order's GST at that rate (lines from before rates existed: their share of the order's).
    taxRate: taxRate().notNull().default(18),
    hsnCode: text(),
    // The HSN code's description and the unit of quantity then, as the invoice and table 12 print
    // them (null description: a line from before, described by its HSN chapter's name).
    hsnDescription: text(),
    uqc: text().notNull().default(DEFAULT_UQC),
    taxAmount: money().notNull().default(0),
    // The line as the invoice prints it: its value before GST after its discounts, and its GST
    // (taxAmount) as CGST + SGST (equal halves) or IGST, by the order's supply type.
    taxableValue: money().notNull().default(0),
    cgst: money().notNull().default(0),
    sgst: money().notNull().default(0),
    igst: money().notNull().default(0),
    // With prices including GST, the line's value less its taxable value and GST: its round off.
    roundOff: money().notNull().default(0),
  },
  (t) => [
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_order_id_idx").on(t.orderId),
    index("order_items_product_id_idx").on(t.productId),
    index("order_items_variant_id_idx").on(t.variantId),
  ],
);

/** A payment taken (or being taken) for an order; its refunds are in refunds.ts. */
export const payments = pgTable(
  "payments",
  {
    id: primaryId(),
    userId: idRef()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    status: text().$type<PaymentStatus>().notNull().default("pending"),
    // The provider's id of the capture; unique so that recording a capture twice fails.
    transactionId: text().notNull().unique("payments_transaction_id_unique"),
    amount: money().notNull(),
    // The sum of the payment's completed refunds; raised only while it stays within the amount, and
    // the status moves with it (partially_refunded, refunded).
    refundedAmount: money().notNull().default(0),
    currency: text().notNull().default("USD"),
    paymentGateway: text().$type<PaymentGateway>().notNull(),
    // How the payer paid, as the provider reported it (Razorpay: upi, card, netbanking, wallet, emi, ...).
    method: text(),
    // The provider's update time and payer email, as the provider reported them.
    updateTime: timestamp({ withTimezone: true }),
    emailAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_status_check", sql`${t.status} in (${sqlList(PAYMENT_STATUSES)})`),
    check("payments_payment_gateway_check", sql`${t.paymentGateway} in (${sqlList(PAYMENT_GATEWAYS)})`),
    check(
      "payments_refunded_amount_check",
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
    index("payments_status_created_at_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("payments_created_at_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("payments_order_id_idx").on(t.orderId),
    // NOTE: an order is never paid twice, whatever the code does (a refund keeps its payment taken).
    uniqueIndex("payments_order_taken_unique")
      .on(t.orderId)
      .where(sql`${t.status} in (${sqlList(TAKEN_PAYMENT_STATUSES)})`),
    // A payment's state follows its refunds.
    check(
      "payments_refund_state_check",
      sql`(${t.status} = 'refunded') = (${t.refundedAmount} > 0 and ${t.refundedAmount} = ${t.amount})
        and (${t.status} = 'partially_refunded') = (${t.refundedAmount} > 0 and ${t.refundedAmount} < ${t.amount})`,
    ),
  ],
);

/**
 * An order's history, appended and never rewritten (docs/design.md section 8): each change with the
 * order's status after it, the time, and the actor as they were then (no actor: the system).
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: primaryId(),
    orderId: idRef()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    type: text().$type<OrderEventType>().notNull(),
    status: text().$type<OrderStatus>().notNull(),
    // NOTE: the clock when the row is written, not the transaction's start (now()): a change that
    // waited on the order's lock is later than the one it waited for.
    at: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: idRef().references(() => users.id, { onDelete: "set null" }),
    // The actor's name and role when it happened; a later rename or role change never rewrites them.
    actorName: text(),
    actorRole: text().$type<Role>(),
    note: text(),
    amount: money(),
  },
  (t) => [
    check("order_events_type_check", sql`${t.type} in (${sqlList(ORDER_EVENT_TYPES)})`),
    check("order_events_status_check", sql`${t.status} in (${sqlList(ORDER_STATUSES)})`),
    check(
      "order_events_actor_role_check",
      sql`${t.actorRole} is null or ${t.actorRole} in (${sqlList(ROLES)})`,
    ),
    index("order_events_order_at_idx").on(t.orderId, t.at, t.id),
  ],
);

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderItem = typeof orderItems.$inferSelect;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
