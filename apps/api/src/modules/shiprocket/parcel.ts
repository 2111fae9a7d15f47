/**
 * A parcel of an order as Shiprocket takes it: its units with their sizes (the variant's, else the
 * product's, else the shop's default), its weight and box, what it is worth (the e-way bill's test),
 * what its courier collects when the order is cash on delivery, and the adhoc order that books it.
 */
import { parcelOf } from "@shop/shared/parcel";
import type { DimensionsCm, ShiprocketSettings } from "@shop/shared/schemas/parcel";
import { EWAYBILL_THRESHOLD } from "@shop/shared/schemas/shiprocket";
import type { Database } from "#api/db/client";
import { toSizeDto } from "#api/db/parcel-size";
import type { Order } from "#api/db/schema/orders";
import type { AdhocOrder } from "#api/shipping/shiprocket/answers";
import { findParcelLines, findPaymentOf, hasParcel } from "./repo";

export interface Unit {
  itemId: string;
  quantity: number;
}

export interface PlannedParcel {
  weightKg: number;
  dimensionsCm: DimensionsCm;
  /** The units' value on the invoice, GST included, in paise. */
  valuePaise: number;
  ewaybillRequired: boolean;
  items: AdhocOrder["order_items"];
}

const none = { weightKg: null, lengthCm: null, breadthCm: null, heightCm: null };

/**
 * The parcel of `units`: weighed and boxed from its lines' sizes (or staff's weight and box), worth
 * its units' share of their lines' invoiced value (each line's value × units / its quantity, in paise).
 */
export async function planParcel(
  db: Database,
  orderId: string,
  units: readonly Unit[],
  defaults: Pick<ShiprocketSettings, "defaultWeightKg" | "defaultDimensionsCm">,
  choice: { weightKg?: number | undefined; dimensionsCm?: DimensionsCm | undefined } = {},
): Promise<PlannedParcel> {
  const lines = await findParcelLines(
    db,
    orderId,
    units.map((unit) => unit.itemId),
  );
  const byId = new Map(lines.map((line) => [line.id, line]));
  const parcelLines = [];
  const items: AdhocOrder["order_items"] = [];
  let valuePaise = 0;
  for (const unit of units) {
    const line = byId.get(unit.itemId);
    if (!line) throw new Error(`order line ${unit.itemId} not found`);
    parcelLines.push({
      quantity: unit.quantity,
      variant: toSizeDto(line.variant ?? none),
      product: toSizeDto(line.product ?? none),
    });
    const share = Math.round((Number(line.valuePaise) * unit.quantity) / line.quantity);
    valuePaise += share;
    items.push({
      name: line.name,
      sku: line.sku,
      units: unit.quantity,
      // Per unit, GST included: what the shopper paid for one.
      selling_price: Math.round(Number(line.valuePaise) / line.quantity) / 100,
      tax: line.taxRate,
      ...(line.hsn ? { hsn: line.hsn } : {}),
    });
  }
  const parcel = parcelOf(parcelLines, defaults, choice.dimensionsCm);
  return {
    weightKg: choice.weightKg ?? parcel.weightKg,
    dimensionsCm: parcel.dimensionsCm,
    valuePaise,
    ewaybillRequired: valuePaise > EWAYBILL_THRESHOLD * 100,
    items,
  };
}

/**
 * What the courier collects for a parcel of a cash on delivery order still unpaid: the payment's
 * whole amount with the order's first parcel, nothing with a later one (its cash went with the first).
 */
export async function codAmountOf(db: Database, order: Order): Promise<number | null> {
  if (!order.paymentId) return null;
  const payment = await findPaymentOf(db, order.paymentId);
  if (payment?.gateway !== "cod" || payment.status !== "pending") return null;
  return (await hasParcel(db, order.id)) ? null : payment.amount;
}

/** Shiprocket's order of a parcel: the shopper's address (billing and shipping), items, payment, size. */
export function adhocOrder(
  order: Order,
  email: string,
  channelOrderId: string,
  pickupLocation: string,
  parcel: Pick<PlannedParcel, "weightKg" | "dimensionsCm" | "items">,
  codAmount: number | null,
  ewaybillNo: string | null,
): AdhocOrder {
  const address = order.shippingAddress;
  const subTotal = parcel.items.reduce(
    (sum, item) => sum + Math.round(item.selling_price * 100) * item.units,
    0,
  );
  return {
    order_id: channelOrderId,
    order_date: order.createdAt.toISOString().slice(0, 10),
    pickup_location: pickupLocation,
    billing_customer_name: address.legalName || address.name.firstName,
    billing_last_name: address.legalName ? "" : address.name.lastName,
    billing_address: address.building,
    billing_address_2: address.street,
    billing_city: address.city,
    billing_pincode: address.pinCode,
    billing_state: address.state,
    billing_country: address.country,
    billing_email: email,
    billing_phone: address.phoneNumber,
    shipping_is_billing: true,
    order_items: parcel.items,
    payment_method: codAmount === null ? "Prepaid" : "COD",
    // A COD parcel's sub_total is what the courier collects; a prepaid one's, what its goods are worth.
    sub_total: codAmount ?? subTotal / 100,
    length: parcel.dimensionsCm.length,
    breadth: parcel.dimensionsCm.breadth,
    height: parcel.dimensionsCm.height,
    weight: parcel.weightKg,
    ...(ewaybillNo ? { ewaybill_no: ewaybillNo } : {}),
    ...(address.gstin ? { customer_gstin: address.gstin } : {}),
  };
}
