/**
 * Delivery answered by Shiprocket's couriers (settings: `shipping.shiprocket.answersDelivery`): its
 * serviceability from the shop's pickup location to the PIN code, for a parcel of the product's
 * weight, in place of the PIN code lists. The product page waits on it, so it must be quick: an answer
 * is kept a day per PIN code and weight band in this process, and when Shiprocket does not answer in
 * ANSWER_WITHIN_MS the PIN code lists answer instead (deliveryFor), as they do when it is off.
 */

import type { DeliveryDto } from "@shop/shared/schemas/delivery";
import type { CourierRule } from "@shop/shared/schemas/parcel";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "#api/db/client";
import type { Courier } from "#api/shipping/shiprocket/answers";
import { type ShiprocketClient, ShiprocketError } from "#api/shipping/shiprocket/client";
import {
  type CourierReach,
  type DeliverySettings,
  deliveryByCourier,
  deliveryFor,
  deliveryProduct,
} from "./service";

/** How long a shopper's page waits on Shiprocket before the PIN code lists answer. */
export const ANSWER_WITHIN_MS = 800;
/** Couriers' answers kept per PIN code and weight band: a day, at most this many. */
const ANSWER_KEPT_MS = 24 * 60 * 60 * 1000;
const ANSWERS_KEPT = 10_000;
/** The weight bands answers are asked and kept for: a parcel's weight rounded up to half kilograms. */
const WEIGHT_BAND_KG = 0.5;
/** The pickup location's PIN code is read again after an hour (the owner may move it in Shiprocket's panel). */
const PICKUP_KEPT_MS = 60 * 60 * 1000;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Shiprocket's `etd` ("Jul 01, 2024", or "2024-07-01 18:00:00") as YYYY-MM-DD; null when unreadable. */
export function etdDay(etd: string | null | undefined): string | null {
  if (!etd) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(etd.trim());
  if (iso?.[1]) return iso[1];
  const named = /^([A-Za-z]{3})[a-z]* (\d{1,2}),? (\d{4})$/.exec(etd.trim());
  const month = named ? MONTHS.indexOf((named[1] ?? "").toLowerCase()) : -1;
  if (!named || month < 0) return null;
  return `${named[3]}-${String(month + 1).padStart(2, "0")}-${(named[2] ?? "").padStart(2, "0")}`;
}

/** A courier's days as a whole number; null when it gives none. */
function daysOf(courier: Courier): number | null {
  const days = Number(courier.estimated_delivery_days);
  return Number.isInteger(days) && days > 0 ? days : null;
}

const byDays = (a: Courier, b: Courier) =>
  (daysOf(a) ?? Number.POSITIVE_INFINITY) - (daysOf(b) ?? Number.POSITIVE_INFINITY) || a.rate - b.rate;

/** The courier the shop's rule picks (as a booking would): the cheapest, the fastest, or Shiprocket's pick. */
export function chosenCourier(
  couriers: readonly Courier[],
  rule: CourierRule,
  recommended: number | null,
): Courier | undefined {
  if (rule === "recommended") {
    const picked = couriers.find((courier) => courier.courier_company_id === recommended);
    if (picked) return picked;
  }
  const sorted = [...couriers].sort(rule === "cheapest" ? (a, b) => a.rate - b.rate || byDays(a, b) : byDays);
  return sorted[0];
}

/** What Shiprocket answered of a PIN code and band: its couriers (none: no courier serves it). */
interface Kept {
  couriers: Courier[];
  recommended: number | null;
  until: number;
}

/** Shiprocket's serviceability for the delivery answer, with its day-long memory and its deadline. */
export class CourierReachSource {
  private readonly quick: ShiprocketClient;
  private readonly answers = new Map<string, Kept>();
  private pickup: { name: string; pincode: string | undefined; until: number } | undefined;

  constructor(
    client: ShiprocketClient,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    // Each call sent once and given up at the deadline: the lists answer rather than a slow page.
    this.quick = client.withTimeout(ANSWER_WITHIN_MS);
  }

