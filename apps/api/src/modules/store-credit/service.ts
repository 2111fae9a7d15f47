/**
 * Store credit (decision 042): money the shop owes a shopper, kept as a ledger. Every movement is an
 * entry written with the balance after it, in the transaction of what moved it (a refund given to
 * credit, an order paid with it, staff by hand, a use given back), the user's row held and never
 * below zero, so that the balance on the user's row is always the sum of their entries.
 *
 * This module knows no orders' rules: orders, payments and refunds call it inside their own
 * transactions with what moved.
 */

import type { Role } from "@shop/shared/constants";
import { STORE_CREDIT_PAGE } from "@shop/shared/constants";
import { api, storeCreditApi, storeCreditReasons } from "@shop/shared/messages";
import { type CurrencyFormat, formatMoney } from "@shop/shared/money-format";
import { fullName } from "@shop/shared/names";
import { fromCents, toCents } from "@shop/shared/pricing";
import type { StoreCreditAdjustmentInput, StoreCreditDto } from "@shop/shared/schemas/store-credit";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import type { User } from "#api/db/schema/users";
import { recordActivity } from "#api/modules/activity/record";
import {
  creditFiguresOf,
  findBalance,
  findEntries,
  findUserLabel,
  moveCredit,
  refundedToCreditCents,
  setOrderCreditUsed,
} from "./repo";

/** The user's balance and latest entries, newest first; 404 for a missing user. */
export async function storeCreditOf(db: Database, userId: string): Promise<StoreCreditDto> {
  const [balance, rows] = await Promise.all([
    findBalance(db, userId),
    findEntries(db, userId, STORE_CREDIT_PAGE),
  ]);
  if (balance === undefined) throw new AppError("NOT_FOUND", api.userNotFound);
  return {
    balance,
    entries: rows.map(({ entry, orderNumber }) => ({
      _id: entry.id,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      kind: entry.kind,
      order: entry.orderId && orderNumber !== null ? { _id: entry.orderId, number: orderNumber } : null,
      reason: entry.reason,
      at: entry.createdAt.toISOString(),
    })),
  };
}

/** The user's balance in cents (0 for a missing user): what the pay page may offer. */
export async function balanceCents(db: Database, userId: string): Promise<number> {
  return toCents((await findBalance(db, userId)) ?? 0);
}

/** Staff who move credit by hand, as the entry and the activity log keep them. */
export type CreditActor = Pick<User, "id" | "firstName" | "lastName" | "email"> & { role: Role };

/**
 * An admin adds (positive) or removes (negative) a shopper's credit with a reason: an `adjustment`
 * entry and the activity entry in one transaction. 404 for a missing user, 409 below zero.
 */
export async function adjustStoreCredit(
  db: Database,
  actor: CreditActor,
  userId: string,
  input: StoreCreditAdjustmentInput,
  currency: CurrencyFormat,
): Promise<StoreCreditDto> {
  await db.transaction(async (tx) => {
    const customer = await findUserLabel(tx, userId);
    if (!customer) throw new AppError("NOT_FOUND", api.userNotFound);
    const entry = await moveCredit(tx, {
      userId,
      cents: toCents(input.amount),
      kind: "adjustment",
      reason: input.reason,
      actor: { id: actor.id, name: fullName(actor), role: actor.role },
    });
    if (!entry) {
      const balance = (await findBalance(tx, userId)) ?? 0;
      const message = storeCreditApi.belowZero(formatMoney(balance, currency));
      throw new AppError("CONFLICT", message, { amount: message });
    }
    await recordActivity(
      tx,
      actor,
      "customer.store_credit_adjusted",
      { type: "user", id: customer.id, label: `${fullName(customer)} (${customer.email})` },
      { storeCredit: fromCents(toCents(entry.balanceAfter) - toCents(entry.amount)) },
      { storeCredit: entry.balanceAfter, adjustment: { amount: entry.amount, reason: entry.reason } },
    );
  });
  return storeCreditOf(db, userId);
}

/**
 * Takes `cents` of the order's shopper's credit for the order, in the caller's transaction that
 * holds the order's row: an `order` entry and the order's credit used raised by it. Answers false,
 * with nothing written, when the balance does not cover it.
 */
export async function useCreditFor(
  db: Database,
  order: Pick<Order, "id" | "number" | "userId" | "storeCreditUsed">,
  cents: number,
): Promise<boolean> {
  const entry = await moveCredit(db, {
    userId: order.userId,
    cents: -cents,
    kind: "order",
    reason: storeCreditReasons.order(`#${order.number}`),
    orderId: order.id,
  });
  if (!entry) return false;
  await setOrderCreditUsed(db, order.id, toCents(order.storeCreditUsed) + cents);
  return true;
}

/**
 * Gives the credit an unpaid order used back to its shopper (a `reversal` entry) and clears it from
 * the order, in the caller's transaction holding the order's row: the order was cancelled unpaid (the
 * hold sweep, staff, the shopper) or the shopper took the credit off to pay otherwise. Nothing for
 * an order that used none.
 */
export async function giveCreditBack(
  db: Database,
  order: Pick<Order, "id" | "number" | "userId" | "storeCreditUsed">,
): Promise<void> {
  const cents = toCents(order.storeCreditUsed);
  if (cents <= 0) return;
  const entry = await moveCredit(db, {
    userId: order.userId,
    cents,
    kind: "reversal",
    reason: storeCreditReasons.reversal(`#${order.number}`),
    orderId: order.id,
  });
  if (!entry) throw new Error(`store credit of order ${order.id} could not be given back`);
  await setOrderCreditUsed(db, order.id, 0);
}

/**
 * Gives a refund to the order's shopper's credit, in the refund's transaction: a `refund` entry
 * naming the order and the refund.
 */
export async function creditRefund(
  db: Database,
  refund: { id: string; orderId: string; userId: string; amount: number; reason: string },
): Promise<void> {
  const entry = await moveCredit(db, {
    userId: refund.userId,
    cents: toCents(refund.amount),
    kind: "refund",
    reason: refund.reason,
    orderId: refund.orderId,
    refundId: refund.id,
  });
  if (!entry) throw new Error(`refund ${refund.id} could not be given as store credit`);
}

/** What refunds of the order gave to its shopper's credit so far, in cents. */
export function refundedToCredit(db: Database, order: Pick<Order, "id" | "userId">): Promise<number> {
  return refundedToCreditCents(db, order.userId, order.id);
}

/** The sales report's store credit figures of a period, in cents (the report's transaction). */
export function storeCreditFigures(db: Database, period: { since: Date; before: Date }) {
  return creditFiguresOf(db, period);
}
