import { api, errors, formErrors, successes, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import type { Category } from "#api/db/schema/categories";
import { type Media, media } from "#api/db/schema/media";
import { orderItems, orders } from "#api/db/schema/orders";
import { productGallery, products } from "#api/db/schema/products";
import { reviews } from "#api/db/schema/reviews";
import { createTestApp, createUser, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, productBody } from "#test/catalog";
import { ADDRESS } from "#test/fixtures";
import { readList, walkByCursor } from "#test/paging";

let t: TestApp;
let admin: string;
let manager: string;
let shopper: string;
let category: Category;
let thumbnail: Media;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  const [a, m, s] = await Promise.all([
    signedInUser(t, "admin"),
    signedInUser(t, "manager"),
    signedInUser(t),
  ]);
  [admin, manager, shopper] = [a.cookie, m.cookie, s.cookie];
  category = await makeCategory(t.database, "Shoes");
  thumbnail = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: thumbnail.id };
});
afterAll(async () => t.close());

describe("GET /api/products", () => {
  it("lists active products newest first in the envelope with paging meta", async () => {
    const own = await makeCategory(t.database);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeProduct(t.database, { ...refs, category: own.id }));
    await makeProduct(t.database, { ...refs, category: own.id }, { isActive: false });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/categories/id/${own.id}/products?size=2&page=1`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: api.ok,
      meta: { page: 1, size: 2, pageCount: 2, total: 3 },
    });
    expect(body.data.map((p: { _id: string }) => p._id)).toEqual([made[2]?._id, made[1]?._id]);
    expect(body.data[0]).toEqual({
      _id: made[2]?._id,
      name: made[2]?.name,
      price: 100,
      onSale: false,
      salePrice: 0,
      stock: 10,
      isActive: true,
      category: { _id: own.id, name: own.name, slug: own.slug },
      options: [],
      variantCount: 1,
      thumbnail: {
        _id: thumbnail.id,
        name: thumbnail.name,
        url: thumbnail.url,
        width: 640,
        height: 640,
        variants: [
          { width: 320, url: `/media/images/${thumbnail.id}/320.webp` },
          { width: 640, url: `/media/images/${thumbnail.id}/640.webp` },
        ],
        createdAt: thumbnail.createdAt.toISOString(),
      },
      rating: { average: 0, count: 0 },
      createdAt: expect.any(String),
    });

    const all = await t.app.inject({ method: "GET", url: "/api/products?size=1000" });
    expect(all.json().data.every((p: { isActive: boolean }) => p.isActive)).toBe(true);
    expect(all.json().meta.total).toBe(all.json().data.length);
  });

  it("orders by best-selling and by price, and refuses an unknown sort or a bad page with 400", async () => {
    const own = await makeCategory(t.database);
    const cheap = await makeProduct(t.database, { ...refs, category: own.id }, { price: 10 });
    const dear = await makeProduct(t.database, { ...refs, category: own.id }, { price: 500 });
    const onSale = await makeProduct(
      t.database,
      { ...refs, category: own.id },
      { price: 900, onSale: true, salePrice: 5 },
    );
    await t.database.db.update(products).set({ soldCount: 40 }).where(eq(products.id, cheap._id));
    await t.database.db.update(products).set({ soldCount: 7 }).where(eq(products.id, dear._id));
    const ids = async (query: string) =>
      (await t.app.inject({ method: "GET", url: `/api/categories/id/${own.id}/products?${query}` }))
        .json()
        .data.map((p: { _id: string }) => p._id);
    expect(await ids("sort=best-selling")).toEqual([cheap._id, dear._id, onSale._id]);
    expect(await ids("sort=price-asc")).toEqual([onSale._id, cheap._id, dear._id]);
    expect(await ids("sort=price-desc")).toEqual([dear._id, cheap._id, onSale._id]);

    const badSort = await t.app.inject({ method: "GET", url: "/api/products?sort=cheapest" });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().errors.sort).toMatch(/^This must be one of the following: relevance/);
    const badPage = await t.app.inject({ method: "GET", url: "/api/products?page=0" });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errors).toEqual({ page: validation.min(1) });
  });

  it("lists only active products on sale at /on-sale", async () => {
    const sale = await makeProduct(t.database, refs, { onSale: true, salePrice: 60 });
    await makeProduct(t.database, refs, { onSale: true, salePrice: 60, isActive: false });
    const response = await t.app.inject({ method: "GET", url: "/api/products/on-sale?size=1000" });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { _id: string; onSale: boolean; isActive: boolean }[];
    expect(data.map((p) => p._id)).toContain(sale._id);
    expect(data.every((p) => p.onSale && p.isActive)).toBe(true);
  });

  it("walks lists newest first by cursor, each product once, products of the same moment included", async () => {
    const own = await makeCategory(t.database);
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeProduct(t.database, { ...refs, category: own.id }));
    // Five created at the very same microsecond: only their ids order them.
    const moment = new Date("2022-02-22T02:22:22.222Z");
    for (const [i, product] of made.entries()) {
      const createdAt = i < 5 ? moment : new Date(moment.getTime() - i * 1000);
      await t.database.db.update(products).set({ createdAt }).where(eq(products.id, product._id));
    }
    const path = `/api/categories/id/${own.id}/products`;
    const expected = (await readList(t, `${path}?size=100`, shopper)).ids;
    expect([...expected].sort()).toEqual(made.map((product) => product._id).sort());
    expect(expected.slice(0, 5)).toEqual(expected.slice(0, 5).sort().reverse());
    for (const size of [1, 2, 3]) expect(await walkByCursor(t, path, shopper, size)).toEqual(expected);
    // The dashboard's lists: all active products and the inactive ones (a query of its own: the read
    // cache may hold an answer from before this test's products, made without a request).
    for (const list of ["/api/products?sort=newest", "/api/products/inactive?sort=newest"]) {
      const whole = (await readList(t, `${list}&size=999`, admin)).ids;
      expect(await walkByCursor(t, list, admin, 4), list).toEqual(whole);
    }
  });

  it("refuses `after` on a list that is not newest first without keyword nor filter, and one not a cursor", async () => {
    const { meta } = await readList(t, "/api/products?size=1", shopper);
    const after = encodeURIComponent(meta.next ?? "");
    expect(meta.next).toEqual(expect.any(String));
    for (const query of [
      `keyword=shoe&after=${after}`,
      `sort=price-asc&after=${after}`,
      `onSale=true&after=${after}`,
      "after=abc",
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toEqual({ after: validation.cursor });
    }
    // A keyword's results are the newest 500 at most: they page by offset, with no cursor.
    expect((await readList(t, "/api/products?keyword=product&size=1", shopper)).meta.next).toBeUndefined();
  });

  it("lists inactive products for staff only", async () => {
    const hidden = await makeProduct(t.database, refs, { isActive: false });
    expect((await t.app.inject({ method: "GET", url: "/api/products/inactive" })).statusCode).toBe(401);
    const asShopper = await inject(t.app, { method: "GET", url: "/api/products/inactive", cookie: shopper });
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.json()).toEqual({ success: false, message: api.forbidden });
    for (const cookie of [manager, admin]) {
      const response = await inject(t.app, {
        method: "GET",
        url: "/api/products/inactive?size=1000",
        cookie,
      });
      expect(response.statusCode).toBe(200);
      const data = response.json().data as { _id: string; isActive: boolean }[];
      expect(data.map((p) => p._id)).toContain(hidden._id);
      expect(data.every((p) => !p.isActive)).toBe(true);
    }
  });
});

describe("GET /api/products/:id", () => {
  it("shows a product with its gallery in order and its latest reviews", async () => {
    const [first, second] = [await makeMedia(t.database, "a.png"), await makeMedia(t.database, "b.png")];
    const product = await makeProduct(t.database, refs, { gallery: [second.id, first.id] });
    const { user } = await createUser(t.database);
    await t.database.db.insert(reviews).values({
      productId: product._id,
      userId: user.id,
      title: "Comfortable all day",
      rating: 4,
      comment: "Wore them on a long walk without any trouble.",
    });
    const response = await t.app.inject({ method: "GET", url: `/api/products/${product._id}` });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.description).toBe(product.description);
    expect(data.gallery.map((m: { _id: string }) => m._id)).toEqual([second.id, first.id]);
    expect(data.reviews).toHaveLength(1);
    expect(data.reviews[0]).toMatchObject({
      title: "Comfortable all day",
      rating: 4,
      user: { _id: user.id, name: { firstName: user.firstName, lastName: user.lastName }, avatar: null },
    });
  });

  it("answers 404 'Product not found.' for an unknown id and 400 for a malformed one", async () => {
    const unknown = await t.app.inject({ method: "GET", url: `/api/products/${newId()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: errors.productNotFound });
    const malformed = await t.app.inject({ method: "GET", url: "/api/products/nope" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ productId: validation.id });
  });

  it("hides an inactive product ('Product is not available.') from everyone but staff", async () => {
    const hidden = await makeProduct(t.database, refs, { isActive: false });
    const url = `/api/products/${hidden._id}`;
    for (const cookie of [undefined, shopper]) {
      const response = await inject(t.app, { method: "GET", url, cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, message: errors.productNotAvailable });
    }
    for (const cookie of [manager, admin]) {
      const response = await inject(t.app, { method: "GET", url, cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.isActive).toBe(false);
    }
  });
});

