import { api, formErrors, validation } from "@shop/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeMedia, makeProduct } from "#test/catalog";

let t: TestApp;
let admin: string;
let manager: string;
let shopper: string;

beforeAll(async () => {
  t = await createTestApp();
  const [a, m, s] = await Promise.all([
    signedInUser(t, "admin"),
    signedInUser(t, "manager"),
    signedInUser(t),
  ]);
  [admin, manager, shopper] = [a.cookie, m.cookie, s.cookie];
});
afterAll(async () => t.close());

async function create(name: string, slug: string, cookie = admin) {
  return inject(t.app, { method: "POST", url: "/api/categories", cookie, payload: { name, slug } });
}

describe("POST /api/categories", () => {
  it("lets admins and managers create a category, and refuses anonymous visitors and shoppers", async () => {
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/categories",
          payload: { name: "Hats", slug: "hats" },
        })
      ).statusCode,
    ).toBe(401);
    const refused = await create("Hats", "hats", shopper);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, message: api.forbidden });

    const byManager = await create("Hats", "hats", manager);
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json()).toEqual({
      success: true,
      message: api.created,
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), name: "Hats", slug: "hats", count: 0 },
    });
    expect((await create("Belts & Braces", "belts-braces")).statusCode).toBe(201);
  });

  it("answers a slug already in use with 409 on the slug field", async () => {
    expect((await create("Scarves", "scarves")).statusCode).toBe(201);
    const again = await create("Other Scarves", "scarves");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: api.categorySlugTaken,
      errors: { slug: api.categorySlugTaken },
    });
  });

  it("answers bad input with 400 and the SPEC messages", async () => {
    const empty = await create("", "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: formErrors.category,
      errors: { name: validation.required, slug: validation.required },
    });
    for (const payload of [
      { name: 42, slug: "x" },
      { name: "Bad", slug: "not a slug!" },
      { name: "Bad", slug: "-edge-" },
    ]) {
      const response = await inject(t.app, {
        method: "POST",
        url: "/api/categories",
        cookie: admin,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(formErrors.category);
    }
    const wrongType = await inject(t.app, {
      method: "POST",
      url: "/api/categories",
      cookie: admin,
      payload: { name: 42, slug: "nice-slug" },
    });
    expect(wrongType.json().errors).toEqual({ name: validation.categoryName });
    const badSlug = await create("Bad", "not a slug!");
    expect(badSlug.json().errors).toEqual({ slug: validation.categorySlug });
    const extra = await inject(t.app, {
      method: "POST",
      url: "/api/categories",
      cookie: admin,
      payload: { name: "Extra", slug: "extra", count: 5 },
    });
    expect(extra.json().errors).toEqual({ count: validation.unknownField });
  });
});

