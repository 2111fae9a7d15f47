import { api, errors, formErrors, successes, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { products } from "#api/db/schema/products";
import { reviews } from "#api/db/schema/reviews";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";

let t: TestApp;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  refs = { category: (await makeCategory(t.database)).id, thumbnail: (await makeMedia(t.database)).id };
});
afterAll(async () => t.close());

const review = (rating = 4, title = "Really good value") => ({
  title,
  rating,
  comment: "Fits well and the material feels sturdy after a month.",
});

async function post(productId: string, cookie: string | undefined, payload: object = review()) {
  return inject(t.app, { method: "POST", url: `/api/products/${productId}/reviews`, cookie, payload });
}

async function ratingOf(productId: string) {
  const [row] = await t.database.db
    .select({ average: products.ratingAverage, count: products.ratingCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

describe("POST /api/products/:productId/reviews", () => {
  it("adds a signed-in shopper's review, updates the rating, and refuses a second one with 409", async () => {
    const product = await makeProduct(t.database, refs);
    const { cookie, user } = await signedInUser(t);
    const created = await post(product._id, cookie, review(4));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      success: true,
      message: successes.review,
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        title: "Really good value",
        rating: 4,
        comment: review().comment,
        user: { _id: user.id, name: { firstName: user.firstName, lastName: user.lastName }, avatar: null },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        reply: null,
      },
    });
    expect(await ratingOf(product._id)).toEqual({ average: 4, count: 1 });

    const second = await post(product._id, cookie, review(1));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, message: api.reviewExists });
    expect(await ratingOf(product._id)).toEqual({ average: 4, count: 1 });

    const other = await signedInUser(t);
    await post(product._id, other.cookie, review(5));
    const third = await signedInUser(t);
    await post(product._id, third.cookie, review(2));
    expect(await ratingOf(product._id)).toEqual({ average: 3.67, count: 3 });
    const page = await t.app.inject({ method: "GET", url: `/api/products/${product._id}` });
    expect(page.json().data.rating).toEqual({ average: 3.67, count: 3 });
  });

  it("keeps one review when the same shopper posts twice at once, and counts it once", async () => {
    const product = await makeProduct(t.database, refs);
    const { cookie } = await signedInUser(t);
    const statuses = (await Promise.all([post(product._id, cookie), post(product._id, cookie)])).map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await ratingOf(product._id)).toEqual({ average: 4, count: 1 });
  });

  it("stores the text as given (trimmed), never HTML-escaped", async () => {
    const product = await makeProduct(t.database, refs);
    const { cookie } = await signedInUser(t);
    const title = `  <b>Bold</b> & "quoted" 'fine'  `;
    const comment = `<script>alert("x")</script> still a comment & more`;
    const response = await post(product._id, cookie, { title, rating: 3, comment });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ title: title.trim(), comment });
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.productId, product._id));
    expect(row).toMatchObject({ title: title.trim(), comment });
  });

  it("refuses anonymous visitors, unknown and inactive products", async () => {
    const product = await makeProduct(t.database, refs);
    expect((await post(product._id, undefined)).statusCode).toBe(401);
    const { cookie } = await signedInUser(t);
    const unknown = await post(newId(), cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(errors.productNotFound);
    const inactive = await makeProduct(t.database, refs, { isActive: false });
    const refused = await post(inactive._id, cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(errors.productNotAvailable);
  });

  it("answers bad input with 400, 'Some required fields are missing.' and each field's message", async () => {
    const product = await makeProduct(t.database, refs);
    const { cookie } = await signedInUser(t);
    const response = await post(product._id, cookie, {
      title: "Short",
      rating: 6,
      comment: "Too short",
      extra: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: formErrors.review,
      errors: {
        title: validation.reviewTitle,
        rating: validation.reviewRating,
        comment: validation.reviewComment,
        extra: validation.unknownField,
      },
    });
    const missing = await post(product._id, cookie, {});
    expect(missing.json()).toMatchObject({
      message: formErrors.review,
      errors: { title: validation.required, rating: validation.number, comment: validation.required },
    });
  });
});

