import { describe, expect, it } from "vitest";
import { validation } from "../messages";
import { isCurrentExpiry, passesLuhn, TestCard } from "./payment";

const CARD = { number: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" };

/** The field messages of a card that fails, keyed by field. */
function errorsOf(card: Record<string, string>) {
  const result = TestCard.safeParse(card);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the test gateway's card checks", () => {
  it("passes the numbers real cards carry by the Luhn checksum, and no other", () => {
    for (const number of ["4242424242424242", "4000000000000002", "5555555555554444", "378282246310005"])
      expect(passesLuhn(number), number).toBe(true);
    for (const number of ["4242424242424241", "4000000000000001", "1234567812345678", ""])
      expect(passesLuhn(number), number).toBe(false);
  });

  it("takes an expiry through the end of its month, never one already past", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(isCurrentExpiry("11/26", now)).toBe(true);
    expect(isCurrentExpiry("10/26", now)).toBe(false);
    expect(isCurrentExpiry("01/27", now)).toBe(true);
    expect(isCurrentExpiry("13/30", now)).toBe(false);
  });

  it("names the field that is wrong, in the shop's words", () => {
    expect(errorsOf(CARD)).toEqual({});
    expect(errorsOf({ ...CARD, number: "4242 4242 4242 4241" })).toEqual({ number: validation.cardNumber });
    expect(errorsOf({ ...CARD, number: "4242" })).toEqual({ number: validation.cardNumber });
    expect(errorsOf({ ...CARD, expiry: "01/20" })).toEqual({ expiry: validation.cardExpired });
    expect(errorsOf({ ...CARD, expiry: "1/30" })).toEqual({ expiry: validation.cardExpiry });
    expect(errorsOf({ ...CARD, cvc: "12" })).toEqual({ cvc: validation.cardCvc });
    expect(errorsOf({ ...CARD, cvc: "12345" })).toEqual({ cvc: validation.cardCvc });
  });
});
