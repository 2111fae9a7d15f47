import { api, reviewModeration, validation } from "@shop/shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { products } from "#api/db/schema/products";
import { reviews } from "#api/db/schema/reviews";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";
import { listReviewsForStaff } from "./service";

let t: TestApp;
let admin: Caller;
let manager: Caller;
let shopper: Caller;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, shopper] = [
    await quickUser(t, "admin"),
    await quickUser(t, "manager"),
    await quickUser(t),
  ];
  refs = { category: (await makeCategory(t.database)).id, thumbnail: (await makeMedia(t.database)).id };
});
afterAll(async () => t.close());

/** A product with one review per rating given, each by a new shopper; answers the product and review ids. */
async function reviewedProduct(ratings: number[], title = "Really good value") {
  const product = await makeProduct(t.database, refs);
  const ids: string[] = [];
  for (const rating of ratings) {
    const author = await quickUser(t);
    const response = await inject(t.app, {
      method: "POST",
      url: `/api/products/${product._id}/reviews`,
      cookie: author.cookie,
      payload: { title, rating, comment: "Fits well and the material feels sturdy after a month." },
    });
    expect(response.statusCode, response.body).toBe(201);
    ids.push(response.json().data._id);
  }
  return { productId: product._id, reviewIds: ids };
}

