/** The Shiprocket bookings of parcels: written before each call, read to take a booking up again. */
import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { type ShiprocketBooking, shiprocketBookings } from "#api/db/schema/shipments";

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
