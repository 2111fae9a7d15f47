/**
 * Delivery to a PIN code: which shipping methods serve it, the day a parcel sent now would arrive
 * with each (the dispatch rules of the shipping settings, on the shop's clock), and whether cash on
 * delivery is possible there. A method serving a PIN code list serves the codes its list holds; a
 * method serving states serves a PIN code whose state (India Post's zones, pincode-states.ts) it
 * names, or every PIN code when it names none.
 */
import { deliverByDate } from "@shop/shared/delivery-dates";
import { errors } from "@shop/shared/messages";
import { stateOfPincode } from "@shop/shared/pincode-states";
import type { CodReason, DeliveryDto, DeliveryMethodDto } from "@shop/shared/schemas/delivery";
import type { Settings, ShippingMethod } from "@shop/shared/schemas/settings";
import { servesPincodes } from "@shop/shared/shipping";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import { pincodeRows, productForDelivery } from "./repo";

/** The settings' shipping write deletes the lists of the methods it removes, in its own transaction. */
export { deleteListsOfMethods } from "./repo";

/** The settings the delivery answer reads: the methods and dispatch rules, COD's switch, the shop's clock. */
export type DeliverySettings = Pick<Settings, "shipping" | "checkout" | "store">;

/** How one method reaches a PIN code: whether it serves it, whether COD is possible there, in how many days. */
export interface MethodReach {
  serves: boolean;
  cod: boolean;
  /** Days from the day a parcel leaves; null when the method does not say. */
  days: number | null;
}

const NOT_SERVED: MethodReach = { serves: false, cod: false, days: null };

const stateKey = (state: string) => state.trim().toLowerCase();

/** Whether a method serving states serves a PIN code: every state, or the PIN code's state among its own. */
function servesState(method: ShippingMethod, state: string | undefined): boolean {
  if (method.states === null) return true;
  return state !== undefined && method.states.some((named) => stateKey(named) === stateKey(state));
}

/** The rows of a PIN code in the lists of these methods, by method: one statement, none without such a method. */
async function listedFor(db: Database, methods: readonly ShippingMethod[], pincode: string) {
  const listing = methods.filter((method) => method.serves === "pincodes").map((method) => method._id);
  const rows = listing.length > 0 ? await pincodeRows(db, pincode, listing) : [];
  return new Map(rows.map((row) => [row.methodId, row]));
}

function reachOf(
  method: ShippingMethod,
  state: string | undefined,
  listed: ReadonlyMap<string, { days: number; cod: boolean }>,
): MethodReach {
  if (!method.enabled) return NOT_SERVED;
  if (method.serves === "pincodes") {
    const row = listed.get(method._id);
    return row ? { serves: true, cod: row.cod, days: row.days } : NOT_SERVED;
  }
  return servesState(method, state) ? { serves: true, cod: true, days: method.days } : NOT_SERVED;
}

/**
 * The product the delivery answer names, checked: 404 when there is none of this id or it is not
 * active. Its weight (kg, null when it gives none), for a courier's answer. One statement.
 */
export async function deliveryProduct(db: Database, product: string): Promise<{ weightKg: number | null }> {
  const found = await productForDelivery(db, product);
  if (found === undefined) throw new AppError("NOT_FOUND", errors.productNotFound);
  if (!found.isActive) throw new AppError("NOT_FOUND", errors.productNotAvailable);
  return { weightKg: found.weightKg };
}

interface AnswerOptions {
  now?: Date;
  codBarred?: boolean;
}

/**
 * The answer from the methods that reach a PIN code: cheapest first, each with its delivery date for
 * a parcel sent `now` (or `deliverBy`, a date the carrier gave, when a method has no days), and COD
 * by every rule known before the cart.
 */
function answerOf(
  settings: DeliverySettings,
  pincode: string,
  reaching: { method: ShippingMethod; reach: MethodReach }[],
  { now = new Date(), codBarred = false }: AnswerOptions,
  deliverBy: string | null = null,
): DeliveryDto {
  const reason = codReasonOf(settings.checkout.cod, pincode, codBarred, reaching);
  const serving: DeliveryMethodDto[] = reaching
    .sort((a, b) => a.method.price - b.method.price || a.method.name.localeCompare(b.method.name))
    .map(({ method, reach }) => ({
      _id: method._id,
      name: method.name,
      price: method.price,
      days: reach.days,
      deliverBy:
        reach.days === null
          ? deliverBy
          : deliverByDate(now, settings.store.utcOffset, settings.shipping.dispatch, reach.days),
      // The method's own word for the PIN code (the answer's `cod` applies every rule).
      cod: reach.cod,
    }));
  const deliverable = serving.length > 0;
  const cod = deliverable && reason === null;
  return {
    pincode,
    deliverable,
    methods: serving,
    cod,
    codReason: deliverable ? reason : null,
    codLimit: cod ? settings.checkout.cod.maxOrderValue : null,
  };
}

