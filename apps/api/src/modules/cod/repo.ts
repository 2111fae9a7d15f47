/**
 * SQL of cash on delivery's rules (decision 037): what the eligibility reads of the shopper, the lines
 * an order is priced again from for the online payment discount, the confirmation, and the sweep of
 * orders left unconfirmed.
 */
import type { CodConfirmedVia } from "@shop/shared/messaging";
import type { TaxSlab } from "@shop/shared/pricing";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { keepPaymentState } from "#api/db/payment-state";
import { productTaxSlabs } from "#api/db/product-tax";
import { idValue } from "#api/db/schema/columns";
import { orderItems, orders, payments } from "#api/db/schema/orders";
import { products } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";

/** When a cash on delivery parcel of the shopper last came back refused (null: never). */
export async function findCodRefusedAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.codRefusedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.at ?? null;
}

/** A line as the placement priced it, and its product's rates by price now (null: a flat rate). */
export interface LineToPrice {
  id: string;
  productId: string;
  variantId: string;
  price: number;
  originalPrice: number;
  discountShare: number;
  quantity: number;
  taxRate: number;
  taxSlabs: TaxSlab[] | null;
}

/**
 * An order's lines as they were priced, with their product's rates by price as they are now (its
 * own, else its category's; none when the product has a flat rate of its own), in the order the
 * placement priced them: by product, then variant.
 */
export async function findLinesToPrice(db: Database, orderId: string): Promise<LineToPrice[]> {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      price: orderItems.price,
      originalPrice: orderItems.originalPrice,
      discountShare: orderItems.discountShare,
      quantity: orderItems.quantity,
      taxRate: orderItems.taxRate,
      taxSlabs: productTaxSlabs,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId), asc(orderItems.variantId));
}

/** A line's GST and discount share as pricing gave them again. */
export interface RepricedLine {
  id: string;
  discountShare: number;
  taxRate: number;
  taxAmount: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
}

/** The order's amounts as pricing gave them again (its charges' GST and round off with them). */
export interface RepricedOrder {
  taxAmount: number;
  totalAmount: number;
  onlineDiscount: number;
  chargesTaxed: boolean;
  shippingTax: number;
  shippingTaxRate: number;
  shippingTaxable: number;
  shippingCgst: number;
  shippingSgst: number;
  shippingIgst: number;
  codFeeTaxable: number;
  codFeeTaxRate: number;
  codFeeCgst: number;
  codFeeSgst: number;
  codFeeIgst: number;
  roundOff: number;
}

/** Writes an order priced again: its lines in one statement, then its amounts. */
export async function writeRepricedOrder(
  db: Database,
  orderId: string,
  lines: readonly RepricedLine[],
  values: RepricedOrder,
): Promise<void> {
  if (lines.length > 0) {
    const rows = lines.map(
      (line) =>
        sql`(${idValue(line.id)}, ${String(line.discountShare)}::numeric, ${String(line.taxRate)}::numeric,
          ${String(line.taxAmount)}::numeric, ${String(line.taxableValue)}::numeric, ${String(line.cgst)}::numeric,
          ${String(line.sgst)}::numeric, ${String(line.igst)}::numeric, ${String(line.roundOff)}::numeric)`,
    );
    await db.execute(sql`
      update ${orderItems} as i set discount_share = x.share, tax_rate = x.rate, tax_amount = x.tax,
        taxable_value = x.taxable, cgst = x.cgst, sgst = x.sgst, igst = x.igst, round_off = x.round_off
      from (values ${sql.join(rows, sql`, `)}) as x(id, share, rate, tax, taxable, cgst, sgst, igst, round_off)
      where i.id = x.id and i.order_id = ${orderId}`);
  }
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** Confirms a cash on delivery order waiting for it; answers false when it was not waiting. */
export async function confirmCodRow(db: Database, orderId: string, via: CodConfirmedVia): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ codConfirmation: "confirmed", codConfirmedVia: via, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.codConfirmation, "pending")))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/** A cash on delivery order closed by staff (cancelled or refunded) no longer waits for its shopper. */
export async function closeCodConfirmation(db: Database, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ codConfirmation: "cancelled" })
    .where(and(eq(orders.id, orderId), eq(orders.codConfirmation, "pending")));
}

/**
 * Cash on delivery orders still unconfirmed that were placed before `cutoff`, oldest first, locked;
 * rows another instance holds are skipped (orders_cod_pending_idx keeps the read to those waiting).
 */
export async function lockUnconfirmedCod(db: Database, cutoff: Date, limit: number) {
  return db
    .select({ id: orders.id, status: orders.status, discountId: orders.discountId })
    .from(orders)
    .where(and(eq(orders.codConfirmation, "pending"), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Cancels unconfirmed cash on delivery orders: cancelled, and their confirmation with them. */
export async function cancelUnconfirmedCod(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(orders)
    .set({ status: "cancelled", codConfirmation: "cancelled", updatedAt: new Date() })
    .where(inArray(orders.id, [...ids]));
}

/**
 * Closes the pending cash on delivery payments of these orders as failed (no cash will come), keeping
 * each order's payment state in the same statement.
 */
export async function failCodPayments(db: Database, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const written = db.$with("written").as(
    db
      .update(payments)
      .set({ status: "failed", updateTime: new Date() })
      .where(
        and(
          inArray(payments.orderId, [...orderIds]),
          eq(payments.paymentGateway, "cod"),
          eq(payments.status, "pending"),
        ),
      )
      .returning(),
  );
  await db.with(written, keepPaymentState(db, written)).select({ id: written.id }).from(written);
}
