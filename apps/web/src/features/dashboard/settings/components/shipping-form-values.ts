import { type ShippingMethod, ShippingSettings } from "@shop/shared/schemas/settings";
import type { Path } from "react-hook-form";
import { z } from "zod";

/**
 * A shipping method as its row is filled in: an empty price is "no value", an empty estimate is
 * "not said", and the states it serves are either every state or the ones ticked in the list of India's.
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
}

export interface ShippingFormState {
  methods: ShippingMethodState[];
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
  };
}

export function shippingFormDefaults(methods: readonly ShippingMethod[]): ShippingFormState {
  return {
    methods: methods.map((method) => ({
      _id: method._id,
      name: method.name,
      price: method.price,
      freeAbove: method.freeAbove,
      estimatedDays: method.estimatedDays ?? "",
      allStates: method.states === null,
      states: method.states ?? [],
      enabled: method.enabled,
    })),
  };
}

/** The body the API takes: every state as null, an estimate left blank as null. */
function toShippingBody(state: ShippingFormState) {
  return {
    methods: state.methods.map((method) => ({
      _id: method._id,
      name: method.name,
      price: method.price,
      freeAbove: method.freeAbove,
      estimatedDays: method.estimatedDays.trim() === "" ? null : method.estimatedDays,
      // NOTE: a lone checkbox of a name gives a boolean (react-hook-form), a group the values ticked.
      states: method.allStates ? null : Array.isArray(method.states) ? method.states : [],
      enabled: method.enabled,
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

const METHOD_FIELD = /^methods\.\d+\.(_id|name|price|freeAbove|estimatedDays|states|enabled)(\.\d+)?$/;

/** A field a refusal from the server may name (lib/form-errors.ts): the list, or a row's field. */
export function isShippingField(path: string): path is Path<ShippingFormState> {
  return path === "methods" || METHOD_FIELD.test(path);
}
