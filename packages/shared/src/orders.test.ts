import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./constants";
import { statusTone } from "./orders";

describe("the colour of an order's status", () => {
  it("is one a status, yellow for pending and green for delivered as SPEC says, blues for the rest", () => {
    const tones = ORDER_STATUSES.map(statusTone);
    expect(new Set(tones).size).toBe(ORDER_STATUSES.length);
    expect(statusTone("pending")).toBe("yellow");
    expect(statusTone("delivered")).toBe("green");
    expect(ORDER_STATUSES.filter((s) => s !== "pending" && s !== "delivered").map(statusTone)).toEqual([
      "blue",
      "sky",
      "slate",
      "indigo",
    ]);
  });
});
