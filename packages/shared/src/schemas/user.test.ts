import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ChangePasswordForm, ChangePasswordInput, RoleChangeInput, UpdateProfileInput } from "./user";

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

describe("UpdateProfileInput", () => {
  const valid = { name: { firstName: "Ada", lastName: "Lovelace" }, email: "ada@shop.test" };

  it("accepts a name and an email, lower-casing the email", () => {
    expect(UpdateProfileInput.parse({ ...valid, email: " ADA@shop.test " })).toEqual(valid);
  });

  it.each([
    ["role", "admin"],
    ["status", true],
    ["password", "abc12@"],
  ])("refuses %s: the profile carries name and email only", (key, value) => {
    expect(unknownKeys(UpdateProfileInput, { ...valid, [key]: value })).toEqual([key]);
  });

  it("applies the email and name rules", () => {
    expect(issues(UpdateProfileInput, { ...valid, email: "nope" })).toEqual([
      "email: This email is not valid.",
    ]);
    expect(issues(UpdateProfileInput, { ...valid, name: { firstName: "Ada", lastName: " " } })[0]).toBe(
      "name.lastName: This is required.",
    );
  });
});

describe("ChangePasswordInput", () => {
  const valid = { oldPassword: "old", newPassword: "new12@" };

  it("accepts an old password and a strong new one", () => {
    expect(ChangePasswordInput.parse(valid)).toEqual(valid);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
  ])("answers 'Old password is invalid' for an old password %s", (_label, oldPassword) => {
    expect(issues(ChangePasswordInput, { ...valid, oldPassword })).toEqual([
      "oldPassword: Old password is invalid",
    ]);
  });

  it("answers 'Please choose a stronger password.' for a weak new password", () => {
    expect(issues(ChangePasswordInput, { ...valid, newPassword: "abc1@" })).toEqual([
      "newPassword: Please choose a stronger password.",
    ]);
  });

  it("answers 'Password is not acceptable.' for a new password that is not a string", () => {
    expect(issues(ChangePasswordInput, { ...valid, newPassword: 123456 })).toEqual([
      "newPassword: Password is not acceptable.",
    ]);
  });

  it("refuses an unknown key such as confirmPassword", () => {
    expect(unknownKeys(ChangePasswordInput, { ...valid, confirmPassword: "new12@" })).toEqual([
      "confirmPassword",
    ]);
  });
});

describe("ChangePasswordForm", () => {
  const valid = { oldPassword: "old", newPassword: "new12@", confirmPassword: "new12@" };

  it("accepts a confirmation equal to the new password", () => {
    expect(ChangePasswordForm.parse(valid)).toEqual(valid);
  });

  it("answers 'Passwords do not match.' on the confirmation when they differ", () => {
    expect(issues(ChangePasswordForm, { ...valid, confirmPassword: "new12#" })).toEqual([
      "confirmPassword: Passwords do not match.",
    ]);
  });

  it("answers 'Passwords do not match.' when the confirmation is missing", () => {
    expect(issues(ChangePasswordForm, { ...valid, confirmPassword: undefined })).toEqual([
      "confirmPassword: Passwords do not match.",
    ]);
  });

  it("keeps the new password rule", () => {
    expect(
      issues(ChangePasswordForm, { ...valid, newPassword: "abcdef", confirmPassword: "abcdef" }),
    ).toEqual(["newPassword: Please choose a stronger password."]);
  });

  it("stays strict: an unknown key is refused", () => {
    expect(unknownKeys(ChangePasswordForm, { ...valid, role: "admin" })).toEqual(["role"]);
  });
});

describe("RoleChangeInput", () => {
  it.each(["admin", "manager", "customer"])("accepts the role %s", (role) => {
    expect(RoleChangeInput.parse({ role })).toEqual({ role });
  });

  it.each(["root", "Admin", "", undefined])("refuses the role %j, listing the three roles", (role) => {
    expect(issues(RoleChangeInput, { role })).toEqual([
      "role: This must be one of the following: admin, manager, customer.",
    ]);
  });

  it("accepts a valid userId in the body and refuses a malformed one", () => {
    const userId = "0123456789abcdef01234567";
    expect(RoleChangeInput.parse({ userId, role: "manager" })).toEqual({ userId, role: "manager" });
    expect(issues(RoleChangeInput, { userId: "42", role: "manager" })).toEqual([
      "userId: This is not a valid id.",
    ]);
  });

  it("refuses an unknown key such as status", () => {
    expect(unknownKeys(RoleChangeInput, { role: "customer", status: false })).toEqual(["status"]);
  });
});
