/**
 * A PIN code's state or union territory, as the address form names it (india.ts), from India Post's
 * PIN zones: of the six digits the first is the region, the first two the postal circle (a state or
 * a group of them), the first three the sorting district (India Post, "Postal Index Number",
 * indiapost.gov.in, and its All India Pincode Directory on data.gov.in). The delivery answer uses it
 * to tell whether a method limited to some states serves a PIN code typed on the product page; an
 * order goes by the state of its address, never by this table.
 *
 * NOTE: the table says only what the zones settle. A sorting district India Post shares between two
 * states or territories is split here where the split is known by a longer prefix (Lakshadweep's
 * 68255x inside Ernakulam's 682, Karaikal's 60960x inside Nagapattinam's 609, Mahe and Yanam by their
 * own codes) and left unknown (null) where it is not (Puducherry's 605 with Viluppuram's). An unknown
 * PIN code's state is undefined: only methods serving every state, or listing the PIN code, serve it.
 */

/** A PIN code: six digits, the first of them 1 to 9 (no region is numbered 0). */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/** The PIN code in a text as typed ("400 001", " 400001"), or undefined when it is not one. */
export function pincodeOf(text: string | null | undefined): string | undefined {
  const digits = (text ?? "").replace(/\s+/g, "");
  return PINCODE_PATTERN.test(digits) ? digits : undefined;
}

/** The first two digits, or three and more where they decide, and the state they mean; null: shared. */
const ZONES: Readonly<Record<string, string | null>> = {
  // Region 1: Delhi, Haryana, Punjab, Chandigarh, Himachal Pradesh, Jammu and Kashmir, Ladakh.
  "11": "Delhi",
  "12": "Haryana",
  "13": "Haryana",
  "14": "Punjab",
  "15": "Punjab",
  "16": "Punjab",
  "160": "Chandigarh",
  // Sahibzada Ajit Singh Nagar (Mohali), Punjab, inside Chandigarh's sorting district.
  "16005": "Punjab",
  "16006": "Punjab",
  "16007": "Punjab",
  "17": "Himachal Pradesh",
  "18": "Jammu and Kashmir",
  "19": "Jammu and Kashmir",
  "194": "Ladakh",
  // Region 2: Uttar Pradesh and Uttarakhand (one postal circle each, sorting districts shared at their border).
  "20": "Uttar Pradesh",
  "21": "Uttar Pradesh",
  "22": "Uttar Pradesh",
  "23": "Uttar Pradesh",
  "24": "Uttar Pradesh",
  "24471": "Uttarakhand",
  "246": "Uttarakhand",
  "2467": "Uttar Pradesh",
  "24766": "Uttarakhand",
  "248": "Uttarakhand",
  "249": "Uttarakhand",
  "25": "Uttar Pradesh",
  "26": "Uttar Pradesh",
  "2623": "Uttarakhand",
  "2624": "Uttarakhand",
  "2625": "Uttarakhand",
  "263": "Uttarakhand",
  "27": "Uttar Pradesh",
  "28": "Uttar Pradesh",
  // Region 3: Rajasthan, Gujarat, Dadra and Nagar Haveli and Daman and Diu.
  "30": "Rajasthan",
  "31": "Rajasthan",
  "32": "Rajasthan",
  "33": "Rajasthan",
  "34": "Rajasthan",
  "36": "Gujarat",
  "37": "Gujarat",
  "38": "Gujarat",
  "39": "Gujarat",
  "362520": "Dadra and Nagar Haveli and Daman and Diu",
  "39621": "Dadra and Nagar Haveli and Daman and Diu",
  "39622": "Dadra and Nagar Haveli and Daman and Diu",
  "39623": "Dadra and Nagar Haveli and Daman and Diu",
  "39624": "Dadra and Nagar Haveli and Daman and Diu",
  // Region 4: Maharashtra, Goa, Madhya Pradesh, Chhattisgarh.
  "40": "Maharashtra",
  "403": "Goa",
  "41": "Maharashtra",
  "42": "Maharashtra",
  "43": "Maharashtra",
  "44": "Maharashtra",
  "45": "Madhya Pradesh",
  "46": "Madhya Pradesh",
  "47": "Madhya Pradesh",
  "48": "Madhya Pradesh",
  "49": "Chhattisgarh",
  // Region 5: Telangana, Andhra Pradesh, Karnataka.
  "50": "Telangana",
  "51": "Andhra Pradesh",
  "52": "Andhra Pradesh",
  "53": "Andhra Pradesh",
  "533464": "Puducherry",
  "56": "Karnataka",
  "57": "Karnataka",
  "58": "Karnataka",
  "59": "Karnataka",
  // Region 6: Tamil Nadu, Puducherry, Kerala, Lakshadweep.
  "60": "Tamil Nadu",
  "605": null,
  "6074": null,
  "60960": "Puducherry",
  "61": "Tamil Nadu",
  "62": "Tamil Nadu",
  "63": "Tamil Nadu",
  "64": "Tamil Nadu",
  "67": "Kerala",
  "673310": "Puducherry",
  "68": "Kerala",
  "68255": "Lakshadweep",
  "69": "Kerala",
  // Region 7: West Bengal, Sikkim, Andaman and Nicobar Islands, Odisha and the North East.
  "70": "West Bengal",
  "71": "West Bengal",
  "72": "West Bengal",
  "73": "West Bengal",
  "737": "Sikkim",
  "74": "West Bengal",
  "744": "Andaman and Nicobar Islands",
  "75": "Odisha",
  "76": "Odisha",
  "77": "Odisha",
  "78": "Assam",
  "790": "Arunachal Pradesh",
  "791": "Arunachal Pradesh",
  "792": "Arunachal Pradesh",
  "793": "Meghalaya",
  "794": "Meghalaya",
  "795": "Manipur",
  "796": "Mizoram",
  "797": "Nagaland",
  "798": "Nagaland",
  "799": "Tripura",
  // Region 8: Bihar and Jharkhand, one circle each, their sorting districts interleaved in 81 to 83.
  "80": "Bihar",
  "811": "Bihar",
  "812": "Bihar",
  "813": "Bihar",
  "814": "Jharkhand",
  "815": "Jharkhand",
  "816": "Jharkhand",
  "821": "Bihar",
  "822": "Jharkhand",
  "823": "Bihar",
  "824": "Bihar",
  "825": "Jharkhand",
  "826": "Jharkhand",
  "827": "Jharkhand",
  "828": "Jharkhand",
  "829": "Jharkhand",
  "83": "Jharkhand",
  "84": "Bihar",
  "85": "Bihar",
  // Region 9 is the Army Postal Service: no state (left out, so undefined).
};

