import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validation } from "../messages";
import { CursorId, CursorInt, CursorText, CursorTime, cursorOf, encodeCursor } from "./cursor";

const ID = "0123456789abcdef01234567";
const newestKey = cursorOf([CursorTime, CursorId]);
const nameKey = cursorOf([CursorText, CursorId, CursorInt, CursorId]);

describe("list cursors", () => {
  it("are base64url of the key's JSON, without padding, and decode to the key", () => {
    // As Node writes it: Buffer.from(JSON.stringify(key)).toString("base64url").
    expect(encodeCursor(["Čaj “x” 😀", 1, "a"])).toBe("WyLEjGFqIOKAnHjigJ0g8J-YgCIsMSwiYSJd");
    expect(encodeCursor(["ab"])).toBe("WyJhYiJd");
    // PostgreSQL's integer runs from -2^31 to 2^31 - 1: both ends are positions.
    expect(nameKey.safeParse(encodeCursor(["", ID, -(2 ** 31), ID])).success).toBe(true);
    expect(nameKey.safeParse(encodeCursor(["", ID, 2 ** 31, ID])).success).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), fc.integer(), (name, position) => {
        const key = [name, ID, position, ID];
        const cursor = encodeCursor(key);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        const parsed = nameKey.safeParse(cursor);
        const fits =
          !name.includes("\u0000") && name.length <= 1_000 && position >= -(2 ** 31) && position < 2 ** 31;
        expect(parsed.success).toBe(fits);
        if (parsed.success) expect(parsed.data).toEqual(key);
      }),
    );
  });

  it("keep a time to the microsecond, in UTC, and only a real one", () => {
    const time = "2026-11-26T10:04:05.123456Z";
    expect(newestKey.parse(encodeCursor([time, ID]))).toEqual([time, ID]);
    for (const wrong of [
      "2026-02-30T10:04:05.123456Z",
      "2026-11-26T24:04:05.123456Z",
      "2026-11-26T10:04:05.123Z",
      "2026-11-26 10:04:05.123456+00",
      "2026-11-26T10:04:05.123456+05:30",
    ]) {
      expect(newestKey.safeParse(encodeCursor([wrong, ID])).success, wrong).toBe(false);
    }
  });

  it("refuse anything else with the one message, and take absent or empty as the first page", () => {
    expect(newestKey.parse(undefined)).toBeUndefined();
    expect(newestKey.parse("")).toBeUndefined();
    for (const wrong of [
      "not base64!",
      "e30",
      "_w",
      encodeCursor(["2026-11-26T10:04:05.123456Z"]),
      encodeCursor(["2026-11-26T10:04:05.123456Z", ID, 1]),
      encodeCursor(["2026-11-26T10:04:05.123456Z", ID.toUpperCase()]),
      ["a", "b"],
      "A".repeat(1_501),
    ]) {
      const parsed = newestKey.safeParse(wrong);
      expect(parsed.success, String(wrong)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([validation.cursor]);
    }
  });
});
