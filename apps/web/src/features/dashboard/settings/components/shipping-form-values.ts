import { type CourierRule, DEFAULT_SHIPROCKET, type ShiprocketSettings } from "@shop/shared/schemas/parcel";
import {
  DEFAULT_DISPATCH,
  type DispatchSettings,
  type ShippingMethod,
  type ShippingServes,
  ShippingSettings,
} from "@shop/shared/schemas/settings";
import type { Path } from "react-hook-form";
import { z } from "zod";

/**
 * A shipping method as its row is filled in: an empty price is "no value", an empty estimate is
 * "not said", empty delivery days are none; it serves states (every state, or the ones ticked in
 * the list of India's) or the PIN codes of its uploaded list.
 */
export interface ShippingMethodState {
  _id: string;
  name: string;
  price: number | undefined;
  freeAbove: number | null;
  estimatedDays: string;
  allStates: boolean;
  states: string[];
  enabled: boolean;
  serves: ShippingServes;
  days: number | null;
}

/** When parcels leave: the weekdays as the checkboxes give them ("0" is Sunday). */
export interface DispatchState {
  cutoffHour: number;
  nonDispatchDays: string[];
  holidays: string[];
}

/** Shiprocket's settings as filled in: an emptied number is "no value" (the schema says 'This is required.'). */
export interface ShiprocketState {
  pickupLocation: string;
  courierRule: CourierRule;
  answersDelivery: boolean;
  defaultWeightKg: number | undefined;
  defaultDimensionsCm: {
    length: number | undefined;
    breadth: number | undefined;
    height: number | undefined;
  };
}

export interface ShippingFormState {
  methods: ShippingMethodState[];
  dispatch: DispatchState;
  shiprocket: ShiprocketState;
}

/** A new id of the ObjectId shape the API takes (24 lower-case hexadecimal characters). */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A method added in the form: enabled, for every state, its price still to be filled in. */
export function newMethod(): ShippingMethodState {
  return {
    _id: newId(),
    name: "",
    price: undefined,
    freeAbove: null,
    estimatedDays: "",
    allStates: true,
    states: [],
    enabled: true,
    serves: "states",
    days: null,
  };
}

export function shippingFormDefaults(
  methods: readonly ShippingMethod[],
  dispatch: DispatchSettings = DEFAULT_DISPATCH,
  shiprocket: ShiprocketSettings = DEFAULT_SHIPROCKET,
): ShippingFormState {
  return {
    shiprocket: { ...shiprocket, defaultDimensionsCm: { ...shiprocket.defaultDimensionsCm } },
    dispatch: {
      cutoffHour: dispatch.cutoffHour,
      nonDispatchDays: dispatch.nonDispatchDays.map(String),
      holidays: [...dispatch.holidays],
    },
    methods: methods.map((method) => ({
      _id: method._id,
      name: method.name,
      price: method.price,
      freeAbove: method.freeAbove,
      estimatedDays: method.estimatedDays ?? "",
      allStates: method.states === null,
      states: method.states ?? [],
      enabled: method.enabled,
      serves: method.serves,
      days: method.days,
    })),
  };
}

/**
 * The body the API takes: every state as null, an estimate left blank as null; a method serving a
 * PIN code list names no states and no days (its list has them).
 */
function toShippingBody(state: ShippingFormState) {
  return {
    shiprocket: state.shiprocket,
    dispatch: {
      cutoffHour: Number(state.dispatch.cutoffHour),
      // NOTE: as the states: a group of checkboxes gives the values ticked (react-hook-form).
      nonDispatchDays: (Array.isArray(state.dispatch.nonDispatchDays) ? state.dispatch.nonDispatchDays : [])
        .map(Number)
        .sort((a, b) => a - b),
      holidays: state.dispatch.holidays,
    },
    methods: state.methods.map((method) => ({
      _id: method._id,
      name: method.name,
      price: method.price,
      freeAbove: method.freeAbove,
      estimatedDays: method.estimatedDays.trim() === "" ? null : method.estimatedDays,
      // NOTE: a lone checkbox of a name gives a boolean (react-hook-form), a group the values ticked.
      states:
        method.serves === "pincodes" || method.allStates
          ? null
          : Array.isArray(method.states)
            ? method.states
            : [],
      enabled: method.enabled,
      serves: method.serves,
      days: method.serves === "pincodes" ? null : method.days,
    })),
  };
}

/**
 * The form's resolver schema: the state made into the API's body, then checked by the shared
 * ShippingSettings, whose messages land at the same paths ("methods.0.states" under the row's
 * states field, "methods" under the list).
 */
export const shippingFormSchema: z.ZodType<ShippingSettings, ShippingFormState> = z
  .custom<ShippingFormState>()
  .transform((state): unknown => toShippingBody(state))
  .pipe(ShippingSettings);

const METHOD_FIELD =
  /^methods\.\d+\.(_id|name|price|freeAbove|estimatedDays|states|enabled|serves|days)(\.\d+)?$/;
const DISPATCH_FIELD = /^dispatch\.(cutoffHour|nonDispatchDays|holidays)(\.\d+)?$/;
const SHIPROCKET_FIELD =
  /^shiprocket\.(pickupLocation|courierRule|answersDelivery|defaultWeightKg|defaultDimensionsCm\.(length|breadth|height))$/;

/** A field a refusal from the server may name (lib/form-errors.ts): the list, a row's field, a dispatch rule. */
export function isShippingField(path: string): path is Path<ShippingFormState> {
  return (
    path === "methods" || METHOD_FIELD.test(path) || DISPATCH_FIELD.test(path) || SHIPROCKET_FIELD.test(path)
  );
}