const LONGEST = Math.max(...Object.keys(ZONES).map((prefix) => prefix.length));

/**
 * The state or union territory of a PIN code as the address form names it (a listed name of
 * india.ts), by the longest prefix India Post's zones settle; undefined for one they do not, or
 * for text that is not a PIN code.
 */
export function stateOfPincode(pincode: string): string | undefined {
  if (!PINCODE_PATTERN.test(pincode)) return undefined;
  for (let length = Math.min(LONGEST, pincode.length); length >= 2; length--) {
    const zone = ZONES[pincode.slice(0, length)];
    if (zone !== undefined) return zone ?? undefined;
  }
  return undefined;
}

/** The state of the longest prefix of `digits` the table lists: a state, null (shared) or undefined. */
function zoneOf(digits: string): string | null | undefined {
  for (let length = digits.length; length >= 2; length--) {
    const zone = ZONES[digits.slice(0, length)];
    if (zone !== undefined) return zone;
  }
  return undefined;
}

/** Every state the table names under a prefix (its longer prefixes included). */
function statesUnder(prefix: string): string[] {
  const states = Object.entries(ZONES)
    .filter(([key, state]) => state !== null && key.startsWith(prefix))
    .map(([, state]) => state as string);
  return states;
}

/**
 * The states whose India Post zones a PIN code can be in: those of its sorting district (the first
 * three digits, with the states of the districts' shares the table splits off), or of its postal
 * circle (the first two) where the district is shared and the table does not say between whom. An
 * address's state must be one of them; none (an empty list) for a PIN code the zones do not place
 * (Army Postal Service, an unused prefix) or text that is not a PIN code, which any state may have.
 *
 * NOTE: looser than stateOfPincode on purpose: a PIN code near a border the table may place a few
 * digits wrong is never refused for the state its shopper lives in.
 */
export function pincodeZoneStates(pincode: string): string[] {
  if (!PINCODE_PATTERN.test(pincode)) return [];
  const district = pincode.slice(0, 3);
  const base = zoneOf(district);
  // The district's own state first, then those of the shares split off it.
  const states = new Set<string>(base ? [base] : []);
  for (const state of statesUnder(district)) states.add(state);
  const shared =
    base === null || Object.entries(ZONES).some(([key, state]) => state === null && key.startsWith(district));
  if (shared) for (const state of statesUnder(pincode.slice(0, 2))) states.add(state);
  return [...states];
}
