/**
 * What follows a Shiprocket booking (staff, and a parcel's shopper for its scans): the couriers'
 * scans of a parcel, the parcels they could not deliver (NDR) and what staff ask for them, and the
 * report of a COD remittance CSV matched to the shop's cash on delivery parcels.
 */
import { z } from "zod";
import { NDR_ACTIONS } from "../constants";
import { validation } from "../messages";

/** GET /orders/{orderId}/shipments/{shipmentId}/scans: the courier's scans, oldest first. */
export const ShipmentScanDto = z.object({
  at: z.string(),
  /** Shiprocket's status code of the scan ("sr-status"); null when it gave none. */
  statusId: z.number().int().nullable(),
  status: z.string(),
  activity: z.string(),
  location: z.string().nullable(),
});
export type ShipmentScanDto = z.infer<typeof ShipmentScanDto>;
export const ShipmentScansDto = z.object({ items: z.array(ShipmentScanDto) });
export type ShipmentScansDto = z.infer<typeof ShipmentScansDto>;

/** One parcel the courier could not deliver (GET /shipments/ndr), `_id` the shipment's. */
export const NdrParcelDto = z.object({
  _id: z.string(),
  order: z.string(),
  number: z.number().int(),
  customer: z.string(),
  awb: z.string(),
  courier: z.string(),
  reason: z.string(),
  ndrAt: z.string(),
  attempts: z.number().int(),
});
export type NdrParcelDto = z.infer<typeof NdrParcelDto>;
export const NdrListDto = z.object({ items: z.array(NdrParcelDto) });
export type NdrListDto = z.infer<typeof NdrListDto>;

/** POST /shipments/{id}/ndr: try delivering again, or bring the parcel back (RTO, no undo). */
export const NdrActionInput = z
  .object({ action: z.enum(NDR_ACTIONS, { error: validation.notAnOption }) })
  .strict();
export type NdrActionInput = z.infer<typeof NdrActionInput>;

/** PUT /cod-remittances (text/csv): how the remittance matched the shop's COD parcels. */
export const CodRemittanceReportDto = z.object({
  /** How many rows matched a COD parcel. */
  matched: z.number().int(),
  /** Rupees the rows remitted. */
  remitted: z.number(),
  /** Each AWB whose remitted amount differs from its parcel's: `order` its number, `expected` null for no COD parcel. */
  differences: z.array(
    z.object({
      awb: z.string(),
      order: z.number().int().nullable(),
      expected: z.number().nullable(),
      remitted: z.number(),
    }),
  ),
});
export type CodRemittanceReportDto = z.infer<typeof CodRemittanceReportDto>;
