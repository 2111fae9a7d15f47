import { z } from "zod";
import { ADDRESS_LIMITS, ADDRESS_MAX_LENGTH, COUNTRIES, COUNTRY_CODES } from "../constants";
import { gstinFault, INDIAN_STATE_NAMES, indianState, normaliseState } from "../india";
import { validation } from "../messages";
import { PINCODE_PATTERN, pincodeZoneStates } from "../pincode-states";
import { Name, text } from "./common";

/**
 * One of India's 36 states and union territories (india.ts), typed in any case and spacing and given
 * in the listed spelling; anything else is refused with SPEC's 'State is not valid.'.
 */
export const IndianStateName = z
  .string({ error: (issue) => (issue.input == null ? validation.required : validation.state) })
  .trim()
  .min(1, validation.required)
  .transform((name, ctx) => {
    const listed = normaliseState(name);
    if (listed !== null) return listed;
    ctx.addIssue({ code: "custom", message: validation.state, input: name });
    return z.NEVER;
  });

/** Whether a saved state is one of the list as listed (one typed before states were a list may not be). */
export function isListedState(state: string): boolean {
  return INDIAN_STATE_NAMES.includes(state);
}

const GSTIN_MESSAGES = {
  shape: validation.gstin,
  state: validation.gstinStateCode,
  check: validation.gstinCheck,
};

/**
 * A buyer's GSTIN (GST.md): upper-cased, its shape and check character checked here, its state code
 * against the address's state by AddressInput; blank is none (null).
 */
export const BuyerGstin = z
  .string({ error: validation.gstin })
  .trim()
  .toUpperCase()
  .transform((gstin, ctx) => {
    if (gstin === "") return null;
    const fault = gstinFault(gstin);
    if (fault === null) return gstin;
    ctx.addIssue({ code: "custom", message: GSTIN_MESSAGES[fault], input: gstin });
    return z.NEVER;
  })
  .nullish();

/**
 * An Indian phone number as people type it ("98450 12345", "+91 98450 12345", "098450 12345",
 * "98450-12345"), as its ten digits: spaces, dashes and dots dropped, then a leading +91, 91 (of twelve
 * digits) or 0 (of eleven). Anything else is left as typed, for the pattern to refuse.
 */
export function phoneDigits(typed: string): string {
  const compact = typed.replace(/[\s\-.()]/g, "");
  const national = /^(?:\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))(\d{10})$/.exec(compact);
  return national?.[1] ?? compact;
}

/** A phone number of an address: its ten digits, however typed (phoneDigits). */
export const PhoneNumber = z
  .string({ error: validation.phoneNumber })
  .transform(phoneDigits)
  .pipe(z.string().regex(new RegExp(`^\\d{${ADDRESS_LIMITS.phoneNumber}}$`), validation.phoneNumber));

/** A field of an address: its minimum named when it is too short ("Building: at least 10 characters."). */
function addressText(label: string, min: number, max: number, message: string) {
  return text({ min, max, message, short: validation.atLeast(label, min) });
}

/** A PIN code as typed ("411 001"), as its six digits; the address checks it against the state. */
const PinCode = text({
  min: ADDRESS_LIMITS.pinCode,
  max: 10,
  message: validation.pinCode,
  short: validation.atLeast("PIN code", ADDRESS_LIMITS.pinCode, "digits"),
})
  .transform((typed) => typed.replace(/\s+/g, ""))
  .refine((pinCode) => PINCODE_PATTERN.test(pinCode), validation.pinCode);

/** The longest legal name of a registered buyer (a business's name as its GST registration gives it). */
export const LEGAL_NAME_MAX = 100;

/** A delivery address as a shopper enters it (SPEC section 5, Address). */
export const AddressInput = z
  .object({
    name: Name,
    countryCode: z.enum(COUNTRY_CODES, { error: validation.countryCode }),
    phoneNumber: PhoneNumber,
    building: addressText("Building", ADDRESS_LIMITS.building, ADDRESS_MAX_LENGTH, validation.building),
    street: addressText("Street", ADDRESS_LIMITS.street, ADDRESS_MAX_LENGTH, validation.street),
    city: addressText("City", ADDRESS_LIMITS.city, 100, validation.city),
    state: IndianStateName,
    pinCode: PinCode,
    country: z.enum(COUNTRIES, { error: validation.country }),
    /** The buyer's GSTIN, when they buy for a registered business: printed on the invoice. */
    gstin: BuyerGstin,
    /**
     * The business's legal name, required with a GSTIN: a registered buyer's invoice and GSTR-1's
     * "Receiver Name" use it (decision 050); blank is none (null).
     */
    legalName: z
      .string({ error: validation.legalNameRequired })
      .trim()
      .max(LEGAL_NAME_MAX, validation.maxLength(LEGAL_NAME_MAX))
      .transform((name) => (name === "" ? null : name))
      .nullish(),
  })
  .strict()
  .superRefine(({ state, pinCode, gstin, legalName }, ctx) => {
    // The PIN code's India Post zones must lie in the state (pincode-states.ts); one they do not place passes.
    const zoneStates = pincodeZoneStates(pinCode);
    if (zoneStates.length > 0 && isListedState(state) && !zoneStates.includes(state))
      ctx.addIssue({
        code: "custom",
        path: ["pinCode"],
        message: validation.pinCodeOtherState(pinCode, zoneStates, state),
        input: pinCode,
      });
    if (gstin && !legalName)
      ctx.addIssue({ code: "custom", path: ["legalName"], message: validation.legalNameRequired });
    // A GSTIN's first two digits are the code of the state it is registered in (GST.md).
    const listed = indianState(state);
    if (gstin && listed && !gstin.startsWith(listed.code))
      ctx.addIssue({
        code: "custom",
        path: ["gstin"],
        message: validation.gstinOtherState(listed.name, listed.code),
        input: gstin,
      });
  });
export type AddressInput = z.infer<typeof AddressInput>;

export const AddressDto = z.object({
  _id: z.string(),
  name: z.object({ firstName: z.string(), lastName: z.string() }),
  countryCode: z.string(),
  phoneNumber: z.string(),
  building: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  country: z.string(),
  /** The buyer's GSTIN; null when none was given. */
  gstin: z.string().nullable(),
  /** The business's legal name, with a GSTIN; null otherwise. */
  legalName: z.string().nullable(),
  /**
   * Whether `state` is one of India's as listed: an address saved before states were a list may hold
   * one that is none, which must be edited (a state picked) before an order can go to it.
   */
  stateValid: z.boolean(),
});
export type AddressDto = z.infer<typeof AddressDto>;
