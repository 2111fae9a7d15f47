/**
 * The wishlist: a signed-in shopper saves products (idempotently, at most WISHLIST_MAX), lists them
 * newest first as product cards read them, and removes them; closing the account empties it.
 */
import { errors, wishlistWords } from "@shop/shared/messages";
import { WISHLIST_MAX, type WishlistItemDto } from "@shop/shared/schemas/shopper-lists";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { productVariants } from "#api/db/schema/products";
import { wishlistItems } from "#api/db/schema/shoppers-lists";
import { createTestApp, inject, PASSWORD, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, makeProductWithVariants } from "#test/catalog";
import { type Caller, quickUser } from "#test/fixtures";

let t: TestApp;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  const [category, media] = [await makeCategory(t.database), await makeMedia(t.database)];
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t?.close());

const save = (caller: Caller | undefined, productId: string) =>
  inject(t.app, { method: "PUT", url: `/api/wishlist/${productId}`, cookie: caller?.cookie });
const remove = (caller: Caller | undefined, productId: string) =>
  inject(t.app, { method: "DELETE", url: `/api/wishlist/${productId}`, cookie: caller?.cookie });
async function list(caller: Caller): Promise<WishlistItemDto[]> {
  const response = await inject(t.app, { method: "GET", url: "/api/wishlist", cookie: caller.cookie });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("private, no-store");
  return response.json().data;
}

describe("the wishlist", () => {
  it("is the signed-in shopper's own: anonymous callers get 401 and nothing is saved", async () => {
    const product = await makeProduct(t.database, refs);
    expect((await save(undefined, product._id)).statusCode).toBe(401);
    expect((await remove(undefined, product._id)).statusCode).toBe(401);
    expect((await inject(t.app, { method: "GET", url: "/api/wishlist" })).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.productId, product._id));
    expect(rows).toEqual([]);
  });

  it("saves a product once: 201 the first time, 200 with the first time after", async () => {
    const shopper = await quickUser(t);
    const product = await makeProduct(t.database, refs);
    const first = await save(shopper, product._id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().message).toBe(wishlistWords.saved);
    expect(first.json().data.product).toBe(product._id);
    const again = await save(shopper, product._id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(wishlistWords.alreadySaved);
    expect(again.json().data.savedAt).toBe(first.json().data.savedAt);
    expect(await list(shopper)).toHaveLength(1);
  });

  it("lists the saved products newest first, with today's price, sale price, stock and thumbnail", async () => {
    const shopper = await quickUser(t);
    const plain = await makeProduct(t.database, refs, { price: 80, stock: 7 });
    const sized = await makeProductWithVariants(t.database, refs);
    expect((await save(shopper, plain._id)).statusCode).toBe(201);
    expect((await save(shopper, sized._id)).statusCode).toBe(201);
    // Today's price: a sale started after saving shows in the list.
    await t.database.db
      .update(productVariants)
      .set({ onSale: true, salePrice: 60 })
      .where(eq(productVariants.productId, plain._id));
    const items = await list(shopper);
    expect(items.map((item) => item.product._id)).toEqual([sized._id, plain._id]);
    const [newest, older] = items;
    expect(older?.product).toMatchObject({
      price: 80,
      onSale: true,
      salePrice: 60,
      stock: 7,
      variantCount: 1,
    });
    expect(older?.product.thumbnail?._id).toBe(refs.thumbnail);
    expect(newest?.product.options.map((option) => option.name)).toEqual(["Size", "Colour"]);
    expect(newest?.product.variantCount).toBe(6);
    expect(Date.parse(newest?.savedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(older?.savedAt ?? ""));
  });

  it("refuses an unknown or inactive product with 404, and leaves out one deactivated after saving", async () => {
    const shopper = await quickUser(t);
    const unknown = await save(shopper, newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(errors.productNotFound);
    const inactive = await makeProduct(t.database, refs, { isActive: false });
    expect((await save(shopper, inactive._id)).statusCode).toBe(404);

    const later = await makeProduct(t.database, refs);
    expect((await save(shopper, later._id)).statusCode).toBe(201);
    await t.database.db
      .update(productVariants)
      .set({ isActive: false })
      .where(eq(productVariants.productId, later._id));
    await t.database.db.execute(sql`update products set is_active = false where id = ${later._id}`);
    expect(await list(shopper)).toEqual([]);
    const kept = await t.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, shopper.user.id));
    expect(kept.map((row) => row.productId)).toEqual([later._id]);
  });

  it("removes a product, and answers the same when it is not there", async () => {
    const shopper = await quickUser(t);
    const product = await makeProduct(t.database, refs);
    await save(shopper, product._id);
    const removed = await remove(shopper, product._id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(wishlistWords.removed);
    expect(await list(shopper)).toEqual([]);
    expect((await remove(shopper, product._id)).statusCode).toBe(200);
    expect((await remove(shopper, newId())).statusCode).toBe(200);
  });

  it("keeps one shopper's list from another's", async () => {
    const [owner, other] = [await quickUser(t), await quickUser(t)];
    const product = await makeProduct(t.database, refs);
    await save(owner, product._id);
    expect(await list(other)).toEqual([]);
    await remove(other, product._id);
    expect((await list(owner)).map((item) => item.product._id)).toEqual([product._id]);
  });

  it(`holds at most ${WISHLIST_MAX} products: 409 beyond, room again once one is removed`, async () => {
    const shopper = await quickUser(t);
    // The list filled straight in the database: WISHLIST_MAX products and their saves.
    const ids = Array.from({ length: WISHLIST_MAX }, () => newId());
    await t.database.db.execute(sql`
      insert into products (id, name, price, is_active, category_id)
      select id, 'Filler ' || id, 10, true, ${refs.category}
      from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'`).join(",")}]`)}::char(24)[]) as id`);
    await t.database.db
      .insert(wishlistItems)
      .values(ids.map((productId) => ({ userId: shopper.user.id, productId })));
    const product = await makeProduct(t.database, refs);
    const full = await save(shopper, product._id);
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().message).toBe(wishlistWords.full(WISHLIST_MAX));
    // One already saved is still answered as saved.
    expect((await save(shopper, ids[0] ?? "")).statusCode).toBe(200);
    expect(await list(shopper)).toHaveLength(WISHLIST_MAX);
    await remove(shopper, ids[0] ?? "");
    expect((await save(shopper, product._id)).statusCode).toBe(201);
  });

  it("is emptied when its shopper closes the account", async () => {
    const shopper = await quickUser(t);
    const product = await makeProduct(t.database, refs);
    await save(shopper, product._id);
    const closed = await inject(t.app, {
      method: "DELETE",
      url: "/api/users/current-user",
      cookie: shopper.cookie,
      payload: { currentPassword: PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, shopper.user.id));
    expect(rows).toEqual([]);
  });
});