describe("GET /api/products/:id/reviews", () => {
  it("pages reviews newest first with the author's name and avatar", async () => {
    const product = await makeProduct(t.database, refs);
    const titles = [];
    for (let i = 0; i < 3; i++) {
      const { cookie } = await signedInUser(t);
      const title = `Review number ${i} here`;
      titles.push(title);
      expect((await post(product._id, cookie, review(5, title))).statusCode).toBe(201);
    }
    const first = await t.app.inject({ method: "GET", url: `/api/products/${product._id}/reviews?size=2` });
    expect(first.statusCode).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, size: 2, pageCount: 2, total: 3 });
    const second = await t.app.inject({
      method: "GET",
      url: `/api/products/${product._id}/reviews?size=2&page=2`,
    });
    const got = [...first.json().data, ...second.json().data].map((r: { title: string }) => r.title);
    expect(got).toEqual([...titles].reverse());
    expect(first.json().data[0].user).toMatchObject({ name: { firstName: "Test" }, avatar: null });
  });

  it("answers 404 for an unknown product and 'Product is not available.' for an inactive one", async () => {
    const unknown = await t.app.inject({ method: "GET", url: `/api/products/${newId()}/reviews` });
    expect(unknown.statusCode).toBe(404);
    const inactive = await makeProduct(t.database, refs, { isActive: false });
    const hidden = await t.app.inject({ method: "GET", url: `/api/products/${inactive._id}/reviews` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(errors.productNotAvailable);
  });
});

describe("PUT /api/products/:productId/reviews/:reviewId", () => {
  it("lets the author change the review and recomputes the rating; anyone else gets 404", async () => {
    const product = await makeProduct(t.database, refs);
    const author = await signedInUser(t);
    const id = (await post(product._id, author.cookie, review(2))).json().data._id;
    const url = `/api/products/${product._id}/reviews/${id}`;

    const changed = await inject(t.app, {
      method: "PUT",
      url,
      cookie: author.cookie,
      payload: review(5, "Changed my mind"),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ _id: id, rating: 5, title: "Changed my mind" });
    expect(await ratingOf(product._id)).toEqual({ average: 5, count: 1 });

    const stranger = await signedInUser(t);
    const refused = await inject(t.app, { method: "PUT", url, cookie: stranger.cookie, payload: review(1) });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ success: false, message: api.reviewNotFound });
    const admin = await signedInUser(t, "admin");
    expect(
      (await inject(t.app, { method: "PUT", url, cookie: admin.cookie, payload: review(1) })).statusCode,
    ).toBe(404);
    // The review under another product's path is not found either.
    const elsewhere = await makeProduct(t.database, refs);
    const wrongPath = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${elsewhere._id}/reviews/${id}`,
      cookie: author.cookie,
      payload: review(1),
    });
    expect(wrongPath.statusCode).toBe(404);
    expect(await ratingOf(product._id)).toEqual({ average: 5, count: 1 });
    expect((await t.app.inject({ method: "PUT", url, payload: review(1) })).statusCode).toBe(401);
    const bad = await inject(t.app, {
      method: "PUT",
      url,
      cookie: author.cookie,
      payload: { ...review(), rating: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: formErrors.review,
      errors: { rating: validation.reviewRating },
    });
  });
});

describe("DELETE /api/products/:id/reviews", () => {
  it("deletes the caller's own review and recomputes the rating; 404 when there is none", async () => {
    const product = await makeProduct(t.database, refs);
    const keeper = await signedInUser(t);
    const leaver = await signedInUser(t);
    await post(product._id, keeper.cookie, review(4));
    await post(product._id, leaver.cookie, review(1));
    expect(await ratingOf(product._id)).toEqual({ average: 2.5, count: 2 });

    const url = `/api/products/${product._id}/reviews`;
    const deleted = await inject(t.app, { method: "DELETE", url, cookie: leaver.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: api.deleted, data: null });
    expect(await ratingOf(product._id)).toEqual({ average: 4, count: 1 });

    const again = await inject(t.app, { method: "DELETE", url, cookie: leaver.cookie });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(api.reviewNotFound);
    expect((await t.app.inject({ method: "DELETE", url })).statusCode).toBe(401);

    await inject(t.app, { method: "DELETE", url, cookie: keeper.cookie });
    expect(await ratingOf(product._id)).toEqual({ average: 0, count: 0 });
    // The shopper may review again once the old review is gone.
    expect((await post(product._id, keeper.cookie, review(3))).statusCode).toBe(201);
  });
});
