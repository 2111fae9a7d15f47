/**
 * What Razorpay Checkout hands the browser, checked on the server (docs/decisions/030-razorpay.md):
 * the signature was checked by the caller; here the Razorpay order must be one the shop made for
 * this order, and the payment, read back from Razorpay, must be of that Razorpay order, for exactly
 * the order's total in its currency. An authorised payment is captured. What the browser says is
 * never trusted for the amount or the state.
 */
import { api } from "@shop/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import {
  type PaymentProviders,
  type ProviderCapture,
  type RazorpayPayment,
  type RazorpayProvider,
  sameMoney,
} from "#api/payments/provider";
import { totalOf } from "./amounts";
import { findRazorpayOrder } from "./repo-razorpay";

export function razorpayOf(providers: PaymentProviders): RazorpayProvider {
  if (!providers.razorpay) throw new AppError("BAD_REQUEST", api.razorpayNotConfigured);
  return providers.razorpay;
}

/** A Razorpay payment as the payments table records it: captured is completed, anything else not taken. */
export function captureOf(payment: RazorpayPayment, order: Pick<Order, "id">): ProviderCapture {
  return {
    id: payment.id,
    providerStatus: payment.status,
    status: payment.status === "captured" ? "completed" : "failed",
    amount: payment.amount,
    customId: order.id,
    updateTime: payment.createdAt,
    payerEmail: payment.email,
    method: payment.method,
  };
}

/**
 * The payment Checkout reported for this order, checked and captured: 400 (nothing recorded) for a
 * Razorpay order made for another order or a payment of another Razorpay order, amount or currency;
 * 404 for a payment Razorpay does not know; 402 for one that was not authorised. A failed payment
 * comes back failed, to be recorded as such.
 */
export async function checkoutPayment(
  db: Database,
  razorpay: RazorpayProvider,
  result: { orderId: string; paymentId: string },
  order: Order,
  log: FastifyBaseLogger,
): Promise<ProviderCapture> {
  const total = totalOf(order);
  const mismatch = (why: string, details: Record<string, unknown>) => {
    log.warn({ order: order.id, razorpayOrder: result.orderId, payment: result.paymentId, ...details }, why);
    return new AppError("BAD_REQUEST", api.paymentMismatch);
  };
  const made = await findRazorpayOrder(db, result.orderId);
  if (made?.orderId !== order.id)
    throw mismatch("refused a Razorpay order made for another order", { madeFor: made?.orderId });
  const payment = await razorpay.getPayment(result.paymentId);
  if (!payment) throw new AppError("NOT_FOUND", api.paymentNotFound);
  if (payment.orderId !== result.orderId || !sameMoney(payment.amount, total))
    throw mismatch("refused a Razorpay payment of another order or amount", {
      paidOrder: payment.orderId,
      amount: payment.amount,
    });
  if (payment.status === "failed") return captureOf(payment, order);
  if (payment.status === "authorized") {
    const captured = await razorpay.capture(payment.id, total);
    if (captured.outcome === "refused") throw new AppError("PAYMENT_REQUIRED", api.paymentDeclined);
    if (!sameMoney(captured.payment.amount, total))
      throw mismatch("Razorpay captured another amount; nothing recorded", {
        amount: captured.payment.amount,
      });
    return captureOf(captured.payment, order);
  }
  if (payment.status === "captured") return captureOf(payment, order);
  // created (not yet authorised) or refunded: no money of this order is held.
  log.warn(
    { order: order.id, payment: payment.id, status: payment.status },
    "a Razorpay payment that holds no money",
  );
  throw new AppError("PAYMENT_REQUIRED", api.paymentDeclined);
}

/**
 * A Razorpay payment of ours for this order that the order cannot take (decision 046), with its money
 * taken: the Razorpay order must be one the shop made for this order and the payment one of it; an
 * authorised payment is captured for its amount (Razorpay has no way to let go of an authorisation
 * but to wait days for it to lapse, unrecorded), a captured one is answered as it is. Anything else
 * (failed, not yet authorised, unknown) holds no money: undefined.
 */
export async function holdRazorpayPayment(
  db: Database,
  razorpay: RazorpayProvider,
  razorpayOrderId: string,
  paymentId: string,
  order: Pick<Order, "id">,
  log: FastifyBaseLogger,
): Promise<RazorpayPayment | undefined> {
  const made = await findRazorpayOrder(db, razorpayOrderId);
  if (made?.orderId !== order.id) return undefined;
  const payment = await razorpay.getPayment(paymentId);
  if (!payment || payment.orderId !== razorpayOrderId) return undefined;
  if (payment.status === "captured") return payment;
  if (payment.status !== "authorized") return undefined;
  const captured = await razorpay.capture(payment.id, payment.amount);
  if (captured.outcome === "refused") {
    log.warn(
      { payment: payment.id, issue: captured.issue },
      "Razorpay refused to capture a payment its order cannot take",
    );
    return undefined;
  }
  return captured.payment;
}
