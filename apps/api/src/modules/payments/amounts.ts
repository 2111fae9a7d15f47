/** What a provider is asked for an order: one rule for every provider and every path (decision 042). */
import { afterCreditCents } from "@shop/shared/tenders";
import type { Order } from "#api/db/schema/orders";
import type { Money } from "#api/payments/provider";

/**
 * What the provider is asked for: the order's total less what its store credit pays. The payment
 * recorded is still of the order's total: the credit is part of it.
 */
export const totalOf = (order: Pick<Order, "totalAmount" | "storeCreditUsed" | "currency">): Money => ({
  cents: afterCreditCents(order.totalAmount, order.storeCreditUsed),
  currency: order.currency,
});