describe("reading categories", () => {
  it("lists every category with its number of active products, cacheable for 5 seconds", async () => {
    const created = (await create("Gloves", "gloves")).json().data;
    const empty = (await create("Umbrellas", "umbrellas")).json().data;
    const thumbnail = (await makeMedia(t.database)).id;
    await makeProduct(t.database, { category: created._id, thumbnail });
    await makeProduct(t.database, { category: created._id, thumbnail });
    await makeProduct(t.database, { category: created._id, thumbnail }, { isActive: false });

    const response = await t.app.inject({ method: "GET", url: "/api/categories" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=5");
    const body = response.json();
    expect(body.success).toBe(true);
    const bySlug = new Map(body.data.map((c: { slug: string }) => [c.slug, c]));
    expect(bySlug.get("gloves")).toEqual({ _id: created._id, name: "Gloves", slug: "gloves", count: 2 });
    expect(bySlug.get("umbrellas")).toEqual({ ...empty, count: 0 });
    // Sorted by name.
    const names = body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("shows one category by id and by slug, 404 when unknown and 400 when malformed", async () => {
    const created = (await create("Socks", "socks")).json().data;
    const byId = await t.app.inject({ method: "GET", url: `/api/categories/${created._id}` });
    expect(byId.json()).toEqual({ success: true, message: api.ok, data: created });
    const bySlug = await t.app.inject({ method: "GET", url: "/api/categories/slug/socks" });
    expect(bySlug.json().data).toEqual(created);

    for (const url of [`/api/categories/${newId()}`, "/api/categories/slug/no-such-category"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: api.categoryNotFound });
    }
    const badId = await t.app.inject({ method: "GET", url: "/api/categories/123" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual({ id: validation.id });
    const badSlug = await t.app.inject({ method: "GET", url: "/api/categories/slug/Not_A_Slug" });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().errors).toEqual({ slug: validation.categorySlug });
  });

  it("pages a category's active products by id and by slug, and answers 404 for an unknown category", async () => {
    const created = (await create("Ties", "ties")).json().data;
    const thumbnail = (await makeMedia(t.database)).id;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push((await makeProduct(t.database, { category: created._id, thumbnail }))._id);
    const hidden = (await makeProduct(t.database, { category: created._id, thumbnail }, { isActive: false }))
      ._id;

    for (const base of [`/api/categories/id/${created._id}`, "/api/categories/slug/ties"]) {
      const first = await t.app.inject({ method: "GET", url: `${base}/products?size=2` });
      expect(first.statusCode).toBe(200);
      expect(first.json().meta).toMatchObject({ page: 1, size: 2, pageCount: 2, total: 3 });
      // The facets count the active products only.
      expect(first.json().meta.facets.inStock).toBe(3);
      const second = await t.app.inject({ method: "GET", url: `${base}/products?size=2&page=2` });
      const ids = [...first.json().data, ...second.json().data].map((p: { _id: string }) => p._id);
      expect(ids).toEqual([...made].reverse());
      expect(ids).not.toContain(hidden);
      const past = await t.app.inject({ method: "GET", url: `${base}/products?size=2&page=9` });
      expect(past.json()).toMatchObject({ data: [], meta: { page: 9, total: 3, pageCount: 2 } });
    }
    for (const url of [
      `/api/categories/id/${newId()}/products`,
      "/api/categories/slug/nothing-here/products",
    ]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(api.categoryNotFound);
    }
  });
});

describe("PATCH /api/categories/{id}", () => {
  function rename(id: string, payload: Record<string, unknown>, cookie = admin) {
    return inject(t.app, { method: "PATCH", url: `/api/categories/${id}`, cookie, payload });
  }

  it("renames a category for an admin, keeps its slug, finds its products by the new name, and logs who and what", async () => {
    const category = (await create("Mufflers", "mufflers")).json().data;
    const thumbnail = (await makeMedia(t.database)).id;
    const product = await makeProduct(t.database, { category: category._id, thumbnail });

    const renamed = await rename(category._id, { name: "Winter Scarves" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      success: true,
      message: api.updated,
      data: { _id: category._id, name: "Winter Scarves", slug: "mufflers", count: 1 },
    });
    // The old address still leads to it.
    const bySlug = await t.app.inject({ method: "GET", url: "/api/categories/slug/mufflers" });
    expect(bySlug.json().data.name).toBe("Winter Scarves");
    // A product is found by its category's new name, no longer by the old one.
    const found = async (keyword: string) =>
      (await t.app.inject({ method: "GET", url: `/api/products?keyword=${keyword}` }))
        .json()
        .data.map((row: { _id: string }) => row._id);
    expect(await found("winter")).toContain(product._id);
    expect(await found("mufflers")).not.toContain(product._id);

    const log = await inject(t.app, {
      method: "GET",
      url: "/api/activity?kind=category.updated",
      cookie: admin,
    });
    expect(log.json().data[0]).toMatchObject({
      kind: "category.updated",
      subject: { type: "category", id: category._id, label: "Winter Scarves" },
      before: { name: "Mufflers" },
      after: { name: "Winter Scarves" },
    });
  });

  it("refuses another category's name whatever its case (409 at the name), a bad name (400), and an unknown category (404)", async () => {
    await create("Bow Ties", "bow-ties");
    const category = (await create("Cravats", "cravats")).json().data;
    const taken = await rename(category._id, { name: "bow ties" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      message: api.categoryNameTaken,
      errors: { name: api.categoryNameTaken },
    });
    const empty = await rename(category._id, { name: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      success: false,
      message: formErrors.category,
      errors: { name: validation.required },
    });
    const slug = await rename(category._id, { name: "Neckwear", slug: "neckwear" });
    expect(slug.statusCode).toBe(400);
    expect(slug.json().errors).toEqual({ slug: validation.unknownField });
    const unknown = await rename(newId(), { name: "Neckwear" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(api.categoryNotFound);
    const read = await t.app.inject({ method: "GET", url: `/api/categories/${category._id}` });
    expect(read.json().data.name).toBe("Cravats");
  });

  it("refuses managers, shoppers and anonymous visitors", async () => {
    const category = (await create("Braces", "braces")).json().data;
    expect((await rename(category._id, { name: "Suspenders" }, manager)).statusCode).toBe(403);
    expect((await rename(category._id, { name: "Suspenders" }, shopper)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: `/api/categories/${category._id}`,
      payload: { name: "Suspenders" },
    });
    expect(anonymous.statusCode).toBe(401);
    const read = await t.app.inject({ method: "GET", url: `/api/categories/${category._id}` });
    expect(read.json().data.name).toBe("Braces");
  });
});

describe("DELETE /api/categories/{id}", () => {
  function remove(id: string, query = "", cookie = admin) {
    return inject(t.app, { method: "DELETE", url: `/api/categories/${id}${query}`, cookie });
  }
  const read = (id: string) => t.app.inject({ method: "GET", url: `/api/categories/${id}` });
  async function lastDeletion() {
    const log = await inject(t.app, {
      method: "GET",
      url: "/api/activity?kind=category.deleted",
      cookie: admin,
    });
    return log.json().data[0];
  }

  it("deletes an empty category for an admin and logs it with what it was", async () => {
    const category = (await create("Cufflinks", "cufflinks")).json().data;
    const deleted = await remove(category._id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: api.deleted, data: null });
    expect((await read(category._id)).statusCode).toBe(404);
    expect(await lastDeletion()).toMatchObject({
      kind: "category.deleted",
      subject: { type: "category", id: category._id, label: "Cufflinks" },
      before: { name: "Cufflinks", slug: "cufflinks", products: 0 },
      after: {},
    });
    expect((await remove(category._id)).statusCode).toBe(404);
  });

  it("asks where the products go (409 naming how many, inactive ones too), then moves them to that category and deletes it, in one go", async () => {
    const thumbnail = (await makeMedia(t.database)).id;
    const from = (await create("Waistcoats", "waistcoats")).json().data;
    const to = (await create("Formal Wear", "formal-wear")).json().data;
    const taxed = await inject(t.app, {
      method: "PUT",
      url: `/api/categories/${from._id}/tax`,
      cookie: admin,
      payload: { taxRate: 5, hsnCode: "6211" },
    });
    expect(taxed.statusCode, taxed.body).toBe(200);
    const shown = await makeProduct(t.database, { category: from._id, thumbnail });
    const hidden = await makeProduct(t.database, { category: from._id, thumbnail }, { isActive: false });

    const asked = await remove(from._id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      success: false,
      message: api.categoryHasProducts(2),
      errors: { moveTo: api.categoryHasProducts(2) },
    });
    expect((await read(from._id)).json().data).toMatchObject({ name: "Waistcoats", count: 1, taxRate: 5 });

    const moved = await remove(from._id, `?moveTo=${to._id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await read(from._id)).statusCode).toBe(404);
    expect((await read(to._id)).json().data).toEqual({ ...to, count: 1 });
    for (const product of [shown, hidden]) {
      const after = await inject(t.app, {
        method: "GET",
        url: `/api/products/${product._id}`,
        cookie: admin,
      });
      expect(after.json().data.category).toEqual({ _id: to._id, name: "Formal Wear", slug: "formal-wear" });
    }
    // Found by the name of the category it is in now.
    const found = await t.app.inject({ method: "GET", url: "/api/products?keyword=formal" });
    expect(found.json().data.map((row: { _id: string }) => row._id)).toContain(shown._id);
    expect(await lastDeletion()).toMatchObject({
      subject: { type: "category", id: from._id, label: "Waistcoats" },
      before: { name: "Waistcoats", taxRate: 5, hsnCode: "6211", products: 2 },
      after: { productsMovedTo: "Formal Wear" },
    });
  });

  it("refuses moving the products to the category itself or to an unknown one (400 at moveTo), and an unknown category (404)", async () => {
    const category = (await create("Pocket Squares", "pocket-squares")).json().data;
    const itself = await remove(category._id, `?moveTo=${category._id}`);
    expect(itself.statusCode).toBe(400);
    expect(itself.json().errors).toEqual({ moveTo: api.categoryMoveToItself });
    const unknown = await remove(category._id, `?moveTo=${newId()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ moveTo: api.categoryNotFound });
    const malformed = await remove(category._id, "?moveTo=nope");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ moveTo: validation.id });
    expect((await remove(newId())).statusCode).toBe(404);
    expect((await read(category._id)).statusCode).toBe(200);
  });

  it("refuses a category discount codes are limited to, naming them", async () => {
    const category = (await create("Tie Pins", "tie-pins")).json().data;
    const other = (await create("Tie Bars", "tie-bars")).json().data;
    const code = await inject(t.app, {
      method: "POST",
      url: "/api/discounts",
      cookie: admin,
      payload: {
        code: "PINS10",
        type: "percentage",
        value: 10,
        appliesTo: "categories",
        categories: [category._id],
      },
    });
    expect(code.statusCode, code.body).toBe(201);
    const refused = await remove(category._id, `?moveTo=${other._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(api.categoryInDiscounts(["PINS10"]));
    expect((await read(category._id)).statusCode).toBe(200);
  });

  it("refuses managers, shoppers and anonymous visitors", async () => {
    const category = (await create("Lapel Pins", "lapel-pins")).json().data;
    expect((await remove(category._id, "", manager)).statusCode).toBe(403);
    expect((await remove(category._id, "", shopper)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "DELETE", url: `/api/categories/${category._id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await read(category._id)).statusCode).toBe(200);
  });
});
