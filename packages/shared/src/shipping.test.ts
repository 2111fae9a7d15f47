import { describe, expect, it } from "vitest";
import type { ShippingMethod } from "./schemas/settings";
import { chooseMethod, methodsFor, STANDARD_SHIPPING, servesPincodes } from "./shipping";

const method = (name: string, price: number, states: string[] | null, enabled = true): ShippingMethod => ({
  _id: `${name.toLowerCase().padEnd(24, "0")}`.slice(0, 24),
  name,
  price,
  freeAbove: null,
  estimatedDays: null,
  states,
  enabled,
  serves: "states",
  days: null,
});

const express = method("Express", 150, ["Maharashtra", " karnataka "]);
const economy = method("Economy", 40, null);
const pickup = method("Pickup", 0, null, false);
const METHODS = [express, STANDARD_SHIPPING, economy, pickup];

describe("shipping methods for an address", () => {
  it("offers the enabled methods that serve the state, cheapest first, states compared without case", () => {
    expect(methodsFor(METHODS, "Karnataka").map((m) => m.name)).toEqual(["Economy", "Standard", "Express"]);
    expect(methodsFor(METHODS, "Kerala").map((m) => m.name)).toEqual(["Economy", "Standard"]);
    // Without a state (a cart with no address yet): every enabled method.
    expect(methodsFor(METHODS, undefined).map((m) => m.name)).toEqual(["Economy", "Standard", "Express"]);
  });

  it("chooses the one asked for when it serves the state, the cheapest without one, and says why not", () => {
    expect(chooseMethod(METHODS, "Maharashtra", express._id)).toEqual({ method: express });
    expect(chooseMethod(METHODS, "Maharashtra", undefined)).toEqual({ method: economy });
    expect(chooseMethod(METHODS, "Kerala", express._id)).toEqual({ refused: "chosen" });
    expect(chooseMethod(METHODS, "Kerala", pickup._id)).toEqual({ refused: "chosen" });
    expect(chooseMethod([express], "Kerala", undefined)).toEqual({ refused: "none" });
  });

  it("prices a cart with no address by the cheapest method that serves every state, else the cheapest", () => {
    const courier = method("Courier", 10, ["Maharashtra"]);
    expect(chooseMethod([courier, STANDARD_SHIPPING], undefined, undefined)).toEqual({
      method: STANDARD_SHIPPING,
    });
    expect(chooseMethod([courier, express], undefined, undefined)).toEqual({ method: courier });
  });
});

describe("a method serving a PIN code list", () => {
  const local: ShippingMethod = { ...method("Local", 20, null), serves: "pincodes" };
  const listing = new Set([local._id]);

  it("serves an address only when its list holds the address's PIN code, whatever the state", () => {
    expect(methodsFor([local, STANDARD_SHIPPING], "Maharashtra", listing).map((m) => m.name)).toEqual([
      "Local",
      "Standard",
    ]);
    expect(methodsFor([local, STANDARD_SHIPPING], "Maharashtra", new Set()).map((m) => m.name)).toEqual([
      "Standard",
    ]);
    // A PIN code not known (no look-up made): not served.
    expect(methodsFor([local, STANDARD_SHIPPING], "Maharashtra").map((m) => m.name)).toEqual(["Standard"]);
    expect(chooseMethod([local, STANDARD_SHIPPING], "Kerala", local._id, new Set())).toEqual({
      refused: "chosen",
    });
    expect(chooseMethod([local, STANDARD_SHIPPING], "Kerala", local._id, listing)).toEqual({ method: local });
    expect(chooseMethod([local], "Kerala", undefined, new Set())).toEqual({ refused: "none" });
  });

  it("is offered to a cart with no address, but never counts as serving every state", () => {
    expect(methodsFor([local, STANDARD_SHIPPING], undefined).map((m) => m.name)).toEqual([
      "Local",
      "Standard",
    ]);
    expect(chooseMethod([local, STANDARD_SHIPPING], undefined, undefined)).toEqual({
      method: STANDARD_SHIPPING,
    });
  });

  it("needs a look-up only when an enabled method serves PIN codes", () => {
    expect(servesPincodes([local, STANDARD_SHIPPING])).toBe(true);
    expect(servesPincodes([{ ...local, enabled: false }, STANDARD_SHIPPING])).toBe(false);
    expect(servesPincodes([STANDARD_SHIPPING])).toBe(false);
  });
});

describe("the method preselected for a cart", () => {
  // Issue 70: a ₹6,998 cart to 400050 preselected "Local express ₹49" above "Standard — Free".
  const standard: ShippingMethod = { ...method("Standard", 80, null), freeAbove: 5000, days: 5 };
  const local: ShippingMethod = { ...method("Local express", 49, ["Maharashtra"]), days: 2 };
  const cart = (rupees: number) => ({ itemsCents: rupees * 100, units: 2 });

  it("is the one free for this cart before a paid one with a lower price", () => {
    expect(chooseMethod([local, standard], "Maharashtra", undefined, undefined, cart(6998))).toEqual({
      method: standard,
    });
    expect(methodsFor([local, standard], "Maharashtra", undefined, cart(6998)).map((m) => m.name)).toEqual([
      "Standard",
      "Local express",
    ]);
    // Below the threshold the cheaper price wins again.
    expect(chooseMethod([local, standard], "Maharashtra", undefined, undefined, cart(1000))).toEqual({
      method: local,
    });
  });

  it("is the earliest delivery among methods costing the same, and keeps the shopper's choice", () => {
    expect(
      chooseMethod([standard, local], "Maharashtra", undefined, undefined, {
        ...cart(6998),
        freeShipping: true,
      }),
    ).toEqual({ method: local });
    // A PIN code list's days for the address count over the method's own.
    const days = new Map([[local._id, 9]]);
    expect(
      chooseMethod([standard, local], "Maharashtra", undefined, undefined, {
        ...cart(6998),
        freeShipping: true,
        days,
      }),
    ).toEqual({ method: standard });
    expect(chooseMethod([local, standard], "Maharashtra", local._id, undefined, cart(6998))).toEqual({
      method: local,
    });
  });
});
