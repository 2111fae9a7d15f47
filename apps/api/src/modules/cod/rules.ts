/**
 * Whether cash on delivery is offered for an order (decision 037): one rule, used by the pay page's
 * options and by the choice itself (payOnDelivery), so that the page never offers what the choice
 * refuses. Offered while the owner has it on, the order's total with the fee is within the limit, the
 * shipping address's PIN code is not one the owner listed, the shopper never refused a cash on
 * delivery parcel (when the owner refuses those), and the order's shipping method takes cash on
 * delivery at that PIN code.
 */
import { api, codRefusals } from "@shop/shared/messages";
import { formatMoney } from "@shop/shared/money-format";
import { pincodeOf } from "@shop/shared/pincode-states";
import { toCents } from "@shop/shared/pricing";
import type { CodSettings, ShippingMethod } from "@shop/shared/schemas/settings";
import type { ErrorCode } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { Order } from "#api/db/schema/orders";
import { findCodRefusedAt } from "./repo";

/**
 * What a shipping method does at a PIN code (modules/delivery): whether it takes cash on delivery
 * there. Passed in bound to the database, so that the rule reads delivery through its service.
 */
export type MethodReach = (methodId: string, pincode: string) => Promise<{ cod: boolean }>;

/**
 * What the rule needs of the shop: the owner's cash on delivery settings, the shipping methods,
 * delivery, and the locale amounts are written in (the currency settings').
 */
export interface CodTerms {
  cod: CodSettings;
  methods: readonly ShippingMethod[];
  reach: MethodReach;
  locale: string;
}

/** What the rule reads of the order's shopper and address, before the order's lock is taken. */
export interface CodFacts {
  /** The shipping address's PIN code (as typed, when it is not six digits). */
  pincode: string;
  refusedBefore: boolean;
  /** The order's shipping method's name, and whether it takes cash on delivery at the PIN code. */
  method: string;
  methodCod: boolean;
}

/** A refusal: 400 while the owner has cash on delivery off, 409 for this order, with its message. */
export interface CodRefusal {
  code: Extract<ErrorCode, "BAD_REQUEST" | "CONFLICT">;
  message: string;
}

/**
 * The facts of an order (read without its lock: its address and method never change). NOTE: an order
 * names its method by name, as it was priced; the method with that name now (names are unique, any
 * case) answers for it. A method serving a PIN code list says whether it takes cash on delivery at
 * the address's PIN code, as delivery answers now. A method serving states (the order was placed for
 * its address's state) allows it, as does a method renamed or removed since, which cannot be asked.
 */
export async function codFactsOf(
  db: Database,
  terms: CodTerms,
  order: Pick<Order, "userId" | "shippingAddress" | "shippingMethodName">,
): Promise<CodFacts> {
  const typed = order.shippingAddress.pinCode;
  const pincode = pincodeOf(typed);
  const wanted = order.shippingMethodName.toLowerCase();
  const method = terms.methods.find((candidate) => candidate.name.toLowerCase() === wanted);
  const [refusedAt, reach] = await Promise.all([
    terms.cod.blockAfterRefusal ? findCodRefusedAt(db, order.userId) : Promise.resolve(null),
    method?.serves === "pincodes" && pincode
      ? terms.reach(method._id, pincode)
      : Promise.resolve({ cod: true }),
  ]);
  return {
    pincode: pincode ?? typed,
    refusedBefore: refusedAt !== null,
    method: order.shippingMethodName,
    methodCod: reach.cod,
  };
}

/**
 * Why cash on delivery is refused for an order whose total (without an online discount, without the
 * fee) is `order.totalAmount`, or null when it is offered; the limit is written in the order's currency.
 */
export function codRefusal(
  cod: CodSettings,
  facts: CodFacts,
  order: Pick<Order, "totalAmount" | "currency">,
  locale: string,
): CodRefusal | null {
  if (!cod.enabled) return { code: "BAD_REQUEST", message: api.codNotOffered };
  if (toCents(order.totalAmount) + toCents(cod.fee) > toCents(cod.maxOrderValue)) {
    const limit = formatMoney(cod.maxOrderValue, { code: order.currency, locale });
    return { code: "CONFLICT", message: api.codOverLimit(limit) };
  }
  if (cod.blockedPincodes.includes(facts.pincode))
    return { code: "CONFLICT", message: codRefusals.pincodeBlocked(facts.pincode) };
  if (cod.blockAfterRefusal && facts.refusedBefore)
    return { code: "CONFLICT", message: codRefusals.refusedBefore };
  if (!facts.methodCod)
    return { code: "CONFLICT", message: codRefusals.methodWithout(facts.method, facts.pincode) };
  return null;
}
