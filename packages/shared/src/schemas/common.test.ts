import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PASSWORD_PATTERN } from "../constants";
import { Email, Id, ListQuery, Name, NameForm, Password } from "./common";

/** The issues a schema raises for an input, as "path: message", in order. */
function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const WEAK = ": Please choose a stronger password.";

describe("password rule (Password and PASSWORD_PATTERN)", () => {
  const accepts = (password: string) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(true);
    expect(Password.parse(password)).toBe(password);
  };
  const refusesAsWeak = (password: string) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(false);
    expect(issues(Password, password)).toEqual([WEAK]);
  };

  it('accepts 6 characters with a letter, a digit and a special ("abc12@")', () => {
    accepts("abc12@");
  });

  it('refuses 5 characters even with all three kinds ("abc1@")', () => {
    refusesAsWeak("abc1@");
  });

  it("refuses a password without a letter", () => {
    refusesAsWeak("12345@");
  });

  it("refuses a password without a digit", () => {
    refusesAsWeak("abcde@");
  });

  it("refuses a password without a special character", () => {
    refusesAsWeak("abc123");
  });

  it("accepts upper-case letters as the letter", () => {
    accepts("ABC12@");
  });

  it.each([
    ["a space", "abc 12@"],
    ["a caret", "abc12@^"],
    ["a dash", "abc12@-"],
    ["an accented letter", "abc12@é"],
    ["an emoji", "abc12@😀"],
    ["a non-ASCII digit", "abc12@١"],
  ])("refuses a character outside the allowed set: %s", (_label, password) => {
    refusesAsWeak(password);
  });

  it.each(["@", "$", "!", "%", "*", "#", "?", "&"])("accepts %s as the special character", (special) => {
    accepts(`abc12${special}`);
  });

  it.each([123456, undefined, null, {}])("answers 'Password is not acceptable.' for %j", (input) => {
    expect(issues(Password, input)).toEqual([": Password is not acceptable."]);
  });

  it("accepts 128 characters and refuses 129", () => {
    const long = `a1@${"x".repeat(125)}`;
    accepts(long);
    expect(issues(Password, `${long}x`)).toContain(": This must be 128 characters or less.");
  });
});

describe("Email", () => {
  it("lower-cases and trims the address", () => {
    expect(Email.parse("  Shopper@Example.COM ")).toBe("shopper@example.com");
  });

  it.each(["not-an-email", "shopper@", "@example.com", "shop per@example.com", "shopper@@example.com"])(
    "refuses %j with 'This email is not valid.'",
    (input) => {
      expect(issues(Email, input)).toEqual([": This email is not valid."]);
    },
  );

  it("refuses a non-string with 'This email is not valid.'", () => {
    expect(issues(Email, 42)).toEqual([": This email is not valid."]);
  });

  it("refuses a missing or blank email with 'This is required.' first", () => {
    expect(issues(Email, undefined)).toEqual([": This is required."]);
    expect(issues(Email, "   ")[0]).toBe(": This is required.");
  });
});

describe("Name", () => {
  it("accepts first and last name, trimmed", () => {
    expect(Name.parse({ firstName: " Ada ", lastName: " Lovelace " })).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
    });
  });

  it.each([undefined, null, "Ada Lovelace"])(
    "answers 'Name must include first name and last name.' for %j",
    (input) => {
      expect(issues(Name, input)).toEqual([": Name must include first name and last name."]);
    },
  );

  it("answers 'This is required.' for a blank first name", () => {
    expect(issues(Name, { firstName: "   ", lastName: "Lovelace" })[0]).toBe("firstName: This is required.");
  });

  it("answers 'This is required.' for a missing last name", () => {
    expect(issues(Name, { firstName: "Ada" })).toEqual(["lastName: This is required."]);
  });

  it("answers 'First name is not acceptable.' / 'Last name is not acceptable.' for a non-string", () => {
    expect(issues(Name, { firstName: 1, lastName: "Lovelace" })).toEqual([
      "firstName: First name is not acceptable.",
    ]);
    expect(issues(Name, { firstName: "Ada", lastName: true })).toEqual([
      "lastName: Last name is not acceptable.",
    ]);
  });

  it("accepts 50 characters and refuses 51", () => {
    expect(issues(Name, { firstName: "a".repeat(50), lastName: "b" })).toEqual([]);
    expect(issues(Name, { firstName: "a".repeat(51), lastName: "b" })).toEqual([
      "firstName: This must be 50 characters or less.",
    ]);
  });

  it("refuses an unknown key", () => {
    expect(Name.safeParse({ firstName: "Ada", lastName: "Lovelace", middleName: "K" }).success).toBe(false);
  });
});

