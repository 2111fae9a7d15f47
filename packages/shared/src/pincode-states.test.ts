import { describe, expect, it } from "vitest";
import { INDIAN_STATE_NAMES } from "./india";
import { pincodeOf, stateOfPincode } from "./pincode-states";

describe("a PIN code as typed", () => {
  it("takes six digits not starting with 0, spaces removed, and nothing else", () => {
    expect(pincodeOf("400001")).toBe("400001");
    expect(pincodeOf(" 400 001 ")).toBe("400001");
    expect(pincodeOf("040001")).toBeUndefined();
    expect(pincodeOf("40001")).toBeUndefined();
    expect(pincodeOf("4000011")).toBeUndefined();
    expect(pincodeOf("40000a")).toBeUndefined();
    expect(pincodeOf("")).toBeUndefined();
    expect(pincodeOf(null)).toBeUndefined();
  });
});

/** A PIN code of every state and union territory, and of the districts India Post's zones split. */
const CASES: [string, string][] = [
  ["110001", "Delhi"],
  ["122001", "Haryana"],
  ["141001", "Punjab"],
  ["160017", "Chandigarh"],
  ["160062", "Punjab"],
  ["171001", "Himachal Pradesh"],
  ["190001", "Jammu and Kashmir"],
  ["194101", "Ladakh"],
  ["226001", "Uttar Pradesh"],
  ["244001", "Uttar Pradesh"],
  ["244713", "Uttarakhand"],
  ["246001", "Uttarakhand"],
  ["246701", "Uttar Pradesh"],
  ["247001", "Uttar Pradesh"],
  ["247667", "Uttarakhand"],
  ["248001", "Uttarakhand"],
  ["262001", "Uttar Pradesh"],
  ["262501", "Uttarakhand"],
  ["263001", "Uttarakhand"],
  ["302001", "Rajasthan"],
  ["380001", "Gujarat"],
  ["396001", "Gujarat"],
  ["396210", "Dadra and Nagar Haveli and Daman and Diu"],
  ["396230", "Dadra and Nagar Haveli and Daman and Diu"],
  ["362520", "Dadra and Nagar Haveli and Daman and Diu"],
  ["400001", "Maharashtra"],
  ["403001", "Goa"],
  ["411001", "Maharashtra"],
  ["440001", "Maharashtra"],
  ["452001", "Madhya Pradesh"],
  ["492001", "Chhattisgarh"],
  ["500001", "Telangana"],
  ["520001", "Andhra Pradesh"],
  ["533464", "Puducherry"],
  ["560001", "Karnataka"],
  ["590001", "Karnataka"],
  ["600001", "Tamil Nadu"],
  ["641001", "Tamil Nadu"],
  ["609001", "Tamil Nadu"],
  ["609602", "Puducherry"],
  ["673310", "Puducherry"],
  ["673001", "Kerala"],
  ["682001", "Kerala"],
  ["682555", "Lakshadweep"],
  ["695001", "Kerala"],
  ["700001", "West Bengal"],
  ["734001", "West Bengal"],
  ["737101", "Sikkim"],
  ["744101", "Andaman and Nicobar Islands"],
  ["751001", "Odisha"],
  ["781001", "Assam"],
  ["791111", "Arunachal Pradesh"],
  ["793001", "Meghalaya"],
  ["795001", "Manipur"],
  ["796001", "Mizoram"],
  ["797001", "Nagaland"],
  ["799001", "Tripura"],
  ["800001", "Bihar"],
  ["812001", "Bihar"],
  ["814112", "Jharkhand"],
  ["823001", "Bihar"],
  ["826001", "Jharkhand"],
  ["834001", "Jharkhand"],
  ["842001", "Bihar"],
];

describe("a PIN code's state by India Post's zones", () => {
  it.each(CASES)("%s is in %s", (pincode, state) => {
    expect(stateOfPincode(pincode)).toBe(state);
  });

  it("names every state and union territory of the address form, and none other", () => {
    expect([...new Set(CASES.map(([, state]) => state))].sort()).toEqual([...INDIAN_STATE_NAMES].sort());
  });

  it("knows no state for a shared sorting district, the Army Postal Service or a region with no circle", () => {
    // Puducherry's and Viluppuram's (Tamil Nadu) PIN codes share 605.
    expect(stateOfPincode("605001")).toBeUndefined();
    expect(stateOfPincode("605602")).toBeUndefined();
    expect(stateOfPincode("900001")).toBeUndefined();
    expect(stateOfPincode("990001")).toBeUndefined();
    expect(stateOfPincode("350001")).toBeUndefined();
    expect(stateOfPincode("650001")).toBeUndefined();
  });

  it("answers only for a PIN code, and only with names the address form lists", () => {
    expect(stateOfPincode("040001")).toBeUndefined();
    expect(stateOfPincode("40001")).toBeUndefined();
    expect(stateOfPincode("4000011")).toBeUndefined();
    const named = new Set<string>();
    for (let prefix = 100; prefix <= 999; prefix++) {
      for (const tail of ["000", "555", "999"]) {
        const state = stateOfPincode(`${prefix}${tail}`);
        if (state !== undefined) named.add(state);
      }
    }
    expect([...named].filter((state) => !INDIAN_STATE_NAMES.includes(state))).toEqual([]);
  });
});