  /**
   * The couriers' word for a parcel of `weightKg` from the pickup location named to a PIN code, COD
   * asked for; undefined when Shiprocket did not answer within ANSWER_WITHIN_MS, failed, or the
   * account has no such pickup location (the caller answers from the lists).
   */
  async reach(
    pickupLocation: string,
    pincode: string,
    weightKg: number,
    rule: CourierRule,
  ): Promise<CourierReach | undefined> {
    const band = Math.max(1, Math.ceil(weightKg / WEIGHT_BAND_KG - 1e-9));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ANSWER_WITHIN_MS);
    });
    const asked = this.couriers(pickupLocation, pincode, band).catch((error: unknown) => {
      this.log.warn(
        { err: error, pincode },
        "Shiprocket's serviceability failed; the PIN code lists answer delivery",
      );
      return undefined;
    });
    const kept = await Promise.race([asked, deadline]).finally(() => clearTimeout(timer));
    if (!kept) return undefined;
    const courier = chosenCourier(kept.couriers, rule, kept.recommended);
    if (!courier) return { serves: false, days: null, etd: null, cod: false };
    return {
      serves: true,
      days: daysOf(courier),
      etd: etdDay(courier.etd),
      cod: kept.couriers.some((candidate) => Number(candidate.cod) === 1),
    };
  }

  /** The couriers of a PIN code and band, kept a day; undefined without the pickup location. */
  private async couriers(pickupLocation: string, pincode: string, band: number): Promise<Kept | undefined> {
    const from = await this.pickupPincode(pickupLocation);
    if (from === undefined) return undefined;
    const key = `${from}:${pincode}:${band}`;
    const now = this.now();
    const kept = this.answers.get(key);
    if (kept && kept.until > now) return kept;
    let answer: Kept;
    try {
      const found = await this.quick.serviceability({
        pickup_postcode: from,
        delivery_postcode: pincode,
        weight: band * WEIGHT_BAND_KG,
        cod: true,
      });
      answer = {
        couriers: found.couriers,
        recommended: found.recommendedCourierId,
        until: now + ANSWER_KEPT_MS,
      };
    } catch (error) {
      // NOTE: a 200 whose body says no (status 404) is how Shiprocket tells of a PIN code no courier
      // serves (undocumented: SHIPROCKET.md); any other failure says nothing of the PIN code.
      if (
        !(error instanceof ShiprocketError && error.kind === "refused" && error.details.answerStatus === 200)
      )
        throw error;
      answer = { couriers: [], recommended: null, until: now + ANSWER_KEPT_MS };
    }
    this.keep(key, answer);
    return answer;
  }

  /** Keeps an answer, forgetting the oldest kept when full (a Map iterates in the order keys came). */
  private keep(key: string, answer: Kept): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    while (this.answers.size > ANSWERS_KEPT) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
  }

  /** The PIN code of the account's pickup location of this nickname, read at most hourly. */
  private async pickupPincode(name: string): Promise<string | undefined> {
    const now = this.now();
    if (this.pickup && this.pickup.name === name && this.pickup.until > now) return this.pickup.pincode;
    const locations = await this.quick.pickupLocations();
    const pincode = locations.find((location) => location.pickup_location === name)?.pin_code;
    if (pincode === undefined)
      this.log.warn(
        { pickupLocation: name },
        "Shiprocket has no pickup location of this name; the PIN code lists answer delivery",
      );
    this.pickup = { name, pincode, until: now + PICKUP_KEPT_MS };
    return pincode;
  }
}

/**
 * The delivery answer of a PIN code: Shiprocket's couriers' when the settings say so, the account is
 * configured (`source`) and a pickup location is named, for a parcel of the product's weight (else the
 * shop's default); otherwise, or when Shiprocket does not answer in time, the PIN code lists'.
 */
export async function answerDelivery(
  db: Database,
  source: CourierReachSource | undefined,
  settings: DeliverySettings,
  pincode: string,
  options: { product?: string | undefined; codBarred?: boolean } = {},
): Promise<DeliveryDto> {
  const shiprocket = settings.shipping.shiprocket;
  if (source && shiprocket.answersDelivery && shiprocket.pickupLocation !== "") {
    const weightKg =
      (options.product === undefined ? null : (await deliveryProduct(db, options.product)).weightKg) ??
      shiprocket.defaultWeightKg;
    const reach = await source.reach(shiprocket.pickupLocation, pincode, weightKg, shiprocket.courierRule);
    if (reach) return deliveryByCourier(settings, pincode, reach, { codBarred: options.codBarred ?? false });
    // The product was checked already: the lists' answer need not read it again.
    return deliveryFor(db, settings, pincode, { codBarred: options.codBarred ?? false });
  }
  return deliveryFor(db, settings, pincode, options);
}