async function ratingOf(productId: string) {
  const [row] = await t.database.db
    .select({ average: products.ratingAverage, count: products.ratingCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

async function publicReviews(productId: string) {
  const list = await t.app.inject({ method: "GET", url: `/api/products/${productId}/reviews` });
  const page = await t.app.inject({ method: "GET", url: `/api/products/${productId}` });
  return { list: list.json(), page: page.json().data };
}

function setHidden(reviewId: string, hidden: boolean, caller: Caller = manager) {
  return inject(t.app, {
    method: "PATCH",
    url: `/api/reviews/${reviewId}`,
    cookie: caller.cookie,
    payload: { hidden },
  });
}

describe("PATCH /api/reviews/:reviewId", () => {
  it("hides a review from the shop and its rating and count, and brings both back when shown", async () => {
    const { productId, reviewIds } = await reviewedProduct([5, 1]);
    const [, oneStar] = reviewIds as [string, string];
    expect(await ratingOf(productId)).toEqual({ average: 3, count: 2 });

    const hidden = await setHidden(oneStar, true);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().message).toBe(reviewModeration.hidden);
    expect(hidden.json().data).toMatchObject({ _id: oneStar, hidden: true, product: { _id: productId } });
    expect(await ratingOf(productId)).toEqual({ average: 5, count: 1 });
    const shop = await publicReviews(productId);
    expect(shop.list.data.map((review: { _id: string }) => review._id)).toEqual([reviewIds[0]]);
    expect(shop.list.meta.total).toBe(1);
    expect(shop.page.rating).toEqual({ average: 5, count: 1 });
    expect(shop.page.reviews.map((review: { _id: string }) => review._id)).toEqual([reviewIds[0]]);

    const shown = await setHidden(oneStar, false, admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().message).toBe(reviewModeration.shownAgain);
    expect(await ratingOf(productId)).toEqual({ average: 3, count: 2 });
    expect((await publicReviews(productId)).list.meta.total).toBe(2);
  });

  it("keeps a hidden review's row, refuses shoppers and answers 404 for an unknown review", async () => {
    const { reviewIds } = await reviewedProduct([4]);
    const id = reviewIds[0] as string;
    expect((await setHidden(id, true, shopper)).statusCode).toBe(403);
    await setHidden(id, true);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.hidden).toBe(true);
    const missing = await setHidden(newId(), true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(api.reviewNotFound);
    const bad = await inject(t.app, {
      method: "PATCH",
      url: `/api/reviews/${id}`,
      cookie: manager.cookie,
      payload: { hidden: "yes" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.hidden).toBe(validation.notAnOption);
  });
});

describe("PUT /api/reviews/:reviewId/reply", () => {
  it("sets the shop's reply, shown under the review in the product's public reviews", async () => {
    const { productId, reviewIds } = await reviewedProduct([2]);
    const id = reviewIds[0] as string;
    const response = await inject(t.app, {
      method: "PUT",
      url: `/api/reviews/${id}/reply`,
      cookie: manager.cookie,
      payload: { text: "  Sorry about the sizing: write to us and we will swap it.  " },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(reviewModeration.replied);
    const text = "Sorry about the sizing: write to us and we will swap it.";
    expect(response.json().data.reply).toEqual({ text, at: expect.any(String) });
    const shop = await publicReviews(productId);
    expect(shop.list.data[0].reply).toEqual({ text, at: expect.any(String) });
    expect(shop.page.reviews[0].reply.text).toBe(text);

    const blank = await inject(t.app, {
      method: "PUT",
      url: `/api/reviews/${id}/reply`,
      cookie: manager.cookie,
      payload: { text: "   " },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.text).toBe(validation.required);
    const missing = await inject(t.app, {
      method: "PUT",
      url: `/api/reviews/${newId()}/reply`,
      cookie: manager.cookie,
      payload: { text },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe("DELETE /api/reviews/:reviewId", () => {
  it("deletes anyone's review for staff and recomputes the product's rating; 404 after", async () => {
    const { productId, reviewIds } = await reviewedProduct([5, 3]);
    const id = reviewIds[1] as string;
    expect(
      (await inject(t.app, { method: "DELETE", url: `/api/reviews/${id}`, cookie: shopper.cookie }))
        .statusCode,
    ).toBe(403);
    const deleted = await inject(t.app, {
      method: "DELETE",
      url: `/api/reviews/${id}`,
      cookie: manager.cookie,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ratingOf(productId)).toEqual({ average: 5, count: 1 });
    const again = await inject(t.app, {
      method: "DELETE",
      url: `/api/reviews/${id}`,
      cookie: manager.cookie,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("GET /api/reviews", () => {
  it("lists every review newest first, hidden ones included, filtered by rating, product, keyword and visibility", async () => {
    const word = `Zephyr${Math.random().toString(36).slice(2, 8)}`;
    const first = await reviewedProduct([5, 2], `A ${word} worth having`);
    const second = await reviewedProduct([2]);
    await setHidden(first.reviewIds[1] as string, true);

    const list = async (query: string) => {
      const response = await inject(t.app, {
        method: "GET",
        url: `/api/reviews?${query}`,
        cookie: manager.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: { _id: string; hidden: boolean }[]; meta: { total: number } };
    };
    const ofFirst = await list(`product=${first.productId}&size=50`);
    expect(ofFirst.data.map((review) => review._id)).toEqual([...first.reviewIds].reverse());
    expect(ofFirst.data.map((review) => review.hidden)).toEqual([true, false]);
    expect((await list(`product=${first.productId}&rating=2`)).data.map((r) => r._id)).toEqual([
      first.reviewIds[1],
    ]);
    expect((await list(`product=${first.productId}&hidden=false`)).data.map((r) => r._id)).toEqual([
      first.reviewIds[0],
    ]);
    const byKeyword = await list(`keyword=${word}`);
    expect(byKeyword.meta.total).toBe(2);
    expect(byKeyword.data.map((r) => r._id).sort()).toEqual([...first.reviewIds].sort());
    const everything = await list("size=3");
    expect(everything.data[0]?._id).toBe(second.reviewIds[0]);

    const anonymous = await t.app.inject({ method: "GET", url: "/api/reviews" });
    expect(anonymous.statusCode).toBe(401);
    const customer = await inject(t.app, { method: "GET", url: "/api/reviews", cookie: shopper.cookie });
    expect(customer.statusCode).toBe(403);
    // Counted up to the cap: past it, the cap's total, the pages past it while reviews follow.
    const capped = await listReviewsForStaff(
      t.database.db,
      { product: first.productId },
      { page: 1, size: 1 },
      1,
    );
    expect(capped).toMatchObject({ total: 1, totalCapped: true, more: true });
    expect(capped.items.map((review) => review._id)).toEqual([first.reviewIds[1]]);
    expect((await list(`product=${first.productId}`)).meta).toEqual({
      page: 1,
      size: 8,
      total: 2,
      pageCount: 1,
    });
    const badRating = await inject(t.app, {
      method: "GET",
      url: "/api/reviews?rating=7",
      cookie: manager.cookie,
    });
    expect(badRating.statusCode).toBe(400);
  });
});
