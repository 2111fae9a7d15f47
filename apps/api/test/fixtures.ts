/**
 * A small shop built straight through the services, for suites that need many of them cheaply:
 * accounts made with one password hash computed once, sessions started without a sign-in, and a
 * shopper who owns an address, a pending order, a paid order with its payment, and a review.
 */
import type { Role } from "@shop/shared/constants";
import type { AddressInput } from "@shop/shared/schemas/address";
import { DiscountInput } from "@shop/shared/schemas/discount";
import { sql } from "drizzle-orm";
import type { User } from "#api/db/schema/users";
import { webhookDeliveries } from "#api/db/schema/webhooks";
import { addAddress } from "#api/modules/addresses/service";
import { hashPassword } from "#api/modules/auth/password";
import { createDiscount } from "#api/modules/discounts/service";
import { mailContextOf } from "#api/modules/email/service";
import { placeOrder } from "#api/modules/orders/placement";
import { addReview } from "#api/modules/reviews/service";
import { startSession } from "#api/modules/sessions/service";
import { insertUser } from "#api/modules/users/repo";
import { insertEndpoint } from "#api/modules/webhooks/repo";
import { newSecret } from "#api/modules/webhooks/signing";
import { inject, PASSWORD, type TestApp, uniqueEmail } from "./app";
import { makeCategory, makeMedia, makeProduct, makeProductWithVariants } from "./catalog";

