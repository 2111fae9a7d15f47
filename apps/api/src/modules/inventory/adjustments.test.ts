/** A stock adjustment's change is a whole number of units: a fraction is refused at its field. */
import { validation } from "@shop/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";

let t: TestApp;
let admin: Caller;
let variant: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await quickUser(t, "admin");
  const media = await makeMedia(t.database);
  const category = await makeCategory(t.database);
  const product = await makeProduct(t.database, { category: category.id, thumbnail: media.id }, { stock: 4 });
  variant = product.variants[0]?._id ?? "";
});
afterAll(async () => t?.close());

const adjust = (change: unknown) =>
  inject(t.app, {
    method: "POST",
    url: `/api/inventory/${variant}/adjustments`,
    cookie: admin.cookie,
    payload: { change, reason: "received" },
  });

describe("a stock adjustment's change", () => {
  it("refuses 2.5 units with 'Enter a whole number.' at the change, and leaves the stock as it was", async () => {
    const answer = await adjust(2.5);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual({ change: validation.wholeNumber });
    const kept = await adjust(2);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data.stock).toBe(6);
  });
});
