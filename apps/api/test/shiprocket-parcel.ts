/**
 * A parcel booked through Shiprocket, for the tracking tests: booked at the fake through the app's own
 * client (an order and an AWB), then shipped with the staff's manual route under that AWB and marked
 * as Shiprocket's, with the cash its courier collects. NOTE: the one place that books a test parcel;
 * the booking route (POST /orders/{id}/shiprocket/shipments) takes its place once it exists.
 */
import type { ShipmentDto } from "@shop/shared/schemas/order";
import { eq } from "drizzle-orm";
import { orderShipments } from "#api/db/schema/shipments";
import { inject, type TestApp } from "./app";

export interface BookedParcel {
  shipmentId: string;
  awb: string;
  courier: string;
}

let booked = 0;

/** Books and ships every unit of an order (paid, or cash on delivery confirmed); `codAmount` for a COD parcel. */
export async function shiprocketParcel(
  t: TestApp,
  staffCookie: string,
  orderId: string,
  { codAmount }: { codAmount?: number } = {},
): Promise<BookedParcel> {
  const client = t.app.shiprocket;
  if (!client) throw new Error("the test app has no Shiprocket client: pass the fake's env to createTestApp");
  booked += 1;
  const created = await client.createOrder({
    order_id: `T-${orderId.slice(-8)}-${booked}`,
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
    payment_method: codAmount === undefined ? "Prepaid" : "COD",
    sub_total: 100,
    length: 20,
    breadth: 15,
    height: 5,
    weight: 0.5,
  });
  const awb = await client.assignAwb(created.shipment_id);
  const shipped = await inject(t.app, {
    method: "POST",
    url: `/api/orders/${orderId}/shipments`,
    cookie: staffCookie,
    payload: { carrier: "Other", carrierName: awb.courier_name, trackingNumber: awb.awb_code },
  });
  if (shipped.statusCode !== 201) throw new Error(`shipping failed: ${shipped.statusCode} ${shipped.body}`);
  const shipment = shipped.json().data as ShipmentDto;
  await t.database.db
    .update(orderShipments)
    .set({ provider: "shiprocket", codAmount: codAmount ?? null })
    .where(eq(orderShipments.id, shipment._id));
  return { shipmentId: shipment._id, awb: awb.awb_code, courier: awb.courier_name };
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