export const ADDRESS: AddressInput = {
  name: { firstName: "Priya", lastName: "Sharma" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "Flat 12, Sea View Apartments",
  street: "Marine Drive Road",
  city: "Mumbai",
  state: "Maharashtra",
  pinCode: "400002",
  country: "India",
};

/** A PIN code of each state the tests send addresses to (an address's PIN code must lie in its state). */
const PIN_CODE_IN: Readonly<Record<string, string>> = {
  Maharashtra: ADDRESS.pinCode,
  Karnataka: "560001",
  Delhi: "110001",
  "Tamil Nadu": "600004",
  Kerala: "682001",
  Telangana: "500001",
  Gujarat: "380001",
  "West Bengal": "700001",
};

/** ADDRESS moved to `state`, with a PIN code there (Maharashtra's own when the state is not listed above). */
export function addressIn(state: string): AddressInput {
  return { ...ADDRESS, state, pinCode: PIN_CODE_IN[state] ?? ADDRESS.pinCode };
}

export const REVIEW = {
  title: "Sturdy and comfortable",
  rating: 4,
  comment: "Wore it every day for a month and it still looks new.",
};

/** The test gateway's approved card. */
export const APPROVED_CARD = { number: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" };

/** The test gateway's declined card. */
export const DECLINED_CARD = { number: "4000 0000 0000 0002", expiry: "12/99", cvc: "123" };

let passwordHash: Promise<string> | undefined;

export interface Caller {
  user: User;
  /** The Cookie header of a session of this user. */
  cookie: string;
}

/** A user of a role with a fresh session, made without the cost of a sign-in (PASSWORD still signs in). */
export async function quickUser(t: TestApp, role: Role = "customer"): Promise<Caller> {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await insertUser(t.database.db, {
    firstName: "Test",
    lastName: role,
    email: uniqueEmail(role),
    passwordHash: await passwordHash,
    role,
    status: true,
  });
  return { user, cookie: await sessionCookie(t, user) };
}

/** The Cookie header of a new session of a user. */
export async function sessionCookie(t: TestApp, user: User): Promise<string> {
  const { token } = await startSession(t.database.db, user, { userAgent: null, ip: null });
  return `shop_session=${token}`;
}

export interface Shop {
  admin: Caller;
  manager: Caller;
  shopper: Caller;
  categoryId: string;
  categorySlug: string;
  mediaId: string;
  productId: string;
  inactiveProductId: string;
  /** A product with Size and Colour options, and the ids of its 6 variants. */
  variantProductId: string;
  variantIds: string[];
  addressId: string;
  /** A pending order of the shopper. */
  orderId: string;
  /** A paid (processing) order of the shopper and its payment (empty with `pay: false`). */
  paidOrderId: string;
  paymentId: string;
  /** The shopper's review of productId. */
  reviewId: string;
  /** A 10% discount code for everything, and its code. */
  discountId: string;
  discountCode: string;
}

/**
 * Builds a shop around one shopper; every row is new, so earlier tests cannot have spent it.
 * `pay: false` leaves out the paid order, for an app whose provider takes no test card (PayPal).
 */
export async function makeShop(t: TestApp, { pay = true } = {}): Promise<Shop> {
  const [admin, manager, shopper] = [
    await quickUser(t, "admin"),
    await quickUser(t, "manager"),
    await quickUser(t, "customer"),
  ];
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  const refs = { category: category.id, thumbnail: media.id };
  const product = await makeProduct(t.database, refs, {
    price: 120,
    onSale: true,
    salePrice: 99.5,
    stock: 50,
    gallery: [media.id],
  });
  const inactive = await makeProduct(t.database, refs, { isActive: false, stock: 5 });
  const sized = await makeProductWithVariants(t.database, refs);
  const address = await addAddress(t.database.db, shopper.user.id, ADDRESS);
  const line = { products: [{ product: product._id, quantity: 1 }], shippingAddress: address._id };
  const pending = await placeOrder(t.database.db, shopper.user, line, { mail: mailContextOf(t.config) });
  const paid = pay ? await payNewOrder(t, shopper, line) : { orderId: "", paymentId: "" };
  const { review } = await addReview(t.database.db, shopper.user, product._id, REVIEW);
  const discount = await createDiscount(
    t.database.db,
    null,
    DiscountInput.parse({
      code: `TEN-${Math.random().toString(36).slice(2, 10)}`,
      type: "percentage",
      value: 10,
    }),
  );
  return {
    admin,
    manager,
    shopper,
    categoryId: category.id,
    categorySlug: category.slug,
    mediaId: media.id,
    productId: product._id,
    inactiveProductId: inactive._id,
    variantProductId: sized._id,
    variantIds: sized.variants.map((variant) => variant._id),
    addressId: address._id,
    orderId: pending.order._id,
    paidOrderId: paid.orderId,
    paymentId: paid.paymentId,
    reviewId: review._id,
    discountId: discount._id,
    discountCode: discount.code,
  };
}

async function payNewOrder(
  t: TestApp,
  shopper: Caller,
  line: { products: { product: string; quantity: number }[]; shippingAddress: string },
) {
  const { order } = await placeOrder(t.database.db, shopper.user, line, { mail: mailContextOf(t.config) });
  const payment = await inject(t.app, {
    method: "POST",
    url: "/api/payments",
    cookie: shopper.cookie,
    payload: { order: order._id, paymentGateway: "test", card: APPROVED_CARD },
  });
  if (payment.statusCode !== 201) throw new Error(`payment failed: ${payment.statusCode} ${payment.body}`);
  return { orderId: order._id, paymentId: payment.json().data._id as string };
}

/** Every id of a shop, for requests that should sometimes name something that exists. */
export function idsOf(shop: Shop): string[] {
  return [
    shop.admin.user.id,
    shop.manager.user.id,
    shop.shopper.user.id,
    shop.categoryId,
    shop.mediaId,
    shop.productId,
    shop.inactiveProductId,
    shop.variantProductId,
    ...shop.variantIds,
    shop.addressId,
    shop.orderId,
    shop.paidOrderId,
    shop.paymentId,
    shop.reviewId,
    shop.discountId,
  ];
}

/**
 * A webhook endpoint asking for order.created, switched off (so that nothing is sent in the
 * background while a suite runs), with one delivery: the event of `orderId`, as the database writes
 * it (migration 0028).
 */
export async function webhookWithDelivery(t: TestApp, orderId: string) {
  const endpoint = await insertEndpoint(t.database.db, {
    url: "http://127.0.0.1:9/hook",
    events: ["order.created"],
    enabled: false,
    secret: newSecret(),
  });
  const [delivery] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      endpointId: endpoint.id,
      eventType: "order.created",
      payload: sql`jsonb_build_object('type', 'order.created', 'timestamp', webhook_time(now()),
        'data', jsonb_build_object('order', webhook_order(${orderId})))`,
      status: "failed",
    })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error("no delivery written");
  return { endpointId: endpoint.id, deliveryId: delivery.id };
}

/** A shop's details as the owner sets them in Settings (Mumbai, Maharashtra). */
export const STORE_DETAILS = {
  name: "Kapda House",
  legalName: "Kapda House Retail Private Limited",
  signatory: { name: "Meera Kapadia", designation: "Director" },
  email: "help@kapda.example",
  phone: "+91 22 5555 0101",
  address: "12 Linking Road, Bandra West, Mumbai 400050, Maharashtra, India",
  gstin: "27AAPFU0939F1ZV",
  state: "Maharashtra",
  utcOffset: "+05:30",
};
