/**
 * The demo's orders: about 60 days of orders from the demo shoppers in every status, so that a new
 * user opening the dashboard sees the sales chart, the tiles, the lists and an order's timeline
 * filled. Each is priced, taxed and documented as the checkout does it: `priceOrder` with the shop's
 * tax settings, each product's (else its category's) rate or rate by price and HSN code, the supply
 * split by the delivery state against the seller's, and every column the placement writes
 * (modules/orders/placement.ts). Paid orders take gap-free invoice numbers in the order they were
 * paid; shipped ones have their parcels (a carrier and tracking number, in their history as the
 * shipments service writes it), and some being prepared have one unit out already; refunds are worked out by the goods as the refunds service
 * does (modules/refunds/credit.ts), with their credit note lines and numbers in the order they were
 * made. All in the demo catalogue's transaction, with the order, payment, invoice and refund repos.
 */

import { CURRENCY, type OrderStatus } from "@shop/shared/constants";
import { hsnChapterName } from "@shop/shared/gst-codes";
import { demoSeed, orderHistory } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { fromCents, priceOrder, toCents } from "@shop/shared/pricing";
import type { RefundInputParsed } from "@shop/shared/schemas/refund";
import {
  DEFAULT_FULFILMENT_SETTINGS,
  OTHER_CARRIER,
  type ShippingMethod,
  SPEC_TAX_SETTINGS,
  type TaxSettings,
  trackingUrlOf,
} from "@shop/shared/schemas/settings";
import { chooseMethod, STANDARD_SHIPPING } from "@shop/shared/shipping";
import { DEMO_ACCOUNTS } from "#api/config";
import type { Database } from "#api/db/client";
import type { NewOrderEvent, Order } from "#api/db/schema/orders";
import type { ProductVariant } from "#api/db/schema/products";
import type { RestockedLine } from "#api/db/schema/refunds";
import type { User } from "#api/db/schema/users";
import { insertAddress } from "#api/modules/addresses/repo";
import { giveInvoiceNumber, takeCreditNote } from "#api/modules/invoices/service";
import { pricedOrderColumns, supplyOf } from "#api/modules/orders/placement";
import {
  countSold,
  findProductsForOrder,
  insertOrder,
  insertOrderEvents,
  type ProductForOrder,
  returnStock,
  setOrderStatus,
  takeStock,
} from "#api/modules/orders/repo";
import { insertShipment } from "#api/modules/orders/repo-shipments";
import { insertPayment } from "#api/modules/payments/repo";
import { creditablesOf, creditFor, refundLineRows } from "#api/modules/refunds/credit";
import {
  completePendingRefund,
  insertRefund,
  insertRefundLines,
  raiseRefundedAmount,
  restock,
} from "#api/modules/refunds/repo";
import { findUserByEmail } from "#api/modules/users/repo";
import { DEMO_REVIEWERS } from "./demo-catalog-data";

/** What the demo orders are priced with: the shop's settings, as the checkout reads them. */
export interface DemoShopTerms {
  taxes: TaxSettings;
  /** The seller's state: an address in it is an intra-state supply (CGST + SGST). */
  storeState: string | undefined;
  shipping: readonly ShippingMethod[];
  currency: string;
}

