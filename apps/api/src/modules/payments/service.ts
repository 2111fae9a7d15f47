/**
 * Paying orders (docs/design.md section 5). A payment is recorded only after the provider confirmed it on
 * the server, for the amount and currency of the order; the order then becomes processing and links
 * it, in one transaction that holds the order's row. The database backs this up: a transaction id is
 * unique and an order has at most one completed payment, so a repeated capture records nothing new.
 */
import type { PaymentGateway } from "@shop/shared/constants";
import { api } from "@shop/shared/messages";
import { isPayable, isTaken } from "@shop/shared/orders";
import { fromCents } from "@shop/shared/pricing";
import type { PaymentDto, PaymentInput } from "@shop/shared/schemas/payment";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import { type ListRead, limitOffsetAndOne, type PageRequest, withoutExtra } from "#api/core/paging";
import type { Database } from "#api/db/client";
import { isPgError, UNIQUE_VIOLATION } from "#api/db/errors";
import type { NewPayment, Order, Payment } from "#api/db/schema/orders";
import type { User } from "#api/db/schema/users";
import { takeOnlineDiscount } from "#api/modules/cod/online-discount";
import { type CodTerms, codFactsOf, codRefusal } from "#api/modules/cod/rules";
import type { MailContext } from "#api/modules/email/service";
import type { PayOrderResult } from "#api/modules/orders/service";
import {
  findOrderRow,
  findRefundsWithLines,
  lockOrder,
  recordOrderPayment,
} from "#api/modules/orders/service";
import {
  type CheckoutProvider,
  type Money,
  type PaymentProviders,
  type ProviderCapture,
  sameMoney,
} from "#api/payments/provider";
import { totalOf } from "./amounts";
import { toPaymentDto } from "./dto";
import { checkoutPayment, holdRazorpayPayment, razorpayOf } from "./razorpay-checkout";
import {
  findPaymentByTransactionId,
  findPaymentRow,
  insertPayment,
  listPayments,
  type PaymentFilter,
} from "./repo";
import { claimOrderForPayment, releaseOrderClaim } from "./repo-unmatched";
import { type TakenPayment, takeUnmatched, type UnmatchedTerms } from "./unmatched";

/** The signed-in shopper paying: named in the order's history, told of the payment, shown on it. */
export type Payer = Pick<User, "id" | "email" | "firstName" | "lastName" | "role">;

function assertPayable(order: Pick<Order, "paymentId" | "status">) {
  if (isPayable({ status: order.status, payment: order.paymentId })) return;
  throw new AppError("CONFLICT", order.paymentId ? api.alreadyPaid : api.orderNotPayable);
}

/** The caller's order while it can be paid: 404 for a missing or someone else's order, 409 for a paid or closed one. */
export async function payableOrderOf(db: Database, payer: Payer, orderId: string): Promise<Order> {
  const order = await findOrderRow(db, orderId);
  if (!order || order.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
  assertPayable(order);
  return order;
}

/**
 * The caller's order as an online payment starts (a test card, a PayPal or Razorpay order): payable
 * (404 and 409 as payableOrderOf), with the owner's online discount taken off, once, while cash on
 * delivery is offered for it (decision 037), in a transaction that holds its row. The provider is
 * then asked for the total answered. Without `terms`, or without an offer, the order as it is.
 */
export async function orderToPayOnline(
  db: Database,
  payer: Payer,
  orderId: string,
  terms: CodTerms | undefined,
  /** A refusal of the provider's own (Razorpay's currency), before anything is written. */
  check?: (order: Order) => void,
): Promise<Order> {
  const order = await payableOrderOf(db, payer, orderId);
  check?.(order);
  if (!terms?.cod.enabled || terms.cod.onlineDiscount <= 0 || order.onlineDiscount > 0) return order;
  // Store credit applied settled the total (with the discount where it was offered then): it stays.
  if (order.storeCreditUsed > 0) return order;
  const facts = await codFactsOf(db, terms, order);
  return db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked || locked.userId !== payer.id) throw new AppError("NOT_FOUND", api.orderNotFound);
    assertPayable(locked);
    // Offered only where cash on delivery is: paying online instead is what it rewards.
    if (codRefusal(terms.cod, facts, locked, terms.locale)) return locked;
    return takeOnlineDiscount(tx, locked, terms.cod.onlineDiscount);
  });
}

function paypalOf(providers: PaymentProviders): CheckoutProvider {
  if (!providers.paypal) throw new AppError("BAD_REQUEST", api.paypalNotConfigured);
  return providers.paypal;
}

/** Creates the PayPal order for the server's total of the caller's pending order; the client never names an amount. */
export async function createPaypalOrder(
  db: Database,
  providers: PaymentProviders,
  payer: Payer,
  orderId: string,
  terms?: CodTerms,
): Promise<{ id: string }> {
  const paypal = paypalOf(providers);
  const order = await orderToPayOnline(db, payer, orderId, terms);
  return paypal.createOrder({ orderId: order.id, amount: totalOf(order) });
}

