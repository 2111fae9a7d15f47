import type { APIRequestContext } from "@playwright/test";
import type { AddressInput } from "@shop/shared/schemas/address";
import { dataOf } from "./api";

/** The test gateway's cards: one it accepts, one it declines. */
export const GOOD_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";

/** Saves an address for the shopper signed in on `request`; returns its id. */
export async function saveAddress(request: APIRequestContext, address: AddressInput): Promise<string> {
  const saved = await dataOf<{ _id: string }>(
    await request.post("/api/users/current-user/addresses", { data: address }),
    201,
  );
  return saved._id;
}

/** Places an order of one unit of each product for the shopper signed in on `request`; returns its id. */
export async function placeOrder(
  request: APIRequestContext,
  { products, shippingAddress }: { products: string[]; shippingAddress: string },
): Promise<string> {
  const order = await dataOf<{ _id: string }>(
    await request.post("/api/orders", {
      headers: { "Idempotency-Key": `order-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
      data: { products: products.map((product) => ({ product, quantity: 1 })), shippingAddress },
    }),
    201,
  );
  return order._id;
}

/** Pays an order with the test gateway's good card. */
export async function payWithTestCard(request: APIRequestContext, orderId: string) {
  await dataOf(
    await request.post("/api/payments", {
      data: {
        order: orderId,
        paymentGateway: "test",
        card: { number: GOOD_CARD, expiry: "12/30", cvc: "123" },
      },
    }),
    201,
  );
}

/**
 * A paid order of the shopper signed in on `request` (one unit of each product, to `address`), with
 * the invoice number its payment gave it.
 */
export async function paidInvoicedOrder(
  request: APIRequestContext,
  { products, address }: { products: string[]; address: AddressInput },
): Promise<{ orderId: string; number: number; invoiceNumber: string }> {
  const orderId = await placeOrder(request, {
    products,
    shippingAddress: await saveAddress(request, address),
  });
  await payWithTestCard(request, orderId);
  const order = await dataOf<{ number: number; invoiceNumber: string | null }>(
    await request.get(`/api/orders/current-user/${orderId}`),
    200,
  );
  if (!order.invoiceNumber) throw new Error("a paid order without its invoice number");
  return { orderId, number: order.number, invoiceNumber: order.invoiceNumber };
}
