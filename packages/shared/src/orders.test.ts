import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./constants";
import { shownStatus, statusTone } from "./orders";

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

describe("the status an order's badge shows", () => {
  it("is 'partially shipped' only for a processing order with some units out and some left", () => {
    expect(shownStatus({ status: "processing", fulfilment: "partially_shipped" })).toBe("partially_shipped");
    expect(shownStatus({ status: "processing", fulfilment: "unfulfilled" })).toBe("processing");
    // A refund of the rest keeps the parcels' reading, but the badge says what the order is.
    expect(shownStatus({ status: "refunded", fulfilment: "partially_shipped" })).toBe("refunded");
    expect(statusTone("partially_shipped")).toBe(statusTone("shipped"));
  });
});
