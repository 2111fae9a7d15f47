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

/** Whether the shop delivers to a PIN code, with which methods (cheapest first), and whether COD is possible there. */
export const DeliveryDto = z.object({
  pincode: z.string(),
  deliverable: z.boolean(),
  methods: z.array(DeliveryMethodDto),
  /** Some method can take cash on delivery there, and the shop takes it. */
  cod: z.boolean(),
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
