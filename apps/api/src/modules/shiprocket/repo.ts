/** The Shiprocket bookings of parcels: written before each call, read to take a booking up again. */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { orderItems, payments } from "#api/db/schema/orders";
import { products, productVariants } from "#api/db/schema/products";
import {
  type OrderShipment,
  orderShipments,
  type ShiprocketBooking,
  shiprocketBookings,
} from "#api/db/schema/shipments";

/** How long a request may hold a booking while it calls Shiprocket (its calls' timeouts and retries fit in it). */
export const CLAIM_SECONDS = 120;

/** The order's booking still under way (at most one: a new one waits for it), under the caller's order lock. */
export async function findOpenBooking(db: Database, orderId: string): Promise<ShiprocketBooking | undefined> {
  const [row] = await db
    .select()
    .from(shiprocketBookings)
    .where(and(eq(shiprocketBookings.orderId, orderId), eq(shiprocketBookings.state, "booking")))
    .limit(1);
  return row;
}

/** How many bookings the order has had: the next one's `order_id` is "<number>-<count + 1>". */
export async function countBookings(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shiprocketBookings)
    .where(eq(shiprocketBookings.orderId, orderId));
  return row?.n ?? 0;
}

export async function insertBooking(
  db: Database,
  values: typeof shiprocketBookings.$inferInsert,
): Promise<ShiprocketBooking> {
  const [row] = await db
    .insert(shiprocketBookings)
    .values({ ...values, claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Claims a booking for this request; false while another holds it. */
export async function claimBooking(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(shiprocketBookings)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(shiprocketBookings.id, id),
        sql`(${shiprocketBookings.claimedUntil} is null or ${shiprocketBookings.claimedUntil} < now())`,
      ),
    )
    .returning({ id: shiprocketBookings.id });
  return rows.length === 1;
}

/** Writes what Shiprocket answered a step of a booking (and, done or failed, lets it go). */
export async function updateBooking(
  db: Database,
  id: string,
  values: Partial<typeof shiprocketBookings.$inferInsert>,
): Promise<ShiprocketBooking> {
  const [row] = await db
    .update(shiprocketBookings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shiprocketBookings.id, id))
    .returning();
  if (!row) throw new Error("booking vanished");
  return row;
}

/** The booking that made a parcel. */
export async function findBookingOfShipment(
  db: Database,
  shipmentId: string,
): Promise<ShiprocketBooking | undefined> {
  const [row] = await db
    .select()
    .from(shiprocketBookings)
    .where(eq(shiprocketBookings.shipmentId, shipmentId))
    .limit(1);
  return row;
}

/** The order's lines a parcel holds, with what Shiprocket's order names of each and the sizes that weigh it. */
export async function findParcelLines(db: Database, orderId: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      sku: orderItems.variantSku,
      hsn: orderItems.hsnCode,
      quantity: orderItems.quantity,
      taxRate: orderItems.taxRate,
      // What the line's units are worth on its invoice: taxable value and GST (exact, in paise).
      valuePaise: sql<number>`round((${orderItems.taxableValue} + ${orderItems.cgst} + ${orderItems.sgst} + ${orderItems.igst}) * 100)::bigint`,
      variant: {
        weightKg: productVariants.weightKg,
        lengthCm: productVariants.lengthCm,
        breadthCm: productVariants.breadthCm,
        heightCm: productVariants.heightCm,
      },
      product: {
        weightKg: products.weightKg,
        lengthCm: products.lengthCm,
        breadthCm: products.breadthCm,
        heightCm: products.heightCm,
      },
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, [...itemIds])));
}

/** The order's payment: its gateway, state and amount. */
export async function findPaymentOf(db: Database, paymentId: string) {
  const [payment] = await db
    .select({ gateway: payments.paymentGateway, status: payments.status, amount: payments.amount })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return payment;
}

/** Whether the order has a parcel already. */
export async function hasParcel(db: Database, orderId: string): Promise<boolean> {
  const [earlier] = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .limit(1);
  return earlier !== undefined;
}

/** A parcel of an order; undefined when the order has no such parcel. */
export async function findParcelOfOrder(
  db: Database,
  orderId: string,
  shipmentId: string,
): Promise<OrderShipment | undefined> {
  const [parcel] = await db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.id, shipmentId), eq(orderShipments.orderId, orderId)));
  return parcel;
}

/** The order's parcels booked through Shiprocket. */
export async function findBookedParcels(db: Database, orderId: string): Promise<OrderShipment[]> {
  return db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.provider, "shiprocket")));
}

/** A parcel cancelled with the courier: its booking cancelled, the parcel and its lines gone. */
export async function deleteCancelledParcel(db: Database, shipmentId: string): Promise<void> {
  await db
    .update(shiprocketBookings)
    .set({ state: "cancelled", shipmentId: null, claimedUntil: null })
    .where(eq(shiprocketBookings.shipmentId, shipmentId));
  await db.delete(orderShipments).where(eq(orderShipments.id, shipmentId));
}
