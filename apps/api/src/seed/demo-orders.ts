/**
 * The demo's orders: about 60 days of orders from the demo shoppers in every status, so that a new
 * user opening the dashboard sees the sales chart, the tiles, the lists and an order's timeline
 * filled. Written with the order, payment and invoice repos (real order numbers from the sequence,
 * stock taken per variant, gap-free invoice numbers), in the demo catalogue's transaction.
 */
import type { OrderStatus } from "@shop/shared/constants";
import { priceItems } from "@shop/shared/pricing";
import { DEMO_ACCOUNTS } from "#api/config";
import type { Database } from "#api/db/client";
import type { NewOrderEvent } from "#api/db/schema/orders";
import type { User } from "#api/db/schema/users";
import { toAddressSnapshot } from "#api/modules/addresses/dto";
import { insertAddress } from "#api/modules/addresses/repo";
import { giveInvoiceNumber, takeCreditNoteNumber } from "#api/modules/invoices/service";
import {
  countSold,
  insertOrder,
  insertOrderEvents,
  returnStock,
  setOrderStatus,
  takeStock,
} from "#api/modules/orders/repo";
import { insertPayment } from "#api/modules/payments/repo";
import { findVariantsOfProducts } from "#api/modules/products/repo-csv";
import { insertRefund, raiseRefundedAmount } from "#api/modules/refunds/repo";
import { findUserByEmail } from "#api/modules/users/repo";
import { DEMO_REVIEWERS } from "./demo-catalog-data";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How many orders the demo holds, spread over this many days before now. */
const DEMO_ORDER_COUNT = 64;
const DEMO_ORDER_DAYS = 60;
/** Only variants with more than this many units are ordered, so the demo's low and sold-out sizes stay as they are. */
const ORDERABLE_STOCK = 20;
/** The newest orders, placed minutes before the seed and still unpaid. */
const PENDING_COUNT = 3;

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
  if (ageDays < 2) return "processing";
  if (ageDays < 6) return next() < 0.6 ? "shipped" : "processing";
  return next() < 0.85 ? "delivered" : "shipped";
}

type Actor = Pick<User, "id" | "firstName" | "lastName" | "role">;

function actorOf(actor: Actor | null): Pick<NewOrderEvent, "actorId" | "actorName" | "actorRole"> {
  if (!actor) return { actorId: null, actorName: null, actorRole: null };
  return {
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    actorRole: actor.role,
  };
}

/**
 * Seeds the demo orders for the demo catalogue just written (`productIds`, with which are active).
 * Answers how many orders it placed.
 */
export async function seedDemoOrders(
  db: Database,
  products: readonly { id: string; name: string; isActive: boolean }[],
  { now, next }: { now: Date; next: () => number },
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

  const nameOf = new Map(products.map((product) => [product.id, product.name]));
  const active = products.filter((product) => product.isActive).map((product) => product.id);
  // Left to take from, per variant: the seed's own bookkeeping, so it never asks for more than there is.
  const candidates = (await findVariantsOfProducts(db, active)).filter(
    (variant) => variant.isActive && variant.stock > ORDERABLE_STOCK,
  );
  if (candidates.length === 0) return 0;
  const left = new Map(candidates.map((variant) => [variant.id, variant.stock - ORDERABLE_STOCK]));

  let placed = 0;
  for (let index = 0; index < DEMO_ORDER_COUNT; index++) {
    // Oldest first, so that order and invoice numbers rise with the dates.
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
      const variant = candidates[Math.floor(next() * candidates.length)];
      if (variant && (left.get(variant.id) ?? 0) >= 2) chosen.set(variant.id, variant);
    }
    if (chosen.size === 0) continue;
    const lines = [...chosen.values()].map((variant) => ({ variant, quantity: 1 + Math.floor(next() * 2) }));
    const priced = priceItems(
      lines.map(({ variant, quantity }) => ({
        price: variant.price,
        onSale: variant.onSale,
        salePrice: variant.salePrice,
        quantity,
      })),
    );
    const taken = await takeStock(
      db,
      lines.map(({ variant, quantity }) => ({ variantId: variant.id, quantity })),
    );
    if (taken.size !== lines.length) throw new Error("demo orders: stock ran short");
    for (const { variant, quantity } of lines) left.set(variant.id, (left.get(variant.id) ?? 0) - quantity);

    const { order } = await insertOrder(
      db,
      {
        userId: shopper.id,
        status: "pending",
        subTotal: priced.itemsPrice,
        savedAmount: priced.discountPrice,
        shippingAmount: priced.shippingPrice,
        taxAmount: priced.taxPrice,
        totalAmount: priced.totalPrice,
        discountAmount: priced.discountAmount,
        shippingAddress: toAddressSnapshot(address),
        createdAt: placedAt,
        updatedAt: placedAt,
      },
      lines.map(({ variant }, i) => ({
        productId: variant.productId,
        variantId: variant.id,
        variantSku: variant.sku,
        variantOptions: variant.options,
        name: nameOf.get(variant.productId) ?? variant.sku,
        price: priced.lines[i]?.unitPrice ?? variant.price,
        originalPrice: variant.price,
        savedAmount: priced.lines[i]?.savedAmount ?? 0,
        discountShare: 0,
        quantity: priced.lines[i]?.quantity ?? 1,
      })),
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
    await giveInvoiceNumber(db, order.id, paidAt);
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
    for (const to of path) {
      if (to === "cancelled") await returnStock(db, order.id, { wasPaid: true, why: { cause: "cancel" } });
      const at = later(hours);
      if (to === "refunded") {
        // NOTE: the goods had left; nothing returns to stock. The money goes back as a refund of the whole
        // payment, with its credit note, so that the dashboard's net sales tie to it.
        await insertRefund(db, {
          paymentId: payment.id,
          orderId: order.id,
          status: "completed",
          amount: order.totalAmount,
          currency: order.currency,
          reason: "Returned: wrong size.",
          providerRefundId: `DEMO-REFUND-${order.number}`,
          creditNoteNumber: await takeCreditNoteNumber(db, at),
          refundedAt: at,
          ...actorOf(admin),
        });
        await raiseRefundedAmount(db, payment.id, order.totalAmount);
        events.push({
          orderId: order.id,
          type: "refunded",
          status: "refunded",
          at,
          amount: order.totalAmount,
          note: "Returned: wrong size.",
          ...actorOf(admin),
        });
      } else {
        events.push({
          orderId: order.id,
          type: to === "cancelled" ? "cancelled" : "status",
          status: to,
          at,
          ...actorOf(admin),
        });
      }
      status = to;
      hours += 24 + Math.floor(next() * 48);
    }
    if (status !== "processing") await setOrderStatus(db, order.id, status);
    await insertOrderEvents(db, events);
  }
  return placed;
}