describe("NameForm (the register and edit-profile forms)", () => {
  it("names a blank or missing first and last name with SPEC's name messages", () => {
    expect([...new Set(issues(NameForm, { firstName: "  ", lastName: "" }))]).toEqual([
      "firstName: First name is not acceptable.",
      "lastName: Last name is not acceptable.",
    ]);
    expect(issues(NameForm, {})).toEqual([
      "firstName: First name is not acceptable.",
      "lastName: Last name is not acceptable.",
    ]);
  });
});

describe("Id", () => {
  const valid = "0123456789abcdef01234567";

  it("accepts 24 lower-case hexadecimal characters", () => {
    expect(Id.parse(valid)).toBe(valid);
  });

  it.each([
    ["23 characters", valid.slice(1)],
    ["25 characters", `${valid}0`],
    ["upper-case hex", valid.toUpperCase()],
    ["a non-hex letter", `${valid.slice(0, 23)}g`],
    ["surrounding spaces", ` ${valid.slice(1)} `],
  ])("refuses %s with 'This is not a valid id.'", (_label, input) => {
    expect(issues(Id, input)).toEqual([": This is not a valid id."]);
  });

  it("answers 'This is required.' when missing", () => {
    expect(issues(Id, undefined)).toEqual([": This is required."]);
  });
});

describe("ListQuery", () => {
  it("defaults to page 1 and size 8", () => {
    expect(ListQuery.parse({})).toEqual({ page: 1, size: 8 });
  });

  it("treats empty page and size as the defaults", () => {
    expect(ListQuery.parse({ page: "", size: "" })).toEqual({ page: 1, size: 8 });
  });

  it("reads page and size from query-string numbers", () => {
    expect(ListQuery.parse({ page: "3", size: "20" })).toEqual({ page: 3, size: 20 });
  });

  it("keeps a size of 1000 and clamps anything larger to 1000", () => {
    expect(ListQuery.parse({ size: "1000" }).size).toBe(1000);
    expect(ListQuery.parse({ size: "1001" }).size).toBe(1000);
    expect(ListQuery.parse({ size: "1000000" }).size).toBe(1000);
  });

  it("refuses page 0 with 'This cannot be less than 1.' and accepts page 1", () => {
    expect(issues(ListQuery, { page: "0" })).toEqual(["page: This cannot be less than 1."]);
    expect(ListQuery.parse({ page: "1" }).page).toBe(1);
  });

  it("refuses size 0", () => {
    expect(issues(ListQuery, { size: "0" })).toEqual(["size: This cannot be less than 1."]);
  });

  it.each(["abc", "1.5"])("refuses page %j with 'This must be a number.'", (page) => {
    expect(issues(ListQuery, { page })).toEqual(["page: This must be a number."]);
  });

  it("trims the keyword", () => {
    expect(ListQuery.parse({ keyword: "  red shoes " }).keyword).toBe("red shoes");
  });

  it("accepts a keyword of 100 characters and refuses 101", () => {
    expect(ListQuery.safeParse({ keyword: "k".repeat(100) }).success).toBe(true);
    expect(issues(ListQuery, { keyword: "k".repeat(101) })).toEqual([
      "keyword: This must be 100 characters or less.",
    ]);
  });
});
