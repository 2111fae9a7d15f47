import { api, formErrors } from "@shop/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "#api/db/schema/categories";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { containsUnstorableText } from "./text-check";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe("containsUnstorableText", () => {
  it("finds U+0000 and lone surrogates in any string or key, however deep, and nothing else", () => {
    expect(containsUnstorableText("plain, accentué, مرحبا, 😀")).toBe(false);
    expect(containsUnstorableText({ a: [1, { b: "ok" }], c: null })).toBe(false);
    expect(containsUnstorableText("a\u0000b")).toBe(true);
    expect(containsUnstorableText("lone \uD800 high")).toBe(true);
    expect(containsUnstorableText("lone \uDFFF low")).toBe(true);
    expect(containsUnstorableText("\uD83D")).toBe(true);
    expect(containsUnstorableText({ a: [1, { b: "x\u0000" }] })).toBe(true);
    expect(containsUnstorableText({ "key\u0000": 1 })).toBe(true);
    let deep: unknown = "bottom\u0000";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(containsUnstorableText(deep)).toBe(true);
  });
});

describe("requests carrying text the database cannot store", () => {
  it("refuses a body with it before anything is written, with the form's message", async () => {
    const { cookie } = await signedInUser(t, "admin");
    const before = await t.database.db.select().from(categories);
    for (const name of ["Shoes\u0000", "Shoes \uDFFF"]) {
      const response = await inject(t.app, {
        method: "POST",
        url: "/api/categories",
        cookie,
        payload: { name, slug: "shoes-with-bad-text" },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: formErrors.category });
    }
    expect(await t.database.db.select().from(categories)).toEqual(before);
  });

  it("refuses a search for it instead of failing in the database", async () => {
    for (const url of ["/api/products?keyword=%00", "/api/products/on-sale?keyword=a%00b"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, message: api.invalidInput });
    }
  });
});
