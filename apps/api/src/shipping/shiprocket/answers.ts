/**
 * What the shop sends Shiprocket and what it reads of the answers (docs/shiprocket.md), in
 * Shiprocket's own field names. Answers are reduced to the fields the shop uses; anything else may
 * come and go.
 */
import { z } from "zod";

// NOTE: Shiprocket's answers give some numbers as strings ("rate": "85.5", ids as "12345"): both are read.
const Num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const Id = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,18}$/)
    .transform(Number),
]);
const Text = z.union([z.string(), z.number().transform(String)]);

/** The answer of POST /auth/login: the token is a JWT valid ten days. */
export const LoginAnswer = z.object({ token: z.string().min(20) });

/** A JWT's payload, as far as the shop reads it: when it ends (seconds since the epoch). */
export const JwtPayload = z.object({ exp: z.number().positive() });

export interface ServiceabilityByParcel {
  pickup_postcode: string;
  delivery_postcode: string;
  /** Kilograms. */
  weight: number;
  cod: boolean;
  /** Centimetres. */
  length?: number;
  breadth?: number;
  height?: number;
  /** Rupees. */
  declared_value?: number;
}

export interface ServiceabilityByOrder {
  pickup_postcode: string;
  delivery_postcode: string;
  /** Shiprocket's order id, in place of the weight and COD. */
  order_id: number;
}

export type ServiceabilityQuery = ServiceabilityByParcel | ServiceabilityByOrder;

export const Courier = z.object({
  courier_company_id: Id,
  courier_name: z.string(),
  /** Rupees. */
  rate: Num,
  cod_charges: Num.nullish(),
  /** "Jul 01, 2024". */
  etd: z.string().nullish(),
  estimated_delivery_days: Text.nullish(),
  cod: Num,
  rating: Num.nullish(),
});
export type Courier = z.infer<typeof Courier>;

// NOTE: a 200 may carry a failure in its body's `status` ({status: 404, message: "Order does not exist!"}).
export const ServiceabilityAnswer = z.object({
  status: Num.optional(),
  message: z.string().optional(),
  data: z
    .object({
      available_courier_companies: z.array(Courier),
      recommended_courier_company_id: Id.nullish(),
    })
    .optional(),
});
export interface Serviceability {
  couriers: Courier[];
  recommendedCourierId: number | null;
}

export interface AdhocOrderItem {
  name: string;
  sku: string;
  units: number;
  /** Rupees, per unit. */
  selling_price: number;
  discount?: number;
  tax?: number;
  hsn?: string;
}

/** POST /orders/create/adhoc: the required fields, and the optional ones the shop sends. */
export interface AdhocOrder {
  /** Ours, at most 50 characters: what the order is found by again. */
  order_id: string;
  /** yyyy-mm-dd. */
  order_date: string;
  /** A pickup location's nickname, as the account has it. */
  pickup_location: string;
  billing_customer_name: string;
  billing_last_name?: string;
  billing_address: string;
  billing_address_2?: string;
  billing_city: string;
  billing_pincode: string;
  billing_state: string;
  billing_country: string;
  billing_email: string;
  billing_phone: string;
  shipping_is_billing: boolean;
  shipping_customer_name?: string;
  shipping_last_name?: string;
  shipping_address?: string;
  shipping_address_2?: string;
  shipping_city?: string;
  shipping_pincode?: string;
  shipping_state?: string;
  shipping_country?: string;
  shipping_email?: string;
  shipping_phone?: string;
  order_items: AdhocOrderItem[];
  payment_method: "COD" | "Prepaid";
  /** Rupees. */
  sub_total: number;
  shipping_charges?: number;
  total_discount?: number;
  /** Centimetres, each above 0.5. */
  length: number;
  breadth: number;
  height: number;
  /** Kilograms, above 0. */
  weight: number;
  ewaybill_no?: string;
  customer_gstin?: string;
}

export const CreatedOrder = z.object({ order_id: Id, shipment_id: Id, status: z.string().optional() });
export type CreatedOrder = z.infer<typeof CreatedOrder>;

export const FoundOrder = z.object({
  id: Id,
  channel_order_id: Text,
  status: z.string().nullish(),
  shipments: z
    .array(z.object({ id: Id, awb: Text.nullish() }))
    .nullish()
    .transform((list) => list ?? []),
});
export type FoundOrder = z.infer<typeof FoundOrder>;
export const FoundOrders = z.object({ data: z.array(FoundOrder) });

export const AwbAnswer = z.object({
  awb_assign_status: Num,
  message: z.string().optional(),
  response: z
    .object({
      data: z
        .object({
          awb_code: Text.nullish(),
          courier_name: z.string().nullish(),
          courier_company_id: Id.nullish(),
          pickup_scheduled_date: z.string().nullish(),
          awb_assign_error: z.string().nullish(),
        })
        .optional(),
    })
    .optional(),
});
export interface AssignedAwb {
  awb_code: string;
  courier_name: string;
  courier_company_id: number;
  pickup_scheduled_date: string | null;
}

export const LabelAnswer = z.object({
  label_created: Num,
  label_url: z.string().nullish(),
  not_created: z.array(z.unknown()).nullish(),
  message: z.string().optional(),
});
export interface Label {
  label_url: string;
  /** The shipment ids that got no label. */
  not_created: unknown[];
}

export const PickupAnswer = z.object({
  pickup_status: Num,
  message: z.string().optional(),
  response: z
    .object({
      /** "YYYY-MM-DD HH:mm:ss"; a Sunday or holiday moves it to the next day. */
      pickup_scheduled_date: z.string().nullish(),
      pickup_token_number: Text.nullish(),
    })
    .optional(),
});
export interface Pickup {
  pickup_scheduled_date: string | null;
  pickup_token_number: string | null;
}

export const ManifestAnswer = z.object({
  status: Num.optional(),
  manifest_url: z.string().min(1),
});

export const PickupLocationsAnswer = z.object({
  data: z.object({
    shipping_address: z.array(z.object({ pickup_location: z.string(), pin_code: Text })),
  }),
});
export interface PickupLocation {
  pickup_location: string;
  pin_code: string;
}

export type NdrAction = "re-attempt" | "return";

export const TrackingActivity = z.object({
  date: z.string().nullish(),
  status: z.string().nullish(),
  activity: z.string().nullish(),
  location: z.string().nullish(),
  "sr-status": Text.nullish(),
  "sr-status-label": z.string().nullish(),
});
export const TrackingAnswer = z.object({
  tracking_data: z.object({
    /** 0 with `error` before any scan. */
    track_status: Num,
    shipment_status: Num.nullish(),
    shipment_track_activities: z
      .array(TrackingActivity)
      .nullish()
      .transform((list) => list ?? []),
    track_url: z.string().nullish(),
    etd: z.string().nullish(),
    error: z.string().nullish(),
  }),
});
export type Tracking = z.infer<typeof TrackingAnswer>["tracking_data"];

/** Shiprocket's error bodies: 422 `{message, errors}`, 400 `{message}`, 401 `{message: "Unauthenticated."}`. */
export const ErrorAnswer = z.object({
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string()).or(z.string())).optional(),
  already_manifested_shipment_ids: z.array(Id).optional(),
});
