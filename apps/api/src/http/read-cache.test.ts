import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "#api/db/schema/categories";
import { products } from "#api/db/schema/products";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, productBody } from "#test/catalog";
import { etagMatches, ReadCache } from "./read-cache";

describe("ReadCache", () => {
  const body = (text: string) => Buffer.from(text);

  it("keeps an answer for its lifetime only", () => {
    let now = 1_000;
    const cache = new ReadCache({ ttlMs: 5_000, now: () => now });
    cache.set("a", body("one"), cache.begin());
    now += 4_999;
    expect(cache.get("a")?.body.toString()).toBe("one");
    now += 1;
    expect(cache.get("a")).toBeUndefined();
  });

  it("never stores an answer read before a clear, so a write cannot be undone by a slow read", () => {
    const cache = new ReadCache();
    const token = cache.begin();
    cache.clear();
    expect(cache.set("a", body("read before the write"), token)).toBeUndefined();
    expect(cache.get("a")).toBeUndefined();
    cache.set("a", body("read after the write"), cache.begin());
    expect(cache.get("a")?.body.toString()).toBe("read after the write");
  });

  it("drops the oldest answers past its byte budget, and never keeps one larger than it", () => {
    const cache = new ReadCache({ maxBytes: 10 });
    cache.set("a", body("aaaa"), cache.begin());
    cache.set("b", body("bbbb"), cache.begin());
    cache.set("c", body("cccc"), cache.begin());
    expect([cache.get("a"), cache.get("b"), cache.get("c")].map((e) => e?.body.toString())).toEqual([
      undefined,
      "bbbb",
      "cccc",
    ]);
    cache.set("d", body("d".repeat(11)), cache.begin());
    expect(cache.get("d")).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it("reads the database once for requests that miss the same key together, unless the answer is private", async () => {
    const cache = new ReadCache();
    let reads = 0;
    const produce = (shared: boolean) => async () => {
      reads += 1;
      const read = reads;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { body: body(`answer ${read}`), shared };
    };
    const together = await Promise.all([1, 2, 3].map(() => cache.load("a", produce(true))));
    expect(reads).toBe(1);
    expect(new Set(together.map((entry) => entry.body.toString()))).toEqual(new Set(["answer 1"]));

    reads = 0;
    const apart = await Promise.all([1, 2, 3].map(() => cache.load("b", produce(false))));
    expect(reads).toBe(3);
    expect(apart.map((entry) => entry.body.toString()).sort()).toEqual(["answer 1", "answer 2", "answer 3"]);
    expect(cache.get("b")).toBeUndefined();
  });

  it("hands no request an answer read before a clear that came after it started waiting", async () => {
    const cache = new ReadCache();
    let reads = 0;
    const produce = async () => {
      reads += 1;
      const read = reads;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { body: body(`read ${read}`), shared: true };
    };
    const before = cache.load("a", produce);
    cache.clear();
    const after = cache.load("a", produce);
    expect((await before).body.toString()).toBe("read 1");
    expect((await after).body.toString()).toBe("read 2");
    expect(cache.get("a")?.body.toString()).toBe("read 2");
  });

  it("gives the same ETag to the same bytes and matches If-None-Match lists, weak tags and *", () => {
    const cache = new ReadCache();
    const etag = cache.set("a", body("same"), cache.begin())?.etag ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(cache.set("b", body("same"), cache.begin())?.etag).toBe(etag);
    expect(cache.set("c", body("other"), cache.begin())?.etag).not.toBe(etag);
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"x", W/${etag}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"x"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});

describe("the catalogue read cache", () => {
  let t: TestApp;
  let admin: string;
  let shopper: string;
  let category: Category;
  let refs: { category: string; thumbnail: string };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, shopper] = await Promise.all([
      signedInUser(t, "admin").then((u) => u.cookie),
      signedInUser(t).then((u) => u.cookie),
    ]);
    category = await makeCategory(t.database, "Lamps");
    refs = { category: category.id, thumbnail: (await makeMedia(t.database)).id };
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
    inject(t.app, { method: "GET", url, headers, cookie });

  /** Changes a row behind the API's back: only the cache can still show the old value. */
  const renameInDatabase = (id: string, name: string) =>
    t.database.db.update(products).set({ name }).where(eq(products.id, id));

  it("answers a repeated read from memory, with an ETag, and 304 to a client that holds it", async () => {
    const product = await makeProduct(t.database, refs, { name: "Brass Desk Lamp" });
    const first = await get(`/api/products/${product._id}`);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    await renameInDatabase(product._id, "Renamed behind the cache");
    const second = await get(`/api/products/${product._id}`);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");

    const repeat = await get(`/api/products/${product._id}`, { "if-none-match": etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe("");
    expect(repeat.headers.etag).toBe(etag);
    const changed = await get(`/api/products/${product._id}`, { "if-none-match": '"something else"' });
    expect(changed.statusCode).toBe(200);
  });

  it("keys lists by their parsed query: defaults, clamped sizes and unknown parameters share an entry", async () => {
    const own = await makeCategory(t.database);
    await makeProduct(t.database, { ...refs, category: own.id }, { name: "Opal Floor Lamp" });
    const url = `/api/categories/id/${own.id}/products`;
    const first = await get(url);
    await t.database.db.update(products).set({ name: "Changed" }).where(eq(products.categoryId, own.id));
    for (const variant of [`${url}?page=1&size=8`, `${url}?utm_source=mail`, `${url}?page=&size=8`]) {
      expect((await get(variant)).body).toBe(first.body);
    }
    // Another page size is another answer.
    expect((await get(`${url}?size=9`)).json().data[0].name).toBe("Changed");
  });

  it("shows a product write at once: create, edit, sale, deactivation and deletion", async () => {
    const own = await makeCategory(t.database);
    const list = `/api/categories/id/${own.id}/products`;
    expect((await get(list)).json().meta.total).toBe(0);
    expect(
      (await get("/api/categories")).json().data.find((c: { _id: string }) => c._id === own.id).count,
    ).toBe(0);

    const created = await inject(t.app, {
      method: "POST",
      url: "/api/products",
      cookie: admin,
      payload: productBody({ ...refs, category: own.id }, { name: "Linen Pendant Lamp", price: 80 }),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    expect((await get(list)).json().data.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect(
      (await get("/api/categories")).json().data.find((c: { _id: string }) => c._id === own.id).count,
    ).toBe(1);
    expect((await get(`/api/products/${id}`)).json().data.name).toBe("Linen Pendant Lamp");

    const edited = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${id}`,
      cookie: admin,
      payload: productBody(
        { ...refs, category: own.id },
        { name: "Linen Pendant Light", price: 80, onSale: true, salePrice: 60 },
      ),
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(`/api/products/${id}`)).json().data).toMatchObject({
      name: "Linen Pendant Light",
      salePrice: 60,
    });
    expect(
      (await get("/api/products/on-sale?size=1000")).json().data.map((p: { _id: string }) => p._id),
    ).toContain(id);

    const off = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${id}`,
      cookie: admin,
      payload: { key: "onSale", value: false },
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await get("/api/products/on-sale?size=1000")).json().data.map((p: { _id: string }) => p._id),
    ).not.toContain(id);

    const deleted = await inject(t.app, { method: "DELETE", url: `/api/products/${id}`, cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/products/${id}`)).statusCode).toBe(404);
    expect((await get(list)).json().meta.total).toBe(0);
  });

  it("never lets an inactive product out of the cache, and never stores a staff view of one", async () => {
    const product = await makeProduct(t.database, refs, { name: "Rattan Table Lamp" });
    const keyword = `/api/products?keyword=${encodeURIComponent("rattan")}`;
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(200);
    expect((await get(keyword)).json().data.map((p: { _id: string }) => p._id)).toEqual([product._id]);

    const patched = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: admin,
      payload: { key: "isActive", value: false },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);
    expect((await get(keyword)).json().data).toEqual([]);

    // Staff still see it, privately; the next visitor does not get their answer.
    const staffView = await get(`/api/products/${product._id}`, {}, admin);
    expect(staffView.statusCode).toBe(200);
    expect(staffView.headers["cache-control"]).toBe("private, no-store");
    expect((await get(`/api/products/${product._id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${product._id}`, {}, shopper)).statusCode).toBe(404);
    // The staff list of inactive products is never cached.
    const inactive = (await get("/api/products/inactive?size=1000", {}, admin)).json().data;
    expect(inactive.map((p: { _id: string }) => p._id)).toContain(product._id);
    await t.database.db
      .update(products)
      .set({ name: "Renamed while inactive" })
      .where(eq(products.id, product._id));
    const again = (await get("/api/products/inactive?size=1000", {}, admin)).json().data;
    expect(again.find((p: { _id: string }) => p._id === product._id).name).toBe("Renamed while inactive");
  });

  it("shows a new category at once", async () => {
    const before = (await get("/api/categories")).json().data.length;
    const created = await inject(t.app, {
      method: "POST",
      url: "/api/categories",
      cookie: admin,
      payload: { name: "Lanterns", slug: "lanterns-cache-test" },
    });
    expect(created.statusCode).toBe(201);
    const after = (await get("/api/categories")).json().data;
    expect(after).toHaveLength(before + 1);
    expect(after.map((c: { slug: string }) => c.slug)).toContain("lanterns-cache-test");
  });

  it("shows a review at once in the product's rating and latest reviews", async () => {
    const product = await makeProduct(t.database, refs, { name: "Paper Globe Lamp" });
    const url = `/api/products/${product._id}`;
    expect((await get(url)).json().data.rating).toEqual({ average: 0, count: 0 });
    const reviewed = await inject(t.app, {
      method: "POST",
      url: `${url}/reviews`,
      cookie: shopper,
      payload: { title: "Soft light", rating: 4, comment: "Warm and even light in a small room." },
    });
    expect(reviewed.statusCode).toBe(201);
    const page = (await get(url)).json().data;
    expect(page.rating).toEqual({ average: 4, count: 1 });
    expect(page.reviews.map((r: { title: string }) => r.title)).toEqual(["Soft light"]);
    const listed = (await get(`/api/categories/id/${category.id}/products?size=1000`)).json().data;
    expect(listed.find((p: { _id: string }) => p._id === product._id).rating).toEqual({
      average: 4,
      count: 1,
    });

    const removed = await inject(t.app, { method: "DELETE", url: `${url}/reviews`, cookie: shopper });
    expect(removed.statusCode).toBe(200);
    expect((await get(url)).json().data.rating).toEqual({ average: 0, count: 0 });
  });

  it("shows a deleted image at once: the thumbnail and gallery entries that used it are gone", async () => {
    const picture = await makeMedia(t.database, "lamp.png");
    const product = await makeProduct(
      t.database,
      { ...refs, thumbnail: picture.id },
      { gallery: [picture.id] },
    );
    const url = `/api/products/${product._id}`;
    expect((await get(url)).json().data).toMatchObject({
      thumbnail: { _id: picture.id },
      gallery: [{ _id: picture.id }],
    });
    const deleted = await inject(t.app, { method: "DELETE", url: `/api/media/${picture.id}`, cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect((await get(url)).json().data).toMatchObject({ thumbnail: null, gallery: [] });
  });

  it("keeps the cache through sign-ins, which change nothing in the catalogue", async () => {
    const product = await makeProduct(t.database, refs, { name: "Arc Floor Lamp" });
    const first = await get(`/api/products/${product._id}`);
    await renameInDatabase(product._id, "Renamed behind the cache");
    await signedInUser(t);
    expect((await get(`/api/products/${product._id}`)).body).toBe(first.body);
  });

  it("keeps the cache through refused writes, which changed nothing", async () => {
    const product = await makeProduct(t.database, refs, { name: "Clip Lamp" });
    const first = await get(`/api/products/${product._id}`);
    await renameInDatabase(product._id, "Clip Lamp II");
    for (const [cookie, status] of [
      [undefined, 401],
      [shopper, 403],
    ] as const) {
      const refused = await inject(t.app, {
        method: "PATCH",
        url: `/api/products/${product._id}`,
        cookie,
        payload: { key: "isActive", value: false },
      });
      expect(refused.statusCode).toBe(status);
    }
    expect((await get(`/api/products/${product._id}`)).body).toBe(first.body);
  });
});

describe("kept product counts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("match a recount after inserts, updates of the counted columns and deletes, in bulk and one by one", async () => {
    const [a, b] = [await makeCategory(t.database), await makeCategory(t.database)];
    const thumbnail = (await makeMedia(t.database)).id;
    for (let i = 0; i < 4; i++) {
      await makeProduct(t.database, { category: i % 2 ? a.id : b.id, thumbnail }, { isActive: i !== 3 });
    }
    const { db } = t.database;
    // Set-based writes, as an import or the bench seed would make them.
    await db.execute(sql`
      insert into products (id, name, price, is_active, on_sale, sale_price, category_id)
      select lpad(to_hex(g), 24, 'f'), 'Bulk ' || g, 10, g % 3 <> 0, g % 2 = 0, 5, ${a.id}
      from generate_series(1, 30) g`);
    await db.execute(sql`update products set is_active = not is_active where name like 'Bulk 1%'`);
    await db.execute(
      sql`update products set category_id = ${b.id}, on_sale = not on_sale where name like 'Bulk 2%'`,
    );
    await db.execute(sql`update products set stock = stock + 1`);
    await db.execute(sql`delete from products where name like 'Bulk %5'`);

    const kept = await db.execute(sql`
      select category_id, active, active_on_sale, inactive from product_counts
      where active <> 0 or active_on_sale <> 0 or inactive <> 0 order by category_id`);
    const recount = await db.execute(sql`
      select category_id, count(*) filter (where is_active)::int as active,
        count(*) filter (where is_active and on_sale)::int as active_on_sale,
        count(*) filter (where not is_active)::int as inactive
      from products group by category_id order by category_id`);
    expect(kept.rows).toEqual(recount.rows);

    const list = await t.app.inject({ method: "GET", url: "/api/products?size=1" });
    const active = recount.rows.reduce((sum, row) => sum + Number(row.active), 0);
    expect(list.json().meta.total).toBe(active);
    const onSale = await t.app.inject({ method: "GET", url: "/api/products/on-sale?size=1" });
    expect(onSale.json().meta.total).toBe(
      recount.rows.reduce((sum, row) => sum + Number(row.active_on_sale), 0),
    );
  });
});