/** SPEC's terms and the configuration's default seller (Maharashtra), for a seed given none. */
export const SPEC_SHOP_TERMS: DemoShopTerms = {
  taxes: SPEC_TAX_SETTINGS,
  storeState: "Maharashtra",
  shipping: [STANDARD_SHIPPING],
  currency: CURRENCY,
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How many orders the demo holds, spread over this many days before now. */
const DEMO_ORDER_COUNT = 64;
/** How many orders between two progress lines of the seed. */
const ORDERS_PER_PROGRESS = 16;
const DEMO_ORDER_DAYS = 60;
/** Only variants with more than this many units are ordered, so the demo's low and sold-out sizes stay as they are. */
const ORDERABLE_STOCK = 20;
/** The newest orders, placed minutes before the seed and still unpaid. */
const PENDING_COUNT = 3;
/** The paid orders just before those: being packed, whatever their age, so that Ready to Ship lists some. */
const PREPARING_COUNT = 4;

/** The demo shoppers' addresses: two in the seller's state (CGST + SGST), the others elsewhere (IGST). */
const ADDRESSES = [
  {
    building: "Flat 12, Sea Breeze",
    street: "Carter Road, Bandra West",
    city: "Mumbai",
    state: "Maharashtra",
    pinCode: "400050",
  },
  {
    building: "House 7, Lake View",
    street: "100 Feet Road, Indiranagar",
    city: "Bengaluru",
    state: "Karnataka",
    pinCode: "560038",
  },
  {
    building: "B-204, Green Park",
    street: "Aurobindo Marg",
    city: "New Delhi",
    state: "Delhi",
    pinCode: "110016",
  },
  {
    building: "Plot 9, Baner Heights",
    street: "Baner Road",
    city: "Pune",
    state: "Maharashtra",
    pinCode: "411045",
  },
  {
    building: "No. 3, Temple Street",
    street: "Mylapore",
    city: "Chennai",
    state: "Tamil Nadu",
    pinCode: "600004",
  },
] as const;

const NOTES = [
  "Customer asked for gift wrapping; added a card.",
  "Called the customer to confirm the delivery address.",
  "Courier delayed by a day because of the weather.",
  "Customer prefers delivery after 6 pm.",
];

/** What becomes of a demo order, by how old it is: the newest wait or are being packed, the oldest are settled. */
function fateOf(index: number, ageDays: number, next: () => number): OrderStatus {
  if (index >= DEMO_ORDER_COUNT - PENDING_COUNT) return "pending";
  if (index % 11 === 5) return "cancelled";
  if (index % 13 === 7) return "refunded";
  if (ageDays < 2 || index >= DEMO_ORDER_COUNT - PENDING_COUNT - PREPARING_COUNT) return "processing";
  if (ageDays < 6) return next() < 0.6 ? "shipped" : "processing";
  return next() < 0.85 ? "delivered" : "shipped";
}

type Actor = Pick<User, "id" | "firstName" | "lastName" | "role">;

function actorOf(actor: Actor | null): Pick<NewOrderEvent, "actorId" | "actorName" | "actorRole"> {
  if (!actor) return { actorId: null, actorName: null, actorRole: null };
  return {
    actorId: actor.id,
    actorName: fullName(actor),
    actorRole: actor.role,
  };
}

/** A demo order's line: a current variant of a product, as the placement reads them. */
interface DemoLine {
  product: ProductForOrder;
  variant: ProductVariant;
  quantity: number;
}

/** An invoice to number once every order is written: numbers follow the moments of issue. */
interface DueInvoice {
  orderId: string;
  at: Date;
}

/** A refund to record once the invoices exist, in the order refunds were made. */
interface DueRefund {
  order: Order;
  paymentId: string;
  at: Date;
  reason: string;
  /** Its request as the refunds endpoint takes it: by the goods. */
  input: RefundInputParsed;
  restock: RestockedLine[];
}

/** A parcel's tracking number, the same for the same order on every seed. */
const trackingOf = (number: number) => `DEMO${String(number * 7919).padStart(10, "0")}`;

/**
 * Records a refund as the refunds service does (modules/refunds/service.ts), dated `at`: its credit
 * note worked out from what the invoice holds, reserved as pending with its lines, completed with its
 * number, the payment's refunded amount raised and the units restocked.
 */
async function recordDemoRefund(db: Database, due: DueRefund, admin: Actor | null, currency: string) {
  const credit = creditFor(await creditablesOf(db, due.order), due.input, { currency, locale: "en-US" });
  const refund = await insertRefund(db, {
    paymentId: due.paymentId,
    orderId: due.order.id,
    status: "pending",
    amount: fromCents(credit.total),
    currency,
    reason: due.reason,
    restock: due.restock,
    ...actorOf(admin),
  });
  await insertRefundLines(db, refundLineRows(refund.id, credit.lines));
  const completed = await completePendingRefund(db, refund.id, {
    providerRefundId: `DEMO-REFUND-${due.order.number}-${refund.id.slice(-6)}`,
    ...(await takeCreditNote(db, due.at)),
    refundedAt: due.at,
  });
  if (!completed) throw new Error("demo refund left pending");
  if (!(await raiseRefundedAmount(db, due.paymentId, completed.amount)))
    throw new Error("demo refund passes its payment");
  await restock(db, due.restock, {
    cause: "refund",
    actor: admin ? { id: admin.id, name: fullName(admin) } : null,
    orderId: due.order.id,
  });
  return completed;
}

/**
 * Seeds the demo orders for the demo catalogue just written (`products`, with which are active),
 * priced with `terms` (the shop's settings). Answers how many orders it placed.
 */
export async function seedDemoOrders(
  db: Database,
  products: readonly { id: string; name: string; isActive: boolean }[],
  {
    now,
    next,
    terms = SPEC_SHOP_TERMS,
    progress,
  }: { now: Date; next: () => number; terms?: DemoShopTerms; progress?: (message: string) => void },
): Promise<number> {
  const shoppers: User[] = [];
  for (const email of [DEMO_ACCOUNTS.shopper.email, ...DEMO_REVIEWERS.map((reviewer) => reviewer.email)]) {
    const user = await findUserByEmail(db, email);
    if (user) shoppers.push(user);
  }
  if (shoppers.length === 0) return 0;
  const admin = (await findUserByEmail(db, DEMO_ACCOUNTS.admin.email)) ?? null;
  const addresses = [];
  for (const [i, shopper] of shoppers.entries()) {
    const place = ADDRESSES[i % ADDRESSES.length] as (typeof ADDRESSES)[number];
    addresses.push(
      await insertAddress(db, shopper.id, {
        firstName: shopper.firstName,
        lastName: shopper.lastName,
        phoneNumber: `98765${String(43210 + i).padStart(5, "0")}`,
        ...place,
      }),
    );
  }

  const active = products.filter((product) => product.isActive).map((product) => product.id);
  // The products as the placement reads them: their variants, rate (or rates by price) and HSN code,
  // each the product's own else its category's.
  const found = await findProductsForOrder(db, active);
  const candidates = [...found.values()].flatMap((product) =>
    product.variants
      .filter((variant) => variant.isActive && variant.stock > ORDERABLE_STOCK)
      .map((variant) => ({ product, variant })),
  );
  if (candidates.length === 0) return 0;
  // Left to take from, per variant: the seed's own bookkeeping, so it never asks for more than there is.
  const left = new Map(candidates.map(({ variant }) => [variant.id, variant.stock - ORDERABLE_STOCK]));
  const [carrier] = DEFAULT_FULFILMENT_SETTINGS.carriers;
  const { taxes, currency } = terms;

  const invoices: DueInvoice[] = [];
  const refunds: DueRefund[] = [];
  let placed = 0;
  let preparedOfSeveral = 0;
  for (let index = 0; index < DEMO_ORDER_COUNT; index++) {
    if (index > 0 && index % ORDERS_PER_PROGRESS === 0) progress?.(demoSeed.orders(index, DEMO_ORDER_COUNT));
    // Oldest first, so that order numbers rise with the dates.
    const share = (DEMO_ORDER_COUNT - 1 - index) / (DEMO_ORDER_COUNT - 1);
    // The last few were placed minutes ago and wait for payment (the hold sweep cancels them later, as it would).
    const fresh = index >= DEMO_ORDER_COUNT - PENDING_COUNT;
    const placedAt = fresh
      ? new Date(now.getTime() - (DEMO_ORDER_COUNT - index) * 4 * 60_000)
      : new Date(now.getTime() - share * DEMO_ORDER_DAYS * DAY_MS - next() * 0.8 * DAY_MS - HOUR_MS);
    const ageDays = (now.getTime() - placedAt.getTime()) / DAY_MS;
    const fate = fateOf(index, ageDays, next);
    // NOTE: a shopper may hold only a few unpaid orders (ORDER_LIMITS): the waiting ones go one each
    // to the reviewers, never to the demo shopper, whose account must stay free to place orders.
    const shopperIndex =
      fate === "pending" && shoppers.length > 1
        ? 1 + ((DEMO_ORDER_COUNT - 1 - index) % (shoppers.length - 1))
        : Math.floor(next() * shoppers.length);
    const shopper = shoppers[shopperIndex] as User;
    const address = addresses[shopperIndex];
    if (!address) continue;

    const lineCount = 1 + Math.floor(next() * 3);
    const chosen = new Map<string, (typeof candidates)[number]>();
    for (let tries = 0; chosen.size < lineCount && tries < 10; tries++) {
      const candidate = candidates[Math.floor(next() * candidates.length)];
      if (candidate && (left.get(candidate.variant.id) ?? 0) >= 2)
        chosen.set(candidate.variant.id, candidate);
    }
    if (chosen.size === 0) continue;
    // In product, then variant id order, as the placement orders (and locks) an order's lines.
    const lines: DemoLine[] = [...chosen.values()]
      .map(({ product, variant }) => ({ product, variant, quantity: 1 + Math.floor(next() * 2) }))
      .sort((a, b) =>
        a.product.id === b.product.id
          ? a.variant.id.localeCompare(b.variant.id)
          : a.product.id.localeCompare(b.product.id),
      );
    // The method the checkout would offer the address (SPEC's rate where the owner's serve none of it).
    const choice = chooseMethod(terms.shipping, address.state, undefined);
    const method = "method" in choice ? choice.method : STANDARD_SHIPPING;
    const priced = priceOrder(
      lines.map(({ product, variant, quantity }) => ({
        price: variant.price,
        onSale: variant.onSale,
        salePrice: variant.salePrice,
        quantity,
        taxRate: product.taxRate ?? taxes.defaultRate,
        taxSlabs: product.taxSlabs,
      })),
      {
        shipping: method,
        taxes: {
          pricesIncludeTax: taxes.pricesIncludeTax,
          supply: supplyOf(terms.storeState, address.state),
          chargesTaxed: taxes.chargesTaxed,
        },
      },
    );
    const taken = await takeStock(
      db,
      lines.map(({ variant, quantity }) => ({ variantId: variant.id, quantity })),
    );
    if (taken.size !== lines.length) throw new Error("demo orders: stock ran short");
    for (const { variant, quantity } of lines) left.set(variant.id, (left.get(variant.id) ?? 0) - quantity);

    // Every column the placement writes (placement.ts), from the pricing's own figures.
    const { order, lines: items } = await insertOrder(
      db,
      {
        userId: shopper.id,
        status: "pending",
        ...pricedOrderColumns(priced, { currency, method, address }),
        createdAt: placedAt,
        updatedAt: placedAt,
      },
      lines.map(({ product, variant }, i) => {
        const line = priced.lines[i];
        const tax = priced.lineTaxes[i];
        return {
          productId: product.id,
          variantId: variant.id,
          variantSku: variant.sku,
          variantOptions: variant.options,
          name: product.name,
          price: line?.unitPrice ?? variant.price,
          originalPrice: variant.price,
          savedAmount: line?.savedAmount ?? 0,
          discountShare: line?.discountShare ?? 0,
          quantity: line?.quantity ?? 1,
          taxRate: tax?.rate ?? taxes.defaultRate,
          hsnCode: product.hsnCode ?? taxes.defaultHsn,
          // The code's description and the unit, as a placement records them (decision 050).
          hsnDescription:
            (product.hsnCode ? product.hsnDescription : null) ??
            hsnChapterName(product.hsnCode ?? taxes.defaultHsn),
          uqc: product.uqc,
          taxAmount: tax?.tax ?? 0,
          taxableValue: tax?.taxableValue ?? 0,
          cgst: tax?.cgst ?? 0,
          sgst: tax?.sgst ?? 0,
          igst: tax?.igst ?? 0,
          roundOff: priced.roundOffs[i] ?? 0,
        };
      }),
    );
    placed++;
    const events: NewOrderEvent[] = [
      { orderId: order.id, type: "placed", status: "pending", at: placedAt, ...actorOf(shopper) },
    ];
    const later = (hours: number) => new Date(Math.min(now.getTime(), placedAt.getTime() + hours * HOUR_MS));

    if (fate === "pending") {
      await insertOrderEvents(db, events);
      continue;
    }
    // A cancelled order is, every other time, one the shopper gave up before paying.
    if (fate === "cancelled" && index % 2 === 0) {
      await returnStock(db, order.id, { wasPaid: false, why: { cause: "cancel" } });
      await setOrderStatus(db, order.id, "cancelled");
      events.push({
        orderId: order.id,
        type: "cancelled",
        status: "cancelled",
        at: later(2),
        ...actorOf(shopper),
      });
      await insertOrderEvents(db, events);
      continue;
    }

    const paidAt = later(0.1 + next() * 0.5);
    const payment = await insertPayment(db, {
      userId: shopper.id,
      orderId: order.id,
      transactionId: `DEMO-${order.number}`,
      amount: order.totalAmount,
      currency: order.currency,
      paymentGateway: "test",
      status: "completed",
      updateTime: paidAt,
      emailAddress: shopper.email,
      createdAt: paidAt,
    });
    await setOrderStatus(db, order.id, "processing", payment.id);
    await countSold(db, order.id);
    // A prepaid order's invoice is issued at payment (numbered below, once every order is written).
    invoices.push({ orderId: order.id, at: paidAt });
    events.push({
      orderId: order.id,
      type: "paid",
      status: "processing",
      at: paidAt,
      amount: order.totalAmount,
      ...actorOf(shopper),
    });
    if (index % 5 === 2) {
      events.push({
        orderId: order.id,
        type: "note",
        status: "processing",
        at: later(3),
        note: NOTES[index % NOTES.length] ?? null,
        ...actorOf(admin),
      });
    }

    const path: OrderStatus[] =
      fate === "shipped"
        ? ["shipped"]
        : fate === "delivered"
          ? ["shipped", "delivered"]
          : fate === "refunded"
            ? ["shipped", "delivered", "refunded"]
            : fate === "cancelled"
              ? ["cancelled"]
              : [];
    let hours = 18;
    let status: OrderStatus = "processing";
    let shippedAt: Date | null = null;
    const [first] = items;
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    // The goods leave in a parcel of the shop's first carrier, recorded as the shipments service
    // records it: a "shipment" row when it leaves, a "delivery" row when it arrives, each naming it.
    const parcel = {
      carrier: carrier?.name ?? OTHER_CARRIER,
      trackingNumber: carrier ? trackingOf(order.number) : null,
    };
    const parcelNote = (count: number) =>
      orderHistory.shipmentNote(parcel.carrier, parcel.trackingNumber, count);
    for (const to of path) {
      if (to === "cancelled") await returnStock(db, order.id, { wasPaid: true, why: { cause: "cancel" } });
      const at = later(hours);
      if (to === "shipped") shippedAt = at;
      if (to === "refunded") {
        // NOTE: returned after delivery: the whole of what the invoice charged goes back, by the goods
        // (every unit, and shipping), as the status dialog's "Refunded" asks for it; the units came back
        // unsellable (worn), so nothing returns to stock.
        refunds.push({
          order,
          paymentId: payment.id,
          at,
          reason: "Returned: wrong size.",
          input: {
            reason: "Returned: wrong size.",
            lines: items.map((item) => ({ line: item.id, quantity: item.quantity })),
            shipping: true,
            restock: [],
          },
          restock: [],
        });
        events.push({
          orderId: order.id,
          type: "refunded",
          status: "refunded",
          at,
          amount: order.totalAmount,
          note: "Returned: wrong size.",
          ...actorOf(admin),
        });
      } else if (to === "shipped" || to === "delivered") {
        events.push({
          orderId: order.id,
          type: to === "shipped" ? "shipment" : "delivery",
          status: to,
          at,
          note: parcelNote(units),
          ...actorOf(admin),
        });
      } else {
        events.push({ orderId: order.id, type: "cancelled", status: to, at, ...actorOf(admin) });
      }
      status = to;
      hours += 24 + Math.floor(next() * 48);
    }
    const trackingUrl =
      carrier && parcel.trackingNumber ? trackingUrlOf(carrier.trackingUrl, parcel.trackingNumber) : null;
    // The parcel the goods left in, delivered on the day the order was.
    if (shippedAt) {
      const delivered = events.find((event) => event.status === "delivered")?.at ?? null;
      await insertShipment(
        db,
        { orderId: order.id, ...parcel, trackingUrl, shippedAt, deliveredAt: delivered },
        items.map((item) => ({ itemId: item.id, quantity: item.quantity })),
      );
    }
    // Every other order being prepared that holds several units, starting with the first, has one
    // unit out already and the rest to ship: it stays processing, and reads "Partially shipped".
    if (status === "processing" && first && units > 1 && preparedOfSeveral++ % 2 === 0) {
      const at = later(hours);
      await insertShipment(db, { orderId: order.id, ...parcel, trackingUrl, shippedAt: at }, [
        { itemId: first.id, quantity: 1 },
      ]);
      events.push({
        orderId: order.id,
        type: "shipment",
        status: "processing",
        at,
        note: parcelNote(1),
        ...actorOf(admin),
      });
    }
    // Now and then a delivered order of several units has one returned: a refund of that unit by the
    // goods, back in stock, with its credit note; the order stays delivered.
    if (status === "delivered" && index % 4 === 1 && first && units > 1) {
      const at = later(hours);
      refunds.push({
        order,
        paymentId: payment.id,
        at,
        reason: "Returned: did not fit.",
        input: { reason: "Returned: did not fit.", lines: [{ line: first.id, quantity: 1 }], restock: [] },
        restock: [{ itemId: first.id, variantId: first.variantId, quantity: 1 }],
      });
    }
    if (status !== "processing") await setOrderStatus(db, order.id, status);
    await insertOrderEvents(db, events);
  }

  // Invoice numbers in the order the invoices were issued (gap-free per financial year), then the
  // refunds' credit notes in the order they were made, each against its invoice.
  invoices.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const due of invoices) await giveInvoiceNumber(db, due.orderId, due.at);
  refunds.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const due of refunds) {
    const refund = await recordDemoRefund(db, due, admin, currency);
    // A partial return is a history row of its own (the whole refund's is the "refunded" step above).
    if (toCents(refund.amount) < toCents(due.order.totalAmount))
      await insertOrderEvents(db, [
        {
          orderId: due.order.id,
          type: "refunded",
          status: "delivered",
          at: due.at,
          amount: refund.amount,
          note: due.reason,
          ...actorOf(admin),
        },
      ]);
  }
  return placed;
}