describe("POST /api/products", () => {
  it("lets a manager create a product with a gallery and refuses anonymous visitors and shoppers", async () => {
    const extra = await makeMedia(t.database);
    const body = productBody(refs, {
      name: "Trail Running Shoe",
      onSale: true,
      salePrice: 79.99,
      price: 99.5,
      gallery: [extra.id, extra.id, thumbnail.id],
    });
    expect((await t.app.inject({ method: "POST", url: "/api/products", payload: body })).statusCode).toBe(
      401,
    );
    expect(
      (await inject(t.app, { method: "POST", url: "/api/products", payload: body, cookie: shopper }))
        .statusCode,
    ).toBe(403);
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      payload: body,
      cookie: manager,
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      name: "Trail Running Shoe",
      price: 99.5,
      onSale: true,
      salePrice: 79.99,
      stock: 10,
      isActive: true,
      category: { _id: category.id, slug: category.slug },
      thumbnail: { _id: thumbnail.id },
      reviews: [],
    });
    // Repeated gallery ids are kept once, in the order given.
    expect(data.gallery.map((m: { _id: string }) => m._id)).toEqual([extra.id, thumbnail.id]);
  });

  it("answers bad input with 400, the form message and each field's SPEC message", async () => {
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin,
      payload: {
        name: "Shoe",
        description: "Too short.",
        price: "ten",
        stock: -1,
        isActive: "yes",
        category: "nope",
        thumbnail: thumbnail.id,
        gallery: "x",
        role: "admin",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: formErrors.product,
      errors: {
        name: validation.productName,
        description: validation.productDescription,
        price: validation.number,
        stock: validation.min(0),
        isActive: validation.notAnOption,
        category: validation.id,
        gallery: validation.notAnOption,
        role: validation.unknownField,
      },
    });
  });

  it("requires a sale price below the price while on sale", async () => {
    for (const salePrice of [undefined, 100, 120]) {
      const response = await inject(t.app, {
        method: "POST",
        url: "/api/products",
        cookie: admin,
        payload: productBody(refs, { onSale: true, salePrice }),
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(["salePrice"]);
    }
  });

  it("refuses a product on sale at 0, on create and on update, and changes nothing", async () => {
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin,
      payload: productBody(refs, { onSale: true, salePrice: 0 }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ salePrice: validation.min(0.01) });
    const product = await makeProduct(t.database, refs, { price: 100, onSale: true, salePrice: 80 });
    const updated = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: productBody(refs, { price: 100, onSale: true, salePrice: 0 }),
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors).toEqual({ salePrice: validation.min(0.01) });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product._id));
    expect(row).toMatchObject({ onSale: true, salePrice: 80 });
  });

  it("stores a sale price of 0 for a product off sale", async () => {
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin,
      payload: productBody(refs, { onSale: false, salePrice: 40 }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ onSale: false, salePrice: 0 });
  });

  it("answers 400 naming the field for an unknown category, thumbnail or gallery image, and stores nothing", async () => {
    const [before] = await t.database.db.select({ id: products.id }).from(products).limit(1000);
    const response = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin,
      payload: productBody(
        { category: newId(), thumbnail: newId() },
        { name: "Ghost Product", gallery: [thumbnail.id, newId()] },
      ),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: formErrors.product,
      errors: { category: api.categoryNotFound, thumbnail: api.mediaNotFound, gallery: api.mediaNotFound },
    });
    expect(before).toBeDefined();
    const ghosts = await t.database.db.select().from(products).where(eq(products.name, "Ghost Product"));
    expect(ghosts).toEqual([]);
  });
});

