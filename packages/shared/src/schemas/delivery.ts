/**
 * Delivery to a PIN code: the answer the product page, the cart and the checkout read (GET
 * /delivery/{pincode}), and a shipping method's PIN code list, uploaded as CSV and listed by staff.
 */
import { z } from "zod";
import { deliveryApi } from "../messages";
import { PINCODE_PATTERN } from "../pincode-states";
import { Id, ListQuery } from "./common";

/** The most rows a PIN code list holds (the upload's body limit follows from it). */
export const PINCODE_LIST_MAX_ROWS = 50_000;
/** The faults an upload's answer lists at most (its message counts the others). */
export const PINCODE_FAULTS_LISTED = 100;

export const Pincode = z.string({ error: deliveryApi.pincode }).regex(PINCODE_PATTERN, deliveryApi.pincode);

/** GET /delivery/{pincode}. */
export const PincodeParams = z.object({ pincode: Pincode });

/** `product`: the product page's; it must be an active product (404 otherwise). */
export const DeliveryQuery = z.object({ product: Id.optional() });
export type DeliveryQuery = z.infer<typeof DeliveryQuery>;

/** A method that serves the PIN code, with the day a parcel sent with it now would arrive. */
export const DeliveryMethodDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** Its price before any free-above. */
  price: z.number(),
  /** Days it takes from the day a parcel leaves; null when the method does not say. */
  days: z.number().int().nullable(),
  /** "YYYY-MM-DD" on the shop's clock: the day a parcel leaves (dispatch rules) plus `days`; null without days. */
  deliverBy: z.string().nullable(),
  /** Whether cash on delivery is possible there with this method (its list says so; a method serving states: yes). */
  cod: z.boolean(),
});
export type DeliveryMethodDto = z.infer<typeof DeliveryMethodDto>;

/**
 * Why cash on delivery is not possible, as the pay page would refuse it, by the rules known before
 * the cart: the shop takes none (`off`), the PIN code is on the owner's COD block list
 * (`pincodeBlocked`), the signed-in shopper is barred after a refused parcel (`barred`), no method
 * serving the PIN code takes it there (`noMethod`).
 */
export const COD_REASONS = ["off", "pincodeBlocked", "barred", "noMethod"] as const;
export type CodReason = (typeof COD_REASONS)[number];

/** Whether the shop delivers to a PIN code, with which methods (cheapest first), and whether COD is possible there. */
export const DeliveryDto = z.object({
  pincode: z.string(),
  deliverable: z.boolean(),
  methods: z.array(DeliveryMethodDto),
  /** Cash on delivery is possible there by every rule known before the cart (the order's value aside). */
  cod: z.boolean(),
  /** Why not, when `cod` is false and the PIN code is deliverable; else null. */
  codReason: z.union([...COD_REASONS.map((value) => z.literal(value)), z.null()]),
  /** With `cod`: the order-value limit left to checkout (the total with the COD fee); else null. */
  codLimit: z.number().nullable(),
});
export type DeliveryDto = z.infer<typeof DeliveryDto>;

/** PUT and GET /settings/shipping/{methodId}/pincodes. */
export const PincodeMethodParams = z.object({ methodId: Id });

/** The list's page, and `search`: the first digits of a PIN code. */
export const PincodeListQuery = ListQuery.pick({ page: true, size: true }).extend({
  search: z
    .string({ error: deliveryApi.pincodeSearch })
    .trim()
    .regex(/^[0-9]{0,6}$/, deliveryApi.pincodeSearch)
    .optional(),
});
export type PincodeListQuery = z.infer<typeof PincodeListQuery>;

export const PincodeRowDto = z.object({ pincode: z.string(), days: z.number().int(), cod: z.boolean() });
export type PincodeRowDto = z.infer<typeof PincodeRowDto>;

/** A wrong row of an uploaded list: its line in the file (1-based, a header counted) and why. */
export const PincodeFault = z.object({ line: z.number().int(), message: z.string() });
export type PincodeFault = z.infer<typeof PincodeFault>;

/** An upload's outcome: the rows saved (or read, when refused) and the faults (none when saved). */
export const PincodeUploadDto = z.object({ rows: z.number().int(), errors: z.array(PincodeFault) });
export type PincodeUploadDto = z.infer<typeof PincodeUploadDto>;
