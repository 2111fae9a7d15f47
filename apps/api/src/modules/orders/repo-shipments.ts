import type { RtoReason } from "@shop/shared/constants";
/** SQL for shipments: an order's parcels and their lines, what remains to ship, delivery, return to origin. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { orderItems } from "#api/db/schema/orders";
import { type OrderShipment, orderShipmentLines, orderShipments } from "#api/db/schema/shipments";

export interface ShipmentWithLines extends OrderShipment {
  lines: { itemId: string; quantity: number }[];
}

/** Shipments of orders with their lines, oldest first (one query each for a whole list). */
export async function findShipmentsOfOrders(
  db: Database,
  orderIds: readonly string[],
): Promise<ShipmentWithLines[]> {
  if (orderIds.length === 0) return [];
  const shipments = await db
    .select()
    .from(orderShipments)
    .where(inArray(orderShipments.orderId, [...orderIds]))
    .orderBy(asc(orderShipments.shippedAt), asc(orderShipments.id));
  if (shipments.length === 0) return [];
  const lines = await db
    .select()
    .from(orderShipmentLines)
    .where(
      inArray(
        orderShipmentLines.shipmentId,
        shipments.map((shipment) => shipment.id),
      ),
    )
    .orderBy(asc(orderShipmentLines.itemId));
  return shipments.map((shipment) => ({
    ...shipment,
    lines: lines
      .filter((line) => line.shipmentId === shipment.id)
      .map(({ itemId, quantity }) => ({ itemId, quantity })),
  }));
}

/** Each line of an order with the units bought and the units already in a shipment. */
export async function findShippableLines(db: Database, orderId: string) {
  const shipped = sql<number>`coalesce((select sum(sl.quantity) from ${orderShipmentLines} sl
    where sl.item_id = ${orderItems.id}), 0)::int`;
  return db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      variantOptions: orderItems.variantOptions,
      quantity: orderItems.quantity,
      shipped,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
}

/**
 * Inserts a shipment with its lines; answers it as stored. It leaves now unless `shippedAt` says when
 * (the demo's parcels, sent and delivered on their days).
 */
export async function insertShipment(
  db: Database,
  shipment: Pick<OrderShipment, "orderId" | "carrier" | "trackingNumber" | "trackingUrl"> &
    Partial<
      Pick<OrderShipment, "shippedAt" | "deliveredAt" | "provider" | "labelUrl" | "codAmount" | "ewaybillNo">
    >,
  lines: readonly { itemId: string; quantity: number }[],
): Promise<ShipmentWithLines> {
  const [row] = await db.insert(orderShipments).values(shipment).returning();
  if (!row) throw new Error("insert returned no row");
  await db.insert(orderShipmentLines).values(lines.map((line) => ({ ...line, shipmentId: row.id })));
  return { ...row, lines: [...lines] };
}

/** Marks one shipment of an order delivered now (the order's row is held by the caller); answers it, or none. */
export async function markShipmentDelivered(db: Database, orderId: string, shipmentId: string) {
  const [row] = await db
    .update(orderShipments)
    .set({ deliveredAt: sql`greatest(clock_timestamp(), ${orderShipments.shippedAt})` })
    .where(
      and(
        eq(orderShipments.id, shipmentId),
        eq(orderShipments.orderId, orderId),
        isNull(orderShipments.deliveredAt),
        isNull(orderShipments.returnedToOriginAt),
      ),
    )
    .returning();
  return row;
}

/**
 * Marks one shipment of an order returned to origin now, and why (the order's row is held by the caller);
 * answers it, or none when it was delivered or came back already.
 */
export async function markShipmentReturned(
  db: Database,
  orderId: string,
  shipmentId: string,
  reason: RtoReason,
) {
  const [row] = await db
    .update(orderShipments)
    .set({
      returnedToOriginAt: sql`greatest(clock_timestamp(), ${orderShipments.shippedAt})`,
      returnedToOriginReason: reason,
    })
    .where(
      and(
        eq(orderShipments.id, shipmentId),
        eq(orderShipments.orderId, orderId),
        isNull(orderShipments.deliveredAt),
        isNull(orderShipments.returnedToOriginAt),
      ),
    )
    .returning();
  return row;
}

/** Marks every parcel of an order still on its way (not delivered, not come back) delivered now; answers how many. */
export async function markAllDelivered(db: Database, orderId: string): Promise<number> {
  const rows = await db
    .update(orderShipments)
    .set({ deliveredAt: sql`greatest(clock_timestamp(), ${orderShipments.shippedAt})` })
    .where(
      and(
        eq(orderShipments.orderId, orderId),
        isNull(orderShipments.deliveredAt),
        isNull(orderShipments.returnedToOriginAt),
      ),
    )
    .returning({ id: orderShipments.id });
  return rows.length;
}
