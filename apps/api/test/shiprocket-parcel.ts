/**
 * A parcel booked through Shiprocket, for the tracking tests: booked at the fake through a Shiprocket
 * client (an order and an AWB), then shipped with the staff's manual route under that AWB and marked
 * as Shiprocket's, with the cash its courier collects. NOTE: the one place that books a test parcel;
 * the booking route (POST /orders/{id}/shiprocket/shipments) takes its place once it exists.
 */
import type { ShipmentDto } from "@shop/shared/schemas/order";
import { eq } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { orderShipments } from "#api/db/schema/shipments";
import type { ShiprocketClient } from "#api/shipping/shiprocket/client";
import { inject, type TestApp } from "./app";

export interface BookedParcel {
  shipmentId: string;
  awb: string;
  courier: string;
}

let booked = 0;

/** Books a parcel of an order at Shiprocket: its AWB and courier. */
export async function bookAtShiprocket(
  client: ShiprocketClient,
  orderId: string,
  { cod }: { cod: boolean },
): Promise<{ awb: string; courier: string }> {
  booked += 1;
  const created = await client.createOrder({
    order_id: `T-${orderId.slice(-8)}-${process.pid}-${booked}`,
    order_date: new Date().toISOString().slice(0, 10),
    pickup_location: "Primary",
    billing_customer_name: "Test",
    billing_address: "12 Marine Drive",
    billing_city: "Mumbai",
    billing_pincode: "400002",
    billing_state: "Maharashtra",
    billing_country: "India",
    billing_email: "shopper@example.com",
    billing_phone: "9876543210",
    shipping_is_billing: true,
    order_items: [{ name: "Goods", sku: "SKU-1", units: 1, selling_price: 100 }],
    payment_method: cod ? "COD" : "Prepaid",
    sub_total: 100,
    length: 20,
    breadth: 15,
    height: 5,
    weight: 0.5,
  });
  const awb = await client.assignAwb(created.shipment_id);
  return { awb: awb.awb_code, courier: awb.courier_name };
}

/** The body of the staff's manual route that ships every unit of an order under a booked AWB. */
export const manualShipment = (booking: { awb: string; courier: string }) => ({
  carrier: "Other",
  carrierName: booking.courier,
  trackingNumber: booking.awb,
});

/** Marks a parcel shipped by hand as booked through Shiprocket, with the cash its courier collects. */
export async function markShiprocket(db: Database, shipmentId: string, codAmount?: number): Promise<void> {
  await db
    .update(orderShipments)
    .set({ provider: "shiprocket", codAmount: codAmount ?? null })
    .where(eq(orderShipments.id, shipmentId));
}

/** Books and ships every unit of an order (paid, or cash on delivery confirmed); `codAmount` for a COD parcel. */
export async function shiprocketParcel(
  t: TestApp,
  staffCookie: string,
  orderId: string,
  { codAmount }: { codAmount?: number } = {},
): Promise<BookedParcel> {
  const client = t.app.shiprocket;
  if (!client) throw new Error("the test app has no Shiprocket client: pass the fake's env to createTestApp");
  const booking = await bookAtShiprocket(client, orderId, { cod: codAmount !== undefined });
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/shipments`,
    cookie: staffCookie,
    payload: manualShipment(booking),
  });
  if (shipped.statusCode !== 201) throw new Error(`shipping failed: ${shipped.statusCode} ${shipped.body}`);
  const shipment = shipped.json().data as ShipmentDto;
  await markShiprocket(t.database.db, shipment._id, codAmount);
  return { shipmentId: shipment._id, ...booking };
}

/** Shiprocket's webhook call on the app: an update with its key (or `apiKey`, or none with null). */
export function postUpdate(t: TestApp, body: unknown, apiKey: string | null) {
  return inject(t.app, {
    method: "POST",
    url: "/api/tracking/updates",
    headers: apiKey === null ? {} : { "x-api-key": apiKey },
    payload: body as object,
  });
}
