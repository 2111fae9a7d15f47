import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, signedInUser, type TestApp } from "../../../test/app";
import { makeCategory, makeMedia, makeProduct } from "../../../test/catalog";

let t: TestApp;
const ids: Record<string, string> = {};
let watchesId = "";
let shoesSlug = "";

beforeAll(async () => {
  t = await createTestApp();
  const shoes = await makeCategory(t.database, "Shoes");
  const watches = await makeCategory(t.database, "Watches");
  const bags = await makeCategory(t.database, "Bags");
  watchesId = watches.id;
  shoesSlug = shoes.slug;
  const thumbnail = (await makeMedia(t.database)).id;
  const make = async (key: string, category: string, name: string, description: string, more = {}) => {
    ids[key] = (await makeProduct(t.database, { category, thumbnail }, { name, description, ...more }))._id;
  };
  await make(
    "sneakers",
    shoes.id,
    "Suede Court Sneakers",
    "Low-top shoes with a cushioned sole and a soft suede upper for everyday wear.",
  );
  await make(
    "chronograph",
    watches.id,
    "Chronograph Steel Watch",
    "A stopwatch dial, a sapphire crystal and a brushed steel bracelet, water resistant to 100 m.",
    { onSale: true, salePrice: 150, price: 199 },
  );
  await make(
    "field",
    watches.id,
    "Field Explorer",
    "A hand-wound field piece with a luminous dial and a khaki canvas strap for the outdoors.",
  );
  // Newer than the sneakers, and mentions them only in its description.
  await make(
    "tote",
    bags.id,
    "Canvas Market Tote",
    "Roomy enough for groceries, a laptop, or a spare pair of sneakers after the gym.",
  );
  await make(
    "hidden",
    shoes.id,
    "Retro Sneakers Limited",
    "A retro runner with a gum sole, kept off the shelves until the launch date arrives.",
    { isActive: false, onSale: true, salePrice: 10, price: 20 },
  );
});
afterAll(async () => t.close());

async function search(url: string, cookie?: string): Promise<string[]> {
  const response = await inject(t.app, { method: "GET", url, cookie });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((p: { _id: string }) => p._id);
}

describe("keyword search", () => {
  it("ranks a name match above a description-only match, even when the latter is newer", async () => {
    expect(await search("/api/products?keyword=sneakers")).toEqual([ids.sneakers, ids.tote]);
    // Without a keyword the newest comes first.
    const newest = await search("/api/products?size=100");
    expect(newest.indexOf(ids.tote ?? "")).toBeLessThan(newest.indexOf(ids.sneakers ?? ""));
  });

  it("still finds the product through a typo", async () => {
    expect(await search("/api/products?keyword=snekers")).toContain(ids.sneakers);
    expect((await search("/api/products?keyword=snekers"))[0]).toBe(ids.sneakers);
    expect(await search("/api/products?keyword=wach")).toContain(ids.chronograph);
    expect(await search("/api/products?keyword=Suede%20snekers")).toEqual([ids.sneakers]);
  });

  it("matches the category name, word prefixes and parts of a name", async () => {
    // "watches" is the category of both watches; the one with Watch in its name ranks first.
    expect(await search("/api/products?keyword=watches")).toEqual([ids.chronograph, ids.field]);
    expect(await search("/api/products?keyword=sneak")).toContain(ids.sneakers);
    expect(await search("/api/products?keyword=graph")).toEqual([ids.chronograph]);
  });

  it("never returns inactive products to the storefront, but does to staff on /inactive", async () => {
    for (const url of [
      "/api/products?keyword=retro",
      "/api/products?keyword=sneakers",
      "/api/products/on-sale?keyword=retro",
      `/api/categories/slug/${shoesSlug}/products?keyword=retro`,
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.json().data.map((p: { _id: string }) => p._id)).not.toContain(ids.hidden);
    }
    const { cookie } = await signedInUser(t, "manager");
    expect(await search("/api/products/inactive?keyword=retro", cookie)).toEqual([ids.hidden]);
  });

  it("searches within a category and within the sale", async () => {
    const dials = await search(`/api/categories/id/${watchesId}/products?keyword=dial`);
    expect(dials.sort()).toEqual([ids.chronograph, ids.field].sort());
    expect(await search("/api/products/on-sale?keyword=steel")).toEqual([ids.chronograph]);
    expect(await search("/api/products/on-sale?keyword=suede")).toEqual([]);
  });

  it("treats SQL, tsquery and LIKE syntax in a keyword as plain text", async () => {
    for (const keyword of ["100%", "_", "'; drop table products; --", "a & | ! :* (", "\\", "   "]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/products?keyword=${encodeURIComponent(keyword)}`,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await search(`/api/products?keyword=${encodeURIComponent("suede & | !")}`)).toEqual([
      ids.sneakers,
    ]);
    expect(await search("/api/products?keyword=zzzzqqq")).toEqual([]);
  });

  it("reports the total of all matches in the paging meta", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/products?keyword=sneakers&size=1" });
    expect(response.json().meta).toEqual({ page: 1, size: 1, pageCount: 2, total: 2 });
  });
});
