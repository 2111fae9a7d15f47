/**
 * India's states and union territories as the GST portal names them, with their GST state codes, and
 * the GSTIN's check (docs/gst.md, "Place of supply and the split"; CGST Rules, rule 10).
 */

export interface IndianState {
  /** The GST state code ("27"): a GSTIN's first two digits, and how GSTR-1 writes a place of supply. */
  code: string;
  name: string;
  /** A union territory without a legislature levies UTGST in place of SGST (UTGST Act, section 7). */
  utgst: boolean;
}

/** The 28 states and 8 union territories (97 "Other Territory" is not a delivery address), by code. */
export const INDIAN_STATES: readonly IndianState[] = [
  { code: "01", name: "Jammu and Kashmir", utgst: false },
  { code: "02", name: "Himachal Pradesh", utgst: false },
  { code: "03", name: "Punjab", utgst: false },
  { code: "04", name: "Chandigarh", utgst: true },
  { code: "05", name: "Uttarakhand", utgst: false },
  { code: "06", name: "Haryana", utgst: false },
  { code: "07", name: "Delhi", utgst: false },
  { code: "08", name: "Rajasthan", utgst: false },
  { code: "09", name: "Uttar Pradesh", utgst: false },
  { code: "10", name: "Bihar", utgst: false },
  { code: "11", name: "Sikkim", utgst: false },
  { code: "12", name: "Arunachal Pradesh", utgst: false },
  { code: "13", name: "Nagaland", utgst: false },
  { code: "14", name: "Manipur", utgst: false },
  { code: "15", name: "Mizoram", utgst: false },
  { code: "16", name: "Tripura", utgst: false },
  { code: "17", name: "Meghalaya", utgst: false },
  { code: "18", name: "Assam", utgst: false },
  { code: "19", name: "West Bengal", utgst: false },
  { code: "20", name: "Jharkhand", utgst: false },
  { code: "21", name: "Odisha", utgst: false },
  { code: "22", name: "Chhattisgarh", utgst: false },
  { code: "23", name: "Madhya Pradesh", utgst: false },
  { code: "24", name: "Gujarat", utgst: false },
  { code: "26", name: "Dadra and Nagar Haveli and Daman and Diu", utgst: true },
  { code: "27", name: "Maharashtra", utgst: false },
  { code: "29", name: "Karnataka", utgst: false },
  { code: "30", name: "Goa", utgst: false },
  { code: "31", name: "Lakshadweep", utgst: true },
  { code: "32", name: "Kerala", utgst: false },
  { code: "33", name: "Tamil Nadu", utgst: false },
  { code: "34", name: "Puducherry", utgst: false },
  { code: "35", name: "Andaman and Nicobar Islands", utgst: true },
  { code: "36", name: "Telangana", utgst: false },
  { code: "37", name: "Andhra Pradesh", utgst: false },
  { code: "38", name: "Ladakh", utgst: true },
];

/** The names, in the order a select lists them (alphabetical). */
export const INDIAN_STATE_NAMES: readonly string[] = INDIAN_STATES.map((state) => state.name).sort((a, b) =>
  a.localeCompare(b, "en"),
);

/** A name compared as typed in any case and spacing ("  tamil   NADU " is Tamil Nadu). */
const key = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

const BY_KEY = new Map(INDIAN_STATES.map((state) => [key(state.name), state]));
const BY_CODE = new Map(INDIAN_STATES.map((state) => [state.code, state]));

/** The listed state a name means, in any case and spacing; undefined for anything else. */
export function indianState(name: string | null | undefined): IndianState | undefined {
  return name ? BY_KEY.get(key(name)) : undefined;
}

/** The listed spelling of a state typed in any case and spacing, or null when it is none of India's. */
export function normaliseState(name: string): string | null {
  return indianState(name)?.name ?? null;
}

/** The state of a GST state code ("27" → Maharashtra). */
export function stateOfCode(code: string): IndianState | undefined {
  return BY_CODE.get(code);
}

/** "27-Maharashtra": a place of supply as invoices and GSTR-1 write it; the name as given when it is none of India's. */
export function placeOfSupplyLabel(name: string): string {
  const state = indianState(name);
  return state ? `${state.code}-${state.name}` : name;
}

/** Whether two state names are the same state (listed ones by their listing, others as typed, without case or spacing). */
export function sameState(a: string, b: string): boolean {
  return key(a) !== "" && key(a) === key(b);
}

const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** State code (2 digits), PAN (5 letters, 4 digits, 1 letter), entity number, "Z", check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * A GSTIN's check character for its first 14 (GST.md): each character's value times 1 and 2
 * alternately, each product's quotient and remainder by 36 summed; (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_ALPHABET.indexOf(first14[i] ?? "") * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? "0";
}

/** Why a GSTIN is refused, or null when it is well formed: its shape, its state code, its check character. */
export function gstinFault(gstin: string): "shape" | "state" | "check" | null {
  if (!GSTIN_SHAPE.test(gstin)) return "shape";
  if (!BY_CODE.has(gstin.slice(0, 2))) return "state";
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14] ? null : "check";
}
