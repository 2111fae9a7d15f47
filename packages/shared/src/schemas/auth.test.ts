import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { LoginInput, RegisterInput } from "./auth";

function issues(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

const unknownKeys = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.flatMap((issue) => ("keys" in issue ? issue.keys : []));
};

describe("LoginInput", () => {
  it("accepts an email and a password, lower-casing and trimming the email", () => {
    expect(LoginInput.parse({ email: " Admin@Shop.TEST ", password: "secret" })).toEqual({
      email: "admin@shop.test",
      password: "secret",
    });
  });

  it("does not apply the strength rule to the password at sign-in", () => {
    expect(issues(LoginInput, { email: "a@shop.test", password: "x" })).toEqual([]);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["not a string", 123456],
    ["over 128 characters", "p".repeat(129)],
  ])("answers 'Invalid password.' for a password %s", (_label, password) => {
    expect(issues(LoginInput, { email: "a@shop.test", password })).toEqual(["password: Invalid password."]);
  });

  it("answers 'This email is not valid.' for a malformed email", () => {
    expect(issues(LoginInput, { email: "admin", password: "secret" })).toEqual([
      "email: This email is not valid.",
    ]);
  });

  it("refuses an unknown key", () => {
    expect(unknownKeys(LoginInput, { email: "a@shop.test", password: "secret", role: "admin" })).toEqual([
      "role",
    ]);
  });
});

describe("RegisterInput", () => {
  const valid = {
    name: { firstName: "Ada", lastName: "Lovelace" },
    email: "ada@shop.test",
    password: "abc12@",
  };

  it("accepts a name, an email and a strong password, lower-casing the email", () => {
    expect(RegisterInput.parse({ ...valid, email: "Ada@Shop.TEST" })).toEqual(valid);
  });

  it("answers 'Please choose a stronger password.' for a weak password", () => {
    expect(issues(RegisterInput, { ...valid, password: "abcdef" })).toEqual([
      "password: Please choose a stronger password.",
    ]);
  });

  it("answers 'Password is not acceptable.' for a missing password", () => {
    expect(issues(RegisterInput, { ...valid, password: undefined })).toEqual([
      "password: Password is not acceptable.",
    ]);
  });

  it("answers 'Name must include first name and last name.' for a missing name", () => {
    expect(issues(RegisterInput, { ...valid, name: undefined })).toEqual([
      "name: Name must include first name and last name.",
    ]);
  });

  it("answers 'This email is not valid.' for a malformed email", () => {
    expect(issues(RegisterInput, { ...valid, email: "ada@" })).toEqual(["email: This email is not valid."]);
  });

  it.each([
    ["role", "admin"],
    ["status", true],
  ])("refuses %s, so a shopper cannot grant it to themselves", (key, value) => {
    expect(unknownKeys(RegisterInput, { ...valid, [key]: value })).toEqual([key]);
  });
});
