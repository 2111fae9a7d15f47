/**
 * The couriers that serve a parcel, as Shiprocket quotes them (GET /courier/serviceability), and the
 * one the owner's rule preselects: the cheapest, the fastest (then the cheaper), or Shiprocket's own
 * recommendation. A cash on delivery parcel lists only the couriers that collect cash.
 */
import { api, codConfirmation, shipping } from "@shop/shared/messages";
import type { CourierRule, ShiprocketSettings } from "@shop/shared/schemas/parcel";
import type {
  CourierQuoteDto,
  ShiprocketQuoteDto,
  ShiprocketQuoteInput,
} from "@shop/shared/schemas/shiprocket";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { unitsToShip } from "#api/modules/fulfilment/shipments";
import { findOrdersByIds, findShippableLines } from "#api/modules/orders/service";
import type { Courier } from "#api/shipping/shiprocket/answers";
import type { ShiprocketClient } from "#api/shipping/shiprocket/client";
import { codAmountOf, type PlannedParcel, planParcel, type Unit } from "./parcel";

/** What a Shiprocket call of the shop's needs: the database, the client and the owner's settings. */
export interface ShiprocketContext {
  db: Database;
  client: ShiprocketClient;
  settings: ShiprocketSettings;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Shiprocket's "Jul 01, 2024" (or an ISO date) as YYYY-MM-DD; null for anything else. */
export function isoDateOf(etd: string | null | undefined): string | null {
  if (!etd) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(etd);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const words = /^([A-Za-z]{3})\w* (\d{1,2}), (\d{4})/.exec(etd.trim());
  const month = words ? MONTHS.indexOf(words[1] ?? "") : -1;
  if (!words || month < 0) return null;
  return `${words[3]}-${String(month + 1).padStart(2, "0")}-${(words[2] ?? "").padStart(2, "0")}`;
}

const daysOf = (courier: Courier) => {
  const days = Number.parseInt(courier.estimated_delivery_days ?? "", 10);
  return Number.isFinite(days) ? days : Number.POSITIVE_INFINITY;
};

/** The couriers of an answer as the dialog lists them, cheapest first (COD: only those that collect). */
export function courierList(couriers: readonly Courier[], recommendedId: number | null, cod: boolean) {
  return couriers
    .filter((courier) => !cod || courier.cod === 1)
    .map((courier): CourierQuoteDto & { days: number } => ({
      courierId: courier.courier_company_id,
      name: courier.courier_name,
      price: courier.rate,
      etd: isoDateOf(courier.etd),
      cod: courier.cod === 1,
      rating: courier.rating ?? null,
      recommended: courier.courier_company_id === recommendedId,
      days: daysOf(courier),
    }))
    .sort((a, b) => a.price - b.price || a.courierId - b.courierId);
}

/** The courier the rule picks from a list (cheapest first); undefined when the list is empty. */
export function preselect(
  list: readonly (CourierQuoteDto & { days: number })[],
  rule: CourierRule,
): number | undefined {
  if (rule === "recommended") {
    const recommended = list.find((courier) => courier.recommended);
    if (recommended) return recommended.courierId;
  }
  if (rule === "fastest") return [...list].sort((a, b) => a.days - b.days || a.price - b.price)[0]?.courierId;
  return list[0]?.courierId;
}

/** The pickup locations' PIN codes, kept a few minutes per instance (the owner renames them rarely). */
const pickupPins = new Map<string, { pin: string; until: number }>();
const PICKUP_CACHE_MS = 5 * 60_000;

/** The PIN code the parcel leaves from: the settings' pickup location's, as the account has it. */
export async function pickupPinOf(ctx: ShiprocketContext): Promise<string> {
  const name = ctx.settings.pickupLocation;
  if (!name) throw new AppError("CONFLICT", shipping.noPickupLocation);
  const cached = pickupPins.get(name);
  if (cached && cached.until > Date.now()) return cached.pin;
  const locations = await ctx.client.pickupLocations();
  const found = locations.find((location) => location.pickup_location === name);
  if (!found) throw new AppError("CONFLICT", shipping.pickupLocationUnknown(name));
  pickupPins.set(name, { pin: found.pin_code, until: Date.now() + PICKUP_CACHE_MS });
  return found.pin_code;
}

export interface Quoted {
  list: (CourierQuoteDto & { days: number })[];
  parcel: PlannedParcel;
  cod: number | null;
}

/** Asks Shiprocket which couriers serve a planned parcel of the order. */
export async function quoteParcel(
  ctx: ShiprocketContext,
  order: Order,
  parcel: PlannedParcel,
): Promise<Quoted> {
  const cod = await codAmountOf(ctx.db, order);
  const answer = await ctx.client.serviceability({
    pickup_postcode: await pickupPinOf(ctx),
    delivery_postcode: order.shippingAddress.pinCode,
    weight: parcel.weightKg,
    cod: cod !== null,
    length: parcel.dimensionsCm.length,
    breadth: parcel.dimensionsCm.breadth,
    height: parcel.dimensionsCm.height,
    declared_value: parcel.valuePaise / 100,
  });
  return { list: courierList(answer.couriers, answer.recommendedCourierId, cod !== null), parcel, cod };
}

/** An order that may ship (processing; a COD order confirmed), read without a lock: the booking locks it. */
export async function readShippableOrder(db: Database, orderId: string): Promise<Order> {
  const [found] = await findOrdersByIds(db, [orderId]);
  const order = found?.order;
  if (!order) throw new AppError("NOT_FOUND", api.orderNotFound);
  if (order.status !== "processing") throw new AppError("CONFLICT", api.shipmentNotShippable(order.status));
  if (order.codConfirmation === "pending") throw new AppError("CONFLICT", codConfirmation.shipUnconfirmed);
  return order;
}

/** The units a parcel takes (asked, or every unit not yet shipped). */
export async function unitsOf(
  db: Database,
  orderId: string,
  asked: ShiprocketQuoteInput["lines"],
): Promise<Unit[]> {
  return unitsToShip(await findShippableLines(db, orderId), asked);
}

/** POST /orders/{orderId}/shiprocket/quote. */
export async function quote(
  ctx: ShiprocketContext,
  orderId: string,
  input: ShiprocketQuoteInput,
): Promise<ShiprocketQuoteDto> {
  const order = await readShippableOrder(ctx.db, orderId);
  const units = await unitsOf(ctx.db, order.id, input.lines);
  const parcel = await planParcel(ctx.db, order.id, units, ctx.settings, input);
  const { list } = await quoteParcel(ctx, order, parcel);
  return {
    couriers: list.map(({ days: _days, ...courier }) => courier),
    preselected: preselect(list, ctx.settings.courierRule) ?? null,
    weightKg: parcel.weightKg,
    dimensionsCm: parcel.dimensionsCm,
    ewaybillRequired: parcel.ewaybillRequired,
  };
}
