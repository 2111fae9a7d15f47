import { describe, expect, it } from "vitest";
import { AddressInput } from "./address";

const valid = {
  name: { firstName: "Asha", lastName: "Rao" },
  countryCode: "91",
  phoneNumber: "9876543210",
  building: "Flat 4, Rose",
  street: "MG Road East",
  city: "Pune",
  state: "Maharashtra",
  pinCode: "411001",
  country: "India",
};

/** The messages AddressInput gives for `valid` with some fields replaced, as "path: message". */
function issues(changes: Record<string, unknown>): string[] {
  const result = AddressInput.safeParse({ ...valid, ...changes });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("AddressInput", () => {
  it("accepts a complete Indian address", () => {
    expect(AddressInput.parse(valid)).toEqual(valid);
  });

  describe("phone number", () => {
    it("accepts exactly 10 digits", () => {
      expect(issues({ phoneNumber: "0123456789" })).toEqual([]);
    });

    it.each([
      ["with a space", "98450 12345"],
      ["with +91 and a space", "+91 98450 12345"],
      ["with a leading 0", "098450 12345"],
      ["with +91, no space", "+919845012345"],
      ["with dashes", "98450-12345"],
      ["with 91 before the ten digits", "91 98450 12345"],
    ])("takes a phone typed %s as its ten digits", (_label, phoneNumber) => {
      expect(AddressInput.parse({ ...valid, phoneNumber }).phoneNumber).toBe("9845012345");
    });

    it.each([
      ["9 digits", "012345678"],
      ["11 digits", "91234567890"],
      ["letters", "01234abcde"],
      ["a plus sign and too few digits", "+919876543"],
      ["another country's code", "+44 98450 12345"],
      ["nothing", ""],
    ])("refuses %s with 'Phone number is not valid'", (_label, phoneNumber) => {
      expect(issues({ phoneNumber })).toEqual(["phoneNumber: Phone number is not valid"]);
    });

    it("refuses a missing or numeric phone number with 'Phone number is not valid'", () => {
      expect(issues({ phoneNumber: undefined })).toEqual(["phoneNumber: Phone number is not valid"]);
      expect(issues({ phoneNumber: 9876543210 })).toEqual(["phoneNumber: Phone number is not valid"]);
    });

    it("trims surrounding spaces before counting", () => {
      expect(AddressInput.parse({ ...valid, phoneNumber: " 9876543210 " }).phoneNumber).toBe("9876543210");
    });
  });

  describe.each([
    ["building", 10, "Building is not valid.", "Building: at least 10 characters.", "x"],
    ["street", 10, "Street is not valid.", "Street: at least 10 characters.", "x"],
    ["city", 3, "City is not valid.", "City: at least 3 characters.", "x"],
    ["pinCode", 6, "PIN code is not valid.", "PIN code: at least 6 digits.", "4"],
  ])("%s (minimum %i)", (field, min, message, short, char) => {
    it(`refuses ${min - 1} characters with '${short}', naming the minimum`, () => {
      expect(issues({ [field]: char.repeat(min - 1) })).toEqual([`${field}: ${short}`]);
    });

    it(`accepts ${min} characters`, () => {
      expect(issues({ [field]: char.repeat(min) })).toEqual([]);
    });

    it("counts the length after trimming", () => {
      expect(issues({ [field]: `  ${char.repeat(min - 1)}  ` })).toEqual([`${field}: ${short}`]);
      expect(AddressInput.parse({ ...valid, [field]: ` ${char.repeat(min)} ` })[field as "city"]).toBe(
        char.repeat(min),
      );
    });

    it("answers 'This is required.' first when blank or missing", () => {
      expect(issues({ [field]: "   " })[0]).toBe(`${field}: This is required.`);
      expect(issues({ [field]: undefined })).toEqual([`${field}: This is required.`]);
    });

    it(`refuses a non-string with '${message}'`, () => {
      expect(issues({ [field]: 1234567890 })).toEqual([`${field}: ${message}`]);
    });
  });

  describe("PIN code: six digits in the state's India Post zones", () => {
    it("takes one typed with a space as its six digits", () => {
      expect(AddressInput.parse({ ...valid, pinCode: "411 001" }).pinCode).toBe("411001");
    });

    it.each(["41100a", "011001", "4110011"])("refuses %j with 'PIN code is not valid.'", (pinCode) => {
      expect(issues({ pinCode })).toEqual(["pinCode: PIN code is not valid."]);
    });

    it("refuses a state the PIN code is not in, at pinCode, naming both", () => {
      expect(issues({ pinCode: "400050", state: "Karnataka" })).toEqual([
        "pinCode: PIN code 400050 is in Maharashtra, not in Karnataka.",
      ]);
      expect(issues({ pinCode: "560001", state: "Maharashtra" })).toEqual([
        "pinCode: PIN code 560001 is in Karnataka, not in Maharashtra.",
      ]);
    });

    it("takes either state of a sorting district two states share", () => {
      expect(issues({ pinCode: "244713", state: "Uttarakhand" })).toEqual([]);
      expect(issues({ pinCode: "244001", state: "Uttar Pradesh" })).toEqual([]);
      expect(issues({ pinCode: "605001", state: "Puducherry" })).toEqual([]);
      expect(issues({ pinCode: "605001", state: "Tamil Nadu" })).toEqual([]);
      expect(issues({ pinCode: "160017", state: "Punjab" })).toEqual([]);
      expect(issues({ pinCode: "682036", state: "Karnataka" })).toEqual([
        "pinCode: PIN code 682036 is in Kerala or Lakshadweep, not in Karnataka.",
      ]);
      expect(issues({ pinCode: "605001", state: "Kerala" })).toEqual([
        "pinCode: PIN code 605001 is in Tamil Nadu or Puducherry, not in Kerala.",
      ]);
    });

    it("takes any state with a PIN code the zones do not place (Army Postal Service)", () => {
      expect(issues({ pinCode: "900001", state: "Ladakh" })).toEqual([]);
    });
  });

  describe("state: one of India's 36 states and union territories", () => {
    it.each([
      ["maharashtra ", "Maharashtra", "411001"],
      ["  TAMIL   nadu", "Tamil Nadu", "600004"],
      ["dadra and nagar haveli and daman and diu", "Dadra and Nagar Haveli and Daman and Diu", "396210"],
      ["Andaman And Nicobar\tIslands", "Andaman and Nicobar Islands", "744101"],
    ])("takes %j in any case and spacing as %j", (state, listed, pinCode) => {
      expect(AddressInput.parse({ ...valid, state, pinCode }).state).toBe(listed);
    });

    it.each(["Maharastra", "MH", "Bombay", "Other Territory", "Maharashtra, India", 27])(
      "refuses %j with 'State is not valid.'",
      (state) => {
        expect(issues({ state })).toEqual(["state: State is not valid."]);
      },
    );

    it("answers 'This is required.' when blank or missing", () => {
      expect(issues({ state: "   " })).toEqual(["state: This is required."]);
      expect(issues({ state: undefined })).toEqual(["state: This is required."]);
    });
  });

  describe("GSTIN (optional)", () => {
    it("takes none, blank as none, and a well-formed one upper-cased", () => {
      expect(AddressInput.parse(valid).gstin).toBeUndefined();
      expect(AddressInput.parse({ ...valid, gstin: "  " }).gstin).toBeNull();
      expect(AddressInput.parse({ ...valid, gstin: null }).gstin).toBeNull();
      expect(
        AddressInput.parse({ ...valid, gstin: " 27aapfu0939f1zv ", legalName: "Asha Traders Pvt Ltd" }).gstin,
      ).toBe("27AAPFU0939F1ZV");
    });

    it("asks for the business's legal name with a GSTIN, and takes it without one too", () => {
      expect(issues({ gstin: "27AAPFU0939F1ZV" })).toEqual([
        "legalName: Enter the business's legal name, as its GST registration gives it.",
      ]);
      expect(AddressInput.parse({ ...valid, legalName: "  Asha Traders  " }).legalName).toBe("Asha Traders");
    });

    it.each([
      [
        "too short",
        "27AAPFU0939F1Z",
        "A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character.",
      ],
      [
        "no Z",
        "27AAPFU0939F1XV",
        "A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character.",
      ],
      [
        "a wrong check character",
        "27AAPFU0939F1ZW",
        "This GSTIN's last character does not match the others. Please check it for a typo.",
      ],
      [
        "no state's code",
        "97AAPFU0939F1ZV",
        "A GSTIN starts with the code of an Indian state, such as 27 for Maharashtra.",
      ],
    ])("refuses one with %s at gstin", (_label, gstin, message) => {
      expect(issues({ gstin })).toEqual([`gstin: ${message}`]);
    });

    it("refuses one registered in another state than the address's", () => {
      // 29: Karnataka, with its right check character.
      const legalName = "Asha Traders Pvt Ltd";
      expect(issues({ gstin: "29AAPFU0939F1ZR", legalName })).toEqual([
        "gstin: A GSTIN registered in Maharashtra starts with 27.",
      ]);
      expect(issues({ gstin: "29AAPFU0939F1ZR", state: "karnataka", pinCode: "560001", legalName })).toEqual(
        [],
      );
    });
  });

  it('counts " abc " as 3 characters, enough for a city', () => {
    expect(AddressInput.parse({ ...valid, city: " abc " }).city).toBe("abc");
  });

  it("refuses a building or street over 200 characters", () => {
    expect(issues({ building: "b".repeat(200) })).toEqual([]);
    expect(issues({ street: "s".repeat(201) })).toEqual(["street: This must be 200 characters or less."]);
  });

  it.each(["india", "INDIA", "USA", "", undefined])("refuses country %j: only India", (country) => {
    expect(issues({ country })).toEqual(["country: Country is not valid."]);
  });

  it.each(["+91", "1", "091", 91, undefined])('refuses country code %j: only "91"', (countryCode) => {
    expect(issues({ countryCode })).toEqual(["countryCode: Country code is not valid."]);
  });

  it("applies the name rules", () => {
    expect(issues({ name: undefined })).toEqual(["name: Name must include first name and last name."]);
    expect(issues({ name: { firstName: "", lastName: "Rao" } })[0]).toBe("name.firstName: This is required.");
  });

  it("refuses an unknown key such as role", () => {
    const result = AddressInput.safeParse({ ...valid, role: "admin" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ code: "unrecognized_keys", keys: ["role"] }),
    ]);
  });
});
