import { boolean, char, index, pgTable, primaryKey, smallint } from "drizzle-orm/pg-core";
import { idRef } from "./columns";

/**
 * The PIN codes a shipping method serves when it serves a list rather than states (its settings'
 * `serves: "pincodes"`): the days a parcel takes there and whether cash on delivery is possible. The
 * list is replaced as a whole by an upload. Keyed by the PIN code first, so that the delivery answer
 * for one PIN code is an index lookup across every method; the second index lists one method's codes.
 */
export const shippingPincodes = pgTable(
  "shipping_pincodes",
  {
    // The shipping method's _id in the settings' shipping section (settings are a document, so no
    // foreign key: a method deleted from the settings has its list deleted with it by the service).
    methodId: idRef().notNull(),
    pincode: char({ length: 6 }).notNull(),
    days: smallint().notNull(),
    cod: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pincode, t.methodId] }),
    index("shipping_pincodes_method_idx").on(t.methodId, t.pincode),
  ],
);
