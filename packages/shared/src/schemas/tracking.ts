/**
 * A Shiprocket parcel's tracking (docs/shiprocket.md, "Tracking webhook"): the update Shiprocket
 * POSTs on each scan, staff's list of non-delivery reports (NDR) and their answer, and the parcel's
 * scans as its timeline reads them.
 */
import { z } from "zod";
import { NDR_ACTIONS } from "../constants";
import { oneOf } from "./common";

/** A status code as Shiprocket writes it: a number, or a number in a string (the scans' `sr-status`). */
const StatusCode = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,4}$/)]);

/** One scan of an update: its time ("YYYY-MM-DD HH:mm:ss", India time), words, place and status code. */
export const TrackingScan = z
  .object({
    date: z.string().max(40),
    status: z.string().max(200).nullish(),
    activity: z.string().max(2000).nullish(),
    location: z.string().max(500).nullish(),
    // NOTE: a scan the courier's code maps to no status of Shiprocket's says "NA" here. A union with
    // null, not .nullish(): the API document's nullable beside anyOf would be refused.
    "sr-status": z.union([z.number().int(), z.string().max(20), z.null()]).optional(),
    "sr-status-label": z.string().max(200).nullish(),
  })
  .loose();
export type TrackingScan = z.infer<typeof TrackingScan>;

/**
 * POST /tracking/updates: what the shop reads of Shiprocket's update (its other fields are kept out
 * of the way, not refused). `current_timestamp` is "DD MM YYYY HH:mm:ss" in India time.
 */
export const TrackingUpdate = z
  .object({
    awb: z.union([z.string().min(1).max(60), z.number().int().nonnegative()]),
    courier_name: z.string().max(200).nullish(),
    current_status: z.string().max(200).nullish(),
    shipment_status: z.string().max(200).nullish(),
    shipment_status_id: StatusCode,
    current_timestamp: z.string().max(40),
    order_id: z.string().max(100).nullish(),
    scans: z.array(TrackingScan).max(500).nullish(),
  })
  .loose();
export type TrackingUpdate = z.infer<typeof TrackingUpdate>;

/** One parcel of staff's NDR list: undelivered, no action asked since. */
export const NdrParcelDto = z.object({
  shipmentId: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  awb: z.string(),
  courier: z.string(),
  /** The courier's reason, in its words. */
  reason: z.string().nullable(),
  ndrAt: z.string(),
  attempts: z.number().int(),
});
export type NdrParcelDto = z.infer<typeof NdrParcelDto>;

/** GET /shipments/ndr: oldest report first. */
export const NdrListDto = z.object({ items: z.array(NdrParcelDto) });
export type NdrListDto = z.infer<typeof NdrListDto>;

/** POST /shipments/{id}/ndr: deliver again, or bring it back to the shop (RTO; no undo). */
export const NdrActionInput = z.object({ action: oneOf(NDR_ACTIONS) }).strict();
export type NdrActionInput = z.infer<typeof NdrActionInput>;

/** What answering an NDR leaves on the parcel. */
export const NdrActionDto = z.object({
  shipmentId: z.string(),
  action: z.enum(NDR_ACTIONS),
  actionAt: z.string(),
});
export type NdrActionDto = z.infer<typeof NdrActionDto>;

/** One scan of a parcel as its timeline shows it. */
export const ScanDto = z.object({
  at: z.string(),
  /** Shiprocket's shipment status code (docs/shiprocket.md), and its words. */
  statusId: z.number().int(),
  status: z.string(),
  activity: z.string().nullable(),
  location: z.string().nullable(),
});
export type ScanDto = z.infer<typeof ScanDto>;

/** GET /orders/{orderId}/shipments/{shipmentId}/scans: oldest first. */
export const ScansDto = z.object({ items: z.array(ScanDto) });
export type ScansDto = z.infer<typeof ScansDto>;