/**
 * Looks the PayPal order up, checks it was made for this order and total, captures it (idempotent)
 * and checks what was captured. Nothing is recorded when anything disagrees.
 */
async function capturePaypalOrder(
  paypal: CheckoutProvider,
  paypalOrderId: string,
  order: Order,
  log: FastifyBaseLogger,
): Promise<ProviderCapture> {
  const total = totalOf(order);
  const paypalOrder = await paypal.getOrder(paypalOrderId);
  if (!paypalOrder) throw new AppError("NOT_FOUND", api.paymentNotFound);
  if (paypalOrder.customId !== order.id || !sameMoney(paypalOrder.amount, total)) {
    log.warn(
      {
        order: order.id,
        paypalOrder: paypalOrder.id,
        customId: paypalOrder.customId,
        amount: paypalOrder.amount,
      },
      "refused a PayPal order made for another order or amount",
    );
    throw new AppError("BAD_REQUEST", api.paymentMismatch);
  }
  const result = await paypal.captureOrder(paypalOrder.id);
  if (result.outcome === "refused") throw new AppError("PAYMENT_REQUIRED", api.paymentDeclined);
  const { capture } = result;
  const otherOrder = capture.customId !== null && capture.customId !== order.id;
  if (otherOrder || (capture.status !== "failed" && !sameMoney(capture.amount, total))) {
    // NOTE: PayPal took money the shop did not ask for; it is left unrecorded and must be refunded by hand.
    log.error(
      { order: order.id, paypalOrder: paypalOrder.id, capture: capture.id, amount: capture.amount },
      "PayPal capture does not match the order; nothing recorded",
    );
    throw new AppError("BAD_REQUEST", api.paymentMismatch);
  }
  return { ...capture, payerEmail: capture.payerEmail ?? paypalOrder.payerEmail };
}

/**
 * A payment through a provider: a test card, a PayPal capture or Razorpay's Checkout (cash on
 * delivery is cash-on-delivery.ts, store credit store-credit.ts).
 */
export type ProviderPaymentInput = Exclude<PaymentInput, { paymentGateway: "cod" | "store_credit" }>;

/**
 * The charge or capture for the gateway the client chose, refused when the shop does not have that
 * gateway; Razorpay's signature is checked here, before anything is looked up (400 at the field).
 */
function chargeFor(
  db: Database,
  providers: PaymentProviders,
  input: ProviderPaymentInput,
  log: FastifyBaseLogger,
): (order: Order) => Promise<ProviderCapture> {
  if (input.paymentGateway === "test") {
    // NOTE: a shop with PayPal or Razorpay configured is a real shop: it never takes test cards.
    const test = providers.test;
    if (!test) throw new AppError("BAD_REQUEST", api.testGatewayDisabled);
    return (order) => test.charge({ card: input.card, amount: totalOf(order), reference: order.id });
  }
  if (input.paymentGateway === "razorpay") {
    const razorpay = razorpayOf(providers);
    const result = {
      orderId: input.razorpayOrderId,
      paymentId: input.razorpayPaymentId,
      signature: input.razorpaySignature,
    };
    if (!razorpay.verifyCheckout(result)) {
      log.warn(
        { order: input.order, razorpayOrder: result.orderId },
        "refused a Razorpay result with a wrong signature",
      );
      throw new AppError("BAD_REQUEST", api.razorpaySignatureInvalid, {
        razorpaySignature: api.razorpaySignatureInvalid,
      });
    }
    return (order) => checkoutPayment(db, razorpay, result, order, log);
  }
  const paypal = paypalOf(providers);
  return (order) => capturePaypalOrder(paypal, input.transactionId, order, log);
}

/** A payment's columns as a capture gives them; its id, status and time are the recorder's. */
export type PaymentValues = Omit<Payment, "id" | "status" | "refundedAmount" | "createdAt">;

export function paymentValues(
  order: Order,
  userId: string,
  gateway: PaymentGateway,
  capture: ProviderCapture,
): PaymentValues {
  return {
    userId,
    orderId: order.id,
    transactionId: capture.id,
    amount: order.totalAmount,
    currency: order.currency,
    paymentGateway: gateway,
    method: capture.method ?? null,
    updateTime: capture.updateTime,
    emailAddress: capture.payerEmail,
  };
}

/** Records a refused attempt; the same declined capture reported twice is recorded once. */
export async function recordFailure(db: Database, values: Omit<NewPayment, "status">) {
  try {
    await insertPayment(db, { ...values, status: "failed" });
  } catch (error) {
    if (!isPgError(error, UNIQUE_VIOLATION)) throw error;
  }
}