describe("PUT /api/products/:productId", () => {
  it("replaces every field and the gallery", async () => {
    const [a, b] = [await makeMedia(t.database), await makeMedia(t.database)];
    const product = await makeProduct(t.database, refs, { gallery: [a.id] });
    const other = await makeCategory(t.database, "Watches");
    const response = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      cookie: manager,
      payload: {
        ...productBody({ category: other.id, thumbnail: b.id }, { name: "Renamed Product", gallery: [b.id] }),
        productId: product._id,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: "Renamed Product",
      category: { _id: other.id, name: "Watches" },
      thumbnail: { _id: b.id },
      gallery: [{ _id: b.id }],
    });
    const gallery = await t.database.db
      .select()
      .from(productGallery)
      .where(eq(productGallery.productId, product._id));
    expect(gallery.map((g) => g.mediaId)).toEqual([b.id]);
  });

  it("refuses a body naming another product, an unknown product, and non-staff", async () => {
    const product = await makeProduct(t.database, refs);
    const mismatch = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: { ...productBody(refs), productId: newId() },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ productId: api.invalidInput });
    const unknown = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${newId()}`,
      cookie: admin,
      payload: productBody(refs),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(errors.productNotFound);
    const forbidden = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      cookie: shopper,
      payload: productBody(refs),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("PATCH /api/products/:productId", () => {
  it("activates and deactivates with the SPEC success message", async () => {
    const product = await makeProduct(t.database, refs);
    const off = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: manager,
      payload: { key: "isActive", value: false, productId: product._id },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: successes.productStatus(false), data: { isActive: false } });
    expect((await t.app.inject({ method: "GET", url: `/api/products/${product._id}` })).statusCode).toBe(404);
    const on = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: { key: "isActive", value: true },
    });
    expect(on.json()).toMatchObject({ message: successes.productStatus(true), data: { isActive: true } });
  });

  it("turning onSale off resets the sale price to 0; turning it on without a sale price is refused", async () => {
    const product = await makeProduct(t.database, refs, { onSale: true, salePrice: 70 });
    const off = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: { key: "onSale", value: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ onSale: false, salePrice: 0 });
    const on = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: { key: "onSale", value: true },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json()).toEqual({
      success: false,
      message: api.salePriceRequired,
      errors: { salePrice: api.salePriceRequired },
    });
  });

  it("refuses another key, an unknown product and non-staff", async () => {
    const product = await makeProduct(t.database, refs);
    const badKey = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: { key: "price", value: 0 },
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json()).toEqual({
      success: false,
      message: formErrors.product,
      errors: { key: validation.oneOf(["isActive", "onSale"]), value: validation.notAnOption },
    });
    const unknown = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${newId()}`,
      cookie: admin,
      payload: { key: "isActive", value: true },
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: `/api/products/${product._id}`,
      payload: { key: "isActive", value: false },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("DELETE /api/products/:id", () => {
  it("deletes a product with its gallery and reviews, then answers 404", async () => {
    const product = await makeProduct(t.database, refs, { gallery: [thumbnail.id] });
    const { user } = await createUser(t.database);
    await t.database.db.insert(reviews).values({
      productId: product._id,
      userId: user.id,
      title: "Lovely and light",
      rating: 5,
      comment: "Exactly as described and very light.",
    });
    expect(
      (await inject(t.app, { method: "DELETE", url: `/api/products/${product._id}`, cookie: shopper }))
        .statusCode,
    ).toBe(403);
    const response = await inject(t.app, {
      method: "DELETE",
      url: `/api/products/${product._id}`,
      cookie: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: api.deleted, data: null });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.productId, product._id))).toEqual([]);
    const again = await inject(t.app, {
      method: "DELETE",
      url: `/api/products/${product._id}`,
      cookie: manager,
    });
    expect(again.statusCode).toBe(404);
    // The media itself stays: it may be used elsewhere.
    expect(await t.database.db.select().from(media).where(eq(media.id, thumbnail.id))).toHaveLength(1);
  });

  it("keeps a product that has been ordered: 409 suggesting to deactivate it", async () => {
    const product = await makeProduct(t.database, refs);
    const { user } = await createUser(t.database);
    const [order] = await t.database.db
      .insert(orders)
      .values({
        userId: user.id,
        subTotal: 100,
        totalAmount: 198,
        shippingAddress: ADDRESS,
      })
      .returning();
    if (!order) throw new Error("no order");
    const [variant] = product.variants;
    if (!variant) throw new Error("no variant");
    await t.database.db.insert(orderItems).values({
      orderId: order.id,
      productId: product._id,
      variantId: variant._id,
      variantSku: variant.sku,
      name: product.name,
      price: 100,
      originalPrice: 100,
      quantity: 1,
    });
    const response = await inject(t.app, {
      method: "DELETE",
      url: `/api/products/${product._id}`,
      cookie: admin,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: api.productHasOrders });
    expect((await t.app.inject({ method: "GET", url: `/api/products/${product._id}` })).statusCode).toBe(200);
  });
});

describe("refusals in the shop's words", () => {
  it("refuses a gallery entry that is not a string, and a repeated keyword", async () => {
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin,
      payload: { ...productBody(refs), gallery: [null] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors).toEqual({ "gallery.0": validation.id });
    const listed = await t.app.inject({ method: "GET", url: "/api/products?keyword=a&keyword=b" });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual({
      success: false,
      message: api.invalidInput,
      errors: { keyword: validation.notAnOption },
    });
  });
});
