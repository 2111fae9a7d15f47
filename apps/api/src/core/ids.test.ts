import { describe, expect, it } from "vitest";
import { idTimestamp, isId, newId } from "./ids";

describe("newId", () => {
  it("makes 24 lower-case hexadecimal characters in the ObjectId layout", () => {
    const before = Math.floor(Date.now() / 1000);
    const id = newId();
    const after = Math.floor(Date.now() / 1000);

    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const seconds = Number.parseInt(id.slice(0, 8), 16);
    expect(seconds).toBeGreaterThanOrEqual(before);
    expect(seconds).toBeLessThanOrEqual(after);
    expect(idTimestamp(id).getTime()).toBe(seconds * 1000);
  });

  it("keeps the process part and advances the counter by one, wrapping at 2^24", () => {
    const ids = Array.from({ length: 1000 }, newId);
    const processParts = new Set(ids.map((id) => id.slice(8, 18)));
    expect(processParts.size).toBe(1);

    for (let i = 1; i < ids.length; i++) {
      const previous = Number.parseInt(ids[i - 1]?.slice(18) ?? "", 16);
      const current = Number.parseInt(ids[i]?.slice(18) ?? "", 16);
      expect(current).toBe((previous + 1) % 0x1000000);
    }
  });

  it("never repeats over 100k ids", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 100_000; i++) ids.add(newId());
    expect(ids.size).toBe(100_000);
  });

  it("never goes back in time in the timestamp part", () => {
    let previous = 0;
    let wentBack = 0;
    for (let i = 0; i < 100_000; i++) {
      const seconds = Number.parseInt(newId().slice(0, 8), 16);
      if (seconds < previous) wentBack++;
      previous = seconds;
    }
    expect(wentBack).toBe(0);
  });
});

describe("isId", () => {
  it("accepts ids made by newId", () => {
    expect(isId(newId())).toBe(true);
    expect(isId("65a1f0c2e4b0a1b2c3d4e5f6")).toBe(true);
  });

  it("refuses anything else", () => {
    for (const value of [
      "",
      "65A1F0C2E4B0A1B2C3D4E5F6",
      "65a1f0c2e4b0a1b2c3d4e5f",
      "65a1f0c2e4b0a1b2c3d4e5f60",
      "65a1f0c2e4b0a1b2c3d4e5fg",
      " 65a1f0c2e4b0a1b2c3d4e5f6",
      42,
      null,
      undefined,
    ]) {
      expect(isId(value)).toBe(false);
    }
  });
});