/**
 * Whether the shop delivers to a PIN code (well-formed: the route checks it), with the methods that
 * serve it cheapest first, each with its days, its delivery date for a parcel sent `now` and
 * whether COD is possible there by it; `cod` when checkout would offer it by every rule known before
 * the cart (`codBarred`: the signed-in shopper's bar), else `codReason`; `codLimit` left to the order.
 * `product`, when given, must be an active product (404 otherwise); what the answer says is about
 * the address only, whatever the product's stock. Statements: one for the PIN code's rows across
 * the methods serving lists (none when no method does), one for the product when named.
 */
export async function deliveryFor(
  db: Database,
  settings: DeliverySettings,
  pincode: string,
  { product, ...options }: { product?: string | undefined } & AnswerOptions = {},
): Promise<DeliveryDto> {
  if (product !== undefined) await deliveryProduct(db, product);
  const enabled = settings.shipping.methods.filter((method) => method.enabled);
  const listed = await listedFor(db, enabled, pincode);
  const state = stateOfPincode(pincode);
  const reaching = enabled
    .map((method) => ({ method, reach: reachOf(method, state, listed) }))
    .filter(({ reach }) => reach.serves);
  return answerOf(settings, pincode, reaching, options);
}

/**
 * What a courier aggregator (Shiprocket) says of a PIN code: whether any courier serves it, the
 * chosen courier's days (null when it gives none) and its own estimated date ("YYYY-MM-DD", or null),
 * and whether any courier takes cash on delivery there.
 */
export interface CourierReach {
  serves: boolean;
  days: number | null;
  etd: string | null;
  cod: boolean;
}

/**
 * The answer when the couriers' word replaces the PIN code lists (settings: Shiprocket answers
 * delivery): every enabled method serving a list, and every one serving the PIN code's state, reaches
 * it when a courier does, in the courier's days (the date by the dispatch rules, or the courier's own
 * when it gives no days), with COD when a courier takes it. No courier: no method, not deliverable.
 */
export function deliveryByCourier(
  settings: DeliverySettings,
  pincode: string,
  courier: CourierReach,
  options: AnswerOptions = {},
): DeliveryDto {
  const state = stateOfPincode(pincode);
  const reach: MethodReach = courier.serves
    ? { serves: true, cod: courier.cod, days: courier.days }
    : NOT_SERVED;
  const reaching = courier.serves
    ? settings.shipping.methods
        .filter((method) => method.enabled && (method.serves === "pincodes" || servesState(method, state)))
        .map((method) => ({ method, reach }))
    : [];
  return answerOf(settings, pincode, reaching, options, courier.etd);
}

/**
 * Why cash on delivery is not possible at a PIN code, by the rules of cod/rules.ts knowable before
 * the cart (in its order: the owner's switch, the block list, the shopper's bar, the methods' word);
 * null when it is. The order-value limit is left to the order (`codLimit`).
 */
function codReasonOf(
  cod: Settings["checkout"]["cod"],
  pincode: string,
  barred: boolean,
  reaching: readonly { reach: MethodReach }[],
): CodReason | null {
  if (!cod.enabled) return "off";
  if (cod.blockedPincodes.includes(pincode)) return "pincodeBlocked";
  if (barred && cod.blockAfterRefusal) return "barred";
  if (!reaching.some(({ reach }) => reach.cod)) return "noMethod";
  return null;
}

/**
 * How one of the shop's methods reaches a PIN code (a disabled or unknown method serves none):
 * for a method serving a list, its row's days and COD; for one serving states, its own days and COD
 * possible. One statement for a method serving a list, none otherwise.
 */
export async function methodReach(
  db: Database,
  methods: readonly ShippingMethod[],
  methodId: string,
  pincode: string,
): Promise<MethodReach> {
  const method = methods.find((candidate) => candidate._id === methodId);
  if (!method?.enabled) return NOT_SERVED;
  const listed = await listedFor(db, [method], pincode);
  return reachOf(method, stateOfPincode(pincode), listed);
}

/**
 * The enabled methods whose PIN code list holds this PIN code, with the days of their row, for
 * choosing the methods of an address (shipping.ts `methodsFor`, the earliest delivery among methods
 * costing the same): one statement, and none when no enabled method serves a list or the address has
 * no PIN code of the right form.
 */
export async function methodsListing(
  db: Database,
  methods: readonly ShippingMethod[],
  pincode: string | undefined,
): Promise<ReadonlyMap<string, number>> {
  if (pincode === undefined || !servesPincodes(methods)) return new Map();
  const enabled = methods.filter((method) => method.enabled);
  const listed = await listedFor(db, enabled, pincode);
  return new Map([...listed].map(([id, row]) => [id, row.days]));
}
