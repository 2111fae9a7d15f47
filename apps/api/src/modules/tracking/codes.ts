/**
 * Reading Shiprocket's tracking updates (docs/shiprocket.md): its status codes as the parcel's
 * tracking status, its two ways of writing a time (both India time, whatever the server's zone), and
 * why a parcel came back, from the courier's words.
 */
import type { RtoReason, TrackingStatus } from "@shop/shared/constants";

/**
 * Where each `shipment_status_id` puts a parcel; a code not here (AWB assigned, pickup scheduled,
 * manifest, out for pickup, cancelled, lost, damaged, pickup errors, ...) only keeps its scan.
 */
const STATUS_OF_CODE: Readonly<Record<number, TrackingStatus>> = {
  42: "picked_up",
  6: "picked_up",
  18: "in_transit",
  38: "in_transit",
  22: "in_transit",
  17: "out_for_delivery",
  7: "delivered",
  21: "undelivered",
  9: "rto_initiated",
  14: "rto_initiated",
  40: "rto_initiated",
  41: "rto_initiated",
  46: "rto_initiated",
  10: "rto_delivered",
};

/** The tracking status a Shiprocket status code moves a parcel to; undefined for a scan that moves nothing. */
export function trackingStatusOf(code: number): TrackingStatus | undefined {
  return STATUS_OF_CODE[code];
}

/** India's offset from UTC: Shiprocket writes its times there. */
const INDIA = "+05:30";

function indiaTime(year: string, month: string, day: string, time: string): Date | undefined {
  const at = new Date(`${year}-${month}-${day}T${time}${INDIA}`);
  if (Number.isNaN(at.getTime())) return undefined;
  // NOTE: Date rolls "31 02" over into March; a day that does not exist is not a time Shiprocket sent.
  const back = new Date(at.getTime() + 330 * 60_000).toISOString();
  return back.startsWith(`${year}-${month}-${day}T${time}`) ? at : undefined;
}

/** An update's `current_timestamp`, "DD MM YYYY HH:mm:ss" in India time; undefined when it is not one. */
export function parseUpdateTime(text: string): Date | undefined {
  const match = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  return match ? indiaTime(match[3] ?? "", match[2] ?? "", match[1] ?? "", match[4] ?? "") : undefined;
}

/** A scan's `date`, "YYYY-MM-DD HH:mm:ss" in India time; undefined when it is not one. */
export function parseScanTime(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  return match ? indiaTime(match[1] ?? "", match[2] ?? "", match[3] ?? "", match[4] ?? "") : undefined;
}

/**
 * Why a parcel came back, as the returned-to-origin flow records it, from the courier's NDR words:
 * refused at the door, nobody to hand it to, a wrong address, or something else. Only a refusal may
 * bar the shopper from cash on delivery, so only plain words of refusal count as one.
 */
export function rtoReasonOf(ndrReason: string | null): RtoReason {
  const words = (ndrReason ?? "").toLowerCase();
  if (/refus|reject|denied/.test(words)) return "refused";
  if (/not reachable|unreachable|not available|unavailable|not contactable|no response/.test(words))
    return "unreachable";
  if (/address/.test(words)) return "wrong_address";
  return "other";
}