async function paymentDto(db: Database, id: string): Promise<PaymentDto> {
  const row = await findPaymentRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", api.paymentNotFound);
  const { refunds, creditNotes } = await findRefundsWithLines(db, [row.payment.id]);
  return toPaymentDto(row, refunds, creditNotes);
}

export interface PaymentResult {
  payment: PaymentDto;
  /** The provider has not settled the capture yet (PayPal PENDING); the order waits for its webhook. */
  pending: boolean;
}

/**
 * The caller's payment of this order already recorded under this transaction id (Razorpay's payment
 * recorded by its webhook, or by this same call before a retry): the answer to a repeated result.
 */
async function recordedBefore(
  db: Database,
  payer: Payer,
  orderId: string,
  transactionId: string,
): Promise<PaymentDto | undefined> {
  const payment = await findPaymentByTransactionId(db, transactionId);
  if (!payment || payment.orderId !== orderId || payment.userId !== payer.id) return undefined;
  if (!isTaken(payment.status)) return undefined;
  return paymentDto(db, payment.id);
}

/** The provider payment a call captures, as its claim on the order names it: one claim per capture. */
function claimOf(input: ProviderPaymentInput): string {
  if (input.paymentGateway === "razorpay") return `razorpay:${input.razorpayPaymentId}`;
  if (input.paymentGateway === "paypal") return `paypal:${input.transactionId}`;
  // Each test card charge is an attempt of its own.
  return `test:${newId()}`;
}

/**
 * The caller's order, claimed for this capture under its lock (repo-unmatched.ts): 404 for a missing
 * or someone else's order, 409 for one paid or closed (as payableOrderOf), and 409 while another
 * payment of it is being captured, before this one takes any money.
 */
async function claimPayableOrder(db: Database, payer: Payer, orderId: string, claim: string): Promise<Order> {
  const claimed = await claimOrderForPayment(db, { orderId, userId: payer.id, claim });
  if (claimed) return claimed;
  await payableOrderOf(db, payer, orderId);
  throw new AppError("CONFLICT", api.paymentInProgress);
}

/**
 * Pays the caller's pending order through the provider of the gateway it names, claiming the order
 * first so that one capture at a time is made for it (decision 046). A decline records a failed
 * payment and answers 402 with the order still payable. Money a provider took that the order cannot
 * take (Razorpay's second payment of a paid order, a capture that finds the order closed) is an
 * unmatched payment, refunded in full: 409 saying so, never 409 with the money unrecorded. Razorpay's
 * result sent again (or after its webhook recorded it) answers the payment recorded. A payment that
 * pays the order tells the shopper in its transaction.
 */
export async function payOrder(
  db: Database,
  providers: PaymentProviders,
  payer: Payer,
  input: ProviderPaymentInput,
  log: FastifyBaseLogger,
  mail: MailContext,
  terms?: CodTerms,
  /** The owner's choice for money the order cannot take (Settings → Checkout); refunded at once by default. */
  { holdUnmatched = false }: { holdUnmatched?: boolean } = {},
): Promise<PaymentResult> {
  const unmatched: UnmatchedTerms = { hold: holdUnmatched, log, locale: mail.locale };
  const charge = chargeFor(db, providers, input, log);
  const repeated = () =>
    input.paymentGateway === "razorpay"
      ? recordedBefore(db, payer, input.order, input.razorpayPaymentId)
      : Promise.resolve(undefined);
  const claim = claimOf(input);
  let order: Order;
  try {
    // A test card is charged here, so its payment starts here: the online discount is taken now. A
    // PayPal or Razorpay result pays the total its provider's order was made for, discount and all.
    // NOTE: read only when a discount may be due, so that a payment stays two statements (the claim
    // answers the order; orders/checkout-statements.test.ts).
    if (input.paymentGateway === "test" && terms?.cod.enabled && terms.cod.onlineDiscount > 0)
      await orderToPayOnline(db, payer, input.order, terms);
    order = await claimPayableOrder(db, payer, input.order, claim);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    // Paid already: by this very result (sent again, or recorded by its webhook first), or otherwise.
    const recorded = await repeated();
    if (recorded) return { payment: recorded, pending: false };
    // Razorpay's money may be held already: a payment of ours that this order cannot take goes back.
    if (input.paymentGateway === "razorpay")
      await refundRazorpayResult(db, providers, payer, input, unmatched);
    throw error;
  }
  let capture: ProviderCapture;
  try {
    capture = await charge(order);
  } catch (error) {
    // Nothing was taken (a refusal, a mismatch): the shopper may pay again at once.
    await releaseOrderClaim(db, order.id, claim);
    throw error;
  }
  const values = paymentValues(order, payer.id, input.paymentGateway, {
    ...capture,
    // The test gateway has no payer account of its own: the shopper paid.
    payerEmail: capture.payerEmail ?? (input.paymentGateway === "test" ? payer.email : null),
  });

  if (capture.status === "failed") {
    await recordFailure(db, values);
    await releaseOrderClaim(db, order.id, claim);
    throw new AppError("PAYMENT_REQUIRED", api.paymentDeclined);
  }

  const payment = { ...values, id: newId(), status: capture.status, createdAt: new Date() };
  const pays = capture.status === "completed";
  let result: PayOrderResult;
  try {
    // One statement: atomic on its own (repo-paid.ts).
    result = await recordOrderPayment(
      db,
      {
        order,
        shopper: payer,
        payment: { insert: payment },
        received: {
          amount: payment.amount,
          gateway: payment.paymentGateway,
          transactionId: payment.transactionId,
        },
        pays,
      },
      mail,
    );
  } catch (error) {
    if (!isPgError(error, UNIQUE_VIOLATION)) throw error;
    // The webhook recorded this very payment while this call was capturing it.
    const recorded = await repeated();
    if (recorded) return { payment: recorded, pending: false };
    throw error;
  }
  if (!result.found) throw new AppError("NOT_FOUND", api.orderNotFound);
  if (result.alreadyPaid || (pays && result.closed)) {
    // The webhook recorded this very payment while this call was capturing it.
    const recorded = await repeated();
    if (recorded) return { payment: recorded, pending: false };
    // Paid otherwise, or closed (staff cancelled it) while the provider took the money: it goes back.
    const { message } = await takeUnmatched(
      db,
      providers,
      takenBy(input.paymentGateway, capture.id, order, capture.amount),
      result.alreadyPaid ? "second_payment" : "order_closed",
      unmatched,
    );
    throw new AppError("CONFLICT", message);
  }
  // The answer is made from the row just written: a new payment has no refunds.
  // The claim answered the order as it is paid, its store credit with it (the credit's own tender).
  const dto = toPaymentDto(
    { payment: { ...payment, refundedAmount: 0 }, user: payer, storeCreditUsed: order.storeCreditUsed },
    [],
  );
  return { payment: dto, pending: capture.status === "pending" };
}

/** What a provider took for this order: the total less its store credit, in the order's currency. */
export function takenBy(
  provider: TakenPayment["provider"],
  providerPaymentId: string,
  order: Pick<Order, "id" | "userId" | "status" | "totalAmount" | "storeCreditUsed" | "currency">,
  /** What the provider says it took; the order's total less its store credit when it does not say. */
  amount: Money | null,
): TakenPayment {
  const money = amount ?? totalOf(order);
  return {
    provider,
    providerPaymentId,
    amount: fromCents(money.cents),
    currency: money.currency,
    order,
  };
}

/**
 * Razorpay's result for an order that cannot take it (paid by another payment, closed, or being
 * paid by another at this moment): when the payment is one of ours for this order and Razorpay holds
 * its money (authorised or captured), it is taken and recorded as an unmatched payment, refunded in
 * full, and the caller is told so (409). Anything else leaves the caller's refusal as it was.
 */
async function refundRazorpayResult(
  db: Database,
  providers: PaymentProviders,
  payer: Payer,
  input: Extract<ProviderPaymentInput, { paymentGateway: "razorpay" }>,
  terms: UnmatchedTerms,
): Promise<void> {
  const razorpay = providers.razorpay;
  const order = await findOrderRow(db, input.order);
  if (!razorpay || !order || order.userId !== payer.id) return;
  const taken = await holdRazorpayPayment(
    db,
    razorpay,
    input.razorpayOrderId,
    input.razorpayPaymentId,
    order,
    terms.log,
  );
  if (!taken) return;
  const { message } = await takeUnmatched(
    db,
    providers,
    takenBy("razorpay", taken.id, order, taken.amount),
    order.paymentId || order.status === "pending" ? "second_payment" : "order_closed",
    terms,
  );
  throw new AppError("CONFLICT", message);
}

/** A page of payments for the dashboard, newest first; the total counted up to COUNT_CAP (`cap` only for tests). */
export async function listPaymentDtos(
  db: Database,
  filter: PaymentFilter,
  page: PageRequest,
  cap?: number,
): Promise<ListRead<PaymentDto>> {
  const read = await listPayments(db, filter, limitOffsetAndOne(page), cap);
  const { rows, more } = withoutExtra(read.rows, page.size);
  const { refunds, creditNotes } = await findRefundsWithLines(
    db,
    rows.map((row) => row.payment.id),
  );
  const items = rows.map((row) => toPaymentDto(row, refunds, creditNotes));
  return { items, total: read.total, totalCapped: read.totalCapped, more };
}

/** One payment for the dashboard. */
export function getPayment(db: Database, id: string): Promise<PaymentDto> {
  return paymentDto(db, id);
}
