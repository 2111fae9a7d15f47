import type { ProductListFilters } from "@shop/shared/schemas/product";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { loggingDatabase } from "#test/db";
import { optionsMatch } from "./repo-filters";
import { listProductSummaries } from "./repo-list";
import { SEARCH_WINDOW } from "./repo-window";
import { wordKeys } from "./search";

let t: TestApp;
const ids: Record<string, string> = {};
let watchesId = "";
let shoesSlug = "";
let bagsId = "";
let thumbnailId = "";

/** One more bag with the shared thumbnail, for a test that needs a product of its own. */
function makeBag(name: string, description: string) {
  return makeProduct(t.database, { category: bagsId, thumbnail: thumbnailId }, { name, description });
}

beforeAll(async () => {
  t = await createTestApp();
  const shoes = await makeCategory(t.database, "Shoes");
  const watches = await makeCategory(t.database, "Watches");
  const bags = await makeCategory(t.database, "Bags");
  watchesId = watches.id;
  shoesSlug = shoes.slug;
  bagsId = bags.id;
  thumbnailId = (await makeMedia(t.database)).id;
  const make = async (key: string, category: string, name: string, description: string, more = {}) => {
    ids[key] = (
      await makeProduct(t.database, { category, thumbnail: thumbnailId }, { name, description, ...more })
    )._id;
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
    expect(response.json().meta).toMatchObject({ page: 1, size: 1, pageCount: 2, total: 2 });
  });

  it("reads a prefix through at most 16 indexed words, and a shorter one by walking the list", async () => {
    const letters = "abcdefghijklmnopq"; // 17 words starting "zq"
    const words = [...letters].map((c) => `zq${c}x`);
    const made = await makeBag("Prefix Probe", words.join(" "));
    const word = (typed: string) => ({ typed, word: typed, stop: false, known: true, typo1: [], typo2: [] });
    expect(await wordKeys(t.database.db, word("zqa"))).toEqual(["zqax"]);
    expect(await wordKeys(t.database.db, word("zq"))).toBeNull();
    // Either way the product is found.
    expect(await search("/api/products?keyword=zqa")).toEqual([made._id]);
    expect(await search("/api/products?keyword=zq")).toEqual([made._id]);
  });

  it("keeps product_words the words of every product's document through inserts, edits and deletes", async () => {
    const db = t.database.db;
    // Rows of one side missing from the other, both ways: none when the table is what the documents say.
    const drift = async () => {
      const { rows } = await db.execute<{ n: number }>(sql`
        with derived as (
          select w.word collate "C" as word, p.created_at, p.id as product_id
          from products p, unnest(tsvector_to_array(p.search_vector)) as w(word)
        ), kept as (select word, created_at, product_id from product_words)
        select (select count(*) from (select * from derived except all select * from kept) a)
          + (select count(*) from (select * from kept except all select * from derived) b) as n`);
      return Number(rows[0]?.n);
    };
    const wordsOf = async (id: string) => {
      const { rows } = await db.execute<{ word: string }>(
        sql`select word from product_words where product_id = ${id} order by word`,
      );
      return rows.map((row) => row.word);
    };
    const made = await makeBag("Quilted Gilet", "Warm.");
    expect(await wordsOf(made._id)).toEqual(expect.arrayContaining(["gilet", "quilt", "warm"]));
    expect(await drift()).toBe(0);

    await db.execute(sql`update products set search_vector = to_tsvector('english', 'Velvet loafers'),
      created_at = created_at - interval '1 day' where id = ${made._id}`);
    expect(await wordsOf(made._id)).toEqual(["loafer", "velvet"]);
    // A write that moves no word leaves them as they are.
    await db.execute(sql`update products set stock = stock + 1, is_active = false where id = ${made._id}`);
    expect(await drift()).toBe(0);

    await db.execute(sql`delete from product_variants where product_id = ${made._id}`);
    await db.execute(sql`delete from product_gallery where product_id = ${made._id}`);
    await db.execute(sql`delete from products where id = ${made._id}`);
    expect(await wordsOf(made._id)).toEqual([]);
    expect(await drift()).toBe(0);
  });
});

describe("keyword search over a common word", () => {
  let big: TestApp;
  const matches = SEARCH_WINDOW + 12;
  let nameMatchId = "";
  let oldestNameMatchId = "";
  let categoryId = "";
  /** The id the insert below gives its g-th row. */
  const idOf = (g: number) => `e${g.toString(16).padStart(23, "0")}`;

  beforeAll(async () => {
    big = await createTestApp();
    const category = await makeCategory(big.database, "Scarves");
    // Set-based, as an import would write them: one more match than the window holds, a minute
    // apart, newest first g = 1. Only the 5th newest and the oldest have the word in their name.
    await big.database.db.execute(sql`
      insert into products (id, name, description, price, is_active, category_id, created_at, search_vector)
      select 'e' || lpad(to_hex(g), 23, '0'), n.name, n.description, 10, true, ${category.id},
        now() - g * interval '1 minute',
        setweight(to_tsvector('english', n.name), 'A') || setweight(to_tsvector('english', 'Scarves'), 'B') ||
          setweight(to_tsvector('english', n.description), 'C')
      from generate_series(1, ${matches}) g
      cross join lateral (select
        case when g in (5, ${matches}) then 'Zephyrine Scarf ' || g else 'Plain Scarf ' || g end as name,
        'A light scarf woven in the zephyrine manner, soft on the skin and warm enough for spring.' as description
      ) n`);
    await big.database.db.execute(
      sql`insert into search_words (word) values ('zephyrine') on conflict do nothing`,
    );
    nameMatchId = idOf(5);
    oldestNameMatchId = idOf(matches);
    categoryId = category.id;
    // Each product its default variant, out of stock; the oldest one in size XL, 3 in stock.
    await big.database.db.execute(sql`
      update products set options = '[{"name":"Size","values":["XL"]}]'::jsonb where id = ${oldestNameMatchId}`);
    await big.database.db.execute(sql`
      insert into product_variants (id, product_id, sku, options, price, stock)
      select 'v' || substr(p.id, 2), p.id, 'SCARF-' || p.id,
        case when p.id = ${oldestNameMatchId} then '{"Size":"XL"}'::jsonb else '{}'::jsonb end, 10,
        case when p.id = ${oldestNameMatchId} then 3 else 0 end
      from products p where p.category_id = ${category.id}`);
  });
  afterAll(async () => big.close());

  const page = async (url: string) => {
    const response = await big.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: { _id: string }[]; meta: { total: number; pageCount: number } };
  };

  it(`ranks the newest ${SEARCH_WINDOW} matches, and counts them, so that every page the bar offers exists`, async () => {
    const first = await page("/api/products?keyword=zephyrine&size=8");
    expect(first.meta).toMatchObject({
      page: 1,
      size: 8,
      total: SEARCH_WINDOW,
      pageCount: Math.ceil(SEARCH_WINDOW / 8),
    });
    // The name match ranks first though four newer products match in their description only.
    expect(first.data[0]?._id).toBe(nameMatchId);

    const lastPage = Math.ceil(SEARCH_WINDOW / 8);
    const last = await page(`/api/products?keyword=zephyrine&size=8&page=${lastPage}`);
    expect(last.data).toHaveLength(SEARCH_WINDOW - (lastPage - 1) * 8);
    const past = await page(`/api/products?keyword=zephyrine&size=8&page=${lastPage + 1}`);
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(SEARCH_WINDOW);

    // Beyond the window: an older match is not among the results (the price of a bounded search).
    const all = await page(`/api/products?keyword=zephyrine&size=1000`);
    expect(all.data).toHaveLength(SEARCH_WINDOW);
    expect(all.data.map((p) => p._id)).not.toContain(oldestNameMatchId);
  });

  it("orders the window by relevance, then as asked, newest first on ties, without repeating a product across pages", async () => {
    const seen = new Set<string>();
    for (let n = 1; n <= 4; n++) {
      for (const product of (await page(`/api/products?keyword=zephyrine&size=100&page=${n}&sort=newest`))
        .data) {
        expect(seen.has(product._id)).toBe(false);
        seen.add(product._id);
      }
    }
    // The name match first (words in the name rank above the chosen sort), then newest first.
    const newest = await page("/api/products?keyword=zephyrine&size=3&sort=newest");
    expect(newest.data.map((p) => p._id)).toEqual([5, 1, 2].map(idOf));
  });

  it("filters the whole list, not only the window: an older product passing the filters is found", async () => {
    const ofIds = (found: { data: { _id: string }[] }) => found.data.map((p) => p._id);
    const bySize = await page("/api/products?keyword=zephyrine&option=Size:XL");
    expect(ofIds(bySize)).toEqual([oldestNameMatchId]);
    expect(bySize.meta.total).toBe(1);
    expect(ofIds(await page("/api/products?keyword=zephyrine&inStock=true"))).toEqual([oldestNameMatchId]);
    // A category page without keyword, larger than the window, filtered alike.
    const category = `/api/categories/id/${categoryId}/products`;
    expect(ofIds(await page(`${category}?option=Size:XL`))).toEqual([oldestNameMatchId]);
    expect(ofIds(await page(`${category}?inStock=true&sort=price-asc`))).toEqual([oldestNameMatchId]);
    // The filter that every product passes still counts within the bound.
    const outOfStock = await page(`${category}?inStock=false&size=8`);
    expect(outOfStock.meta.total).toBe(SEARCH_WINDOW);
    expect(ofIds(outOfStock)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(idOf));
  });

  it("reads a one-word query's newest matches from product_words, each product once", async () => {
    const newest = (url: string) => page(url).then((found) => found.data.map((p) => p._id));
    // "zephyrine" is in every description and two names: each product once, the name match (the 5th
    // newest) first, then the newest first.
    expect(await newest("/api/products?keyword=zephyrine&sort=newest&size=4")).toEqual(
      [5, 1, 2, 3].map(idOf),
    );
    // As a prefix (the word's start, stemmed as the documents are), and through a typo.
    expect(await newest("/api/products?keyword=zephyr&sort=newest&size=4")).toEqual([5, 1, 2, 3].map(idOf));
    expect(await newest("/api/products?keyword=zephyrnie&sort=newest&size=4")).toEqual(
      [5, 1, 2, 3].map(idOf),
    );
    const suggested = await page("/api/products?keyword=zephyr&size=8");
    expect(suggested.meta.total).toBe(SEARCH_WINDOW);

    // Without its words in product_words the newest product is not found by one word, and still is
    // by two (an intersection in the GIN index).
    await big.database.db.execute(sql`delete from product_words where product_id = ${idOf(1)}`);
    try {
      // (Sizes no other test asks for: the read cache answers a list asked for before.)
      expect(await newest("/api/products?keyword=zephyrine&sort=newest&size=5")).toEqual(
        [5, 2, 3, 4, 6].map(idOf),
      );
      expect(await newest("/api/products?keyword=zephyrine%20scarf&sort=newest&size=5")).toEqual(
        [5, 1, 2, 3, 4].map(idOf),
      );
    } finally {
      await big.database.db.execute(sql`insert into product_words (word, created_at, product_id)
        select w.word, p.created_at, p.id from products p, unnest(tsvector_to_array(p.search_vector)) as w(word)
        where p.id = ${idOf(1)}`);
    }
  });

  it("finds an option value through the index of the products' option pairs, not a scan of every product", async () => {
    const plan = await big.database.db.transaction(async (tx) => {
      // Forbid a scan of the table or a walk of a whole index, so that only a search of an index
      // can serve; a scan shows up if none can.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const result = await tx.execute<{ "QUERY PLAN": string }>(
        sql`explain select p.id from products p where ${optionsMatch({ Size: ["XL", "XXL"] }, sql`p`)}`,
      );
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("products_option_pairs_idx");
    expect(plan).not.toMatch(/Seq Scan on products/);
    const found = await big.database.db.execute<{ id: string }>(
      sql`select p.id from products p where ${optionsMatch({ Size: ["XL", "XXL"] }, sql`p`)}`,
    );
    expect(found.rows.map((row) => row.id)).toEqual([oldestNameMatchId]);
  });

  it("ranks and counts a smaller window when asked, as the suggestions do (the newest 100)", async () => {
    const found = await listProductSummaries(
      big.database.db,
      { isActive: true, keyword: "zephyrine" },
      "relevance",
      { limit: 5, offset: 0 },
      { counts: "categories", window: 4 },
    );
    // The name match is the 5th newest: outside a window of 4, so the 4 newest in order.
    expect(found.total).toBe(4);
    expect(found.rows.map((row) => row.id)).toEqual([1, 2, 3, 4].map(idOf));
    expect(found.topCategories).toEqual([expect.objectContaining({ id: categoryId })]);
    // The search box's suggestions look further: the name match leads them.
    const suggested = await big.app.inject({ method: "GET", url: "/api/search/suggest?q=zephyrine" });
    expect(suggested.json().data.products[0]._id).toBe(nameMatchId);
  });

  it("finds the common word through a typo and a part of it, with the same bound", async () => {
    const typo = await page("/api/products?keyword=zephyrin&size=8");
    expect(typo.meta.total).toBe(SEARCH_WINDOW);
    const typo2 = await page("/api/products?keyword=zepyhrine&size=8");
    expect(typo2.data[0]?._id).toBe(nameMatchId);
    // "phyrine" is two typos from "zephyrine" (7 letters allow one): only the names containing it match.
    const part = await page("/api/products?keyword=phyrine%20scarf&size=8");
    expect(part.data.map((p) => p._id)).toEqual([nameMatchId, oldestNameMatchId]);
  });

  describe("a word with more matches than the results read by key", () => {
    // More matches than the 5 000 a one-word query's results under filters read from product_words,
    // all older than the scarves, in a category of their own; every other one at 10 (the even
    // ones, the newest being 1), the others at 20; only the oldest is in stock; the newest 100 and
    // every tenth one rated 4 and up, and in a category of their own (a filter the list's indexes
    // do not hold, read by key as the stock is).
    const throws = 5_100;
    const throwOf = (g: number) => `f${g.toString(16).padStart(23, "0")}`;
    let ratedSlug = "";
    beforeAll(async () => {
      const category = await makeCategory(big.database, "Throws");
      await big.database.db.execute(sql`
        insert into products (id, name, description, price, is_active, category_id, created_at, search_vector)
        select 'f' || lpad(to_hex(g), 23, '0'), 'Wool Throw ' || g, 'A quokkaline weave.', 10, true, ${category.id},
          now() - interval '30 days' - g * interval '1 minute',
          setweight(to_tsvector('english', 'Wool Throw ' || g), 'A') ||
            setweight(to_tsvector('english', 'A quokkaline weave.'), 'C')
        from generate_series(1, ${throws}) g`);
      await big.database.db.execute(sql`
        insert into product_variants (id, product_id, sku, options, price, stock)
        select 'w' || lpad(to_hex(g), 23, '0'), 'f' || lpad(to_hex(g), 23, '0'), 'THROW-' || g, '{}'::jsonb,
          case when g % 2 = 0 then 10 else 20 end, case when g = ${throws} then 3 else 0 end
        from generate_series(1, ${throws}) g`);
      await big.database.db.execute(
        sql`insert into search_words (word) values ('quokkaline') on conflict do nothing`,
      );
      const rated = await makeCategory(big.database, "Rugs");
      ratedSlug = rated.slug;
      await big.database.db.execute(sql`
        update products set rating_average = 4.5, rating_count = 2, category_id = ${rated.id}
        where id in (select 'f' || lpad(to_hex(g), 23, '0') from generate_series(1, ${throws}) g where g <= 100 or g % 10 = 0)`);
    });

    it("reads the newest by key when the filter passes enough of them, and walks the list when it does not", async () => {
      // Every product passes: the newest 500, from the words' keys.
      const all = await page("/api/products?keyword=quokkaline&inStock=false&sort=newest&size=4");
      expect(all.meta.total).toBe(SEARCH_WINDOW);
      expect(all.data.map((p) => p._id)).toEqual([1, 2, 3, 4].map(throwOf));
      // Half of them pass a filter on the price: the newest 500 that do (merged with the list's
      // index, below).
      const half = await page(
        `/api/products?keyword=quokkaline&maxPrice=15&sort=newest&size=4&page=${SEARCH_WINDOW / 4}`,
      );
      expect(half.meta.total).toBe(SEARCH_WINDOW);
      expect(half.data.map((p) => p._id)).toEqual([994, 996, 998, 1000].map(throwOf));
      // The first 250 read tell that enough might pass (115 do): the newest 500 that do, from the
      // first 4 100 read by key. The same products by their rating, merged with the list's index.
      const expected = Array.from({ length: 100 }, (_, n) => throwOf(1_110 + n * 10));
      for (const filter of [`category=${ratedSlug}`, "rating=4"]) {
        const rated = await page(`/api/products?keyword=quokkaline&${filter}&sort=newest&size=100&page=3`);
        expect(rated.meta.total, filter).toBe(SEARCH_WINDOW);
        expect(rated.data.map((p) => p._id)).toEqual(expected);
      }
      // One product passes, none of the first 250: found by walking the list. (A word of at most
      // 5 000 matches is read by key to its end instead: "zephyrine" in stock, above.)
      const inStock = await page("/api/products?keyword=quokkaline&inStock=true");
      expect(inStock.meta.total).toBe(1);
      expect(inStock.data.map((p) => p._id)).toEqual([throwOf(throws)]);
    });

    it("joins the word's matches with the list's index under filters on the price paid, the sale or the rating", async () => {
      // One in sixty on sale at 5: 4 of the first 250, 85 in all.
      const onSale = (g: number) => g % 60 === 0;
      const saleIds = Array.from({ length: throws }, (_, n) => n + 1)
        .filter(onSale)
        .map(throwOf);
      await big.database.db.execute(sql`
        update products set on_sale = true, sale_price = 5
        where id in (select 'f' || lpad(to_hex(g), 23, '0') from generate_series(60, ${throws}, 60) g)`);
      // The join reads the word's matches from product_words: a product without its words there is
      // not among them (a walk of the documents would find it).
      const wordless = throwOf(120);
      await big.database.db.execute(sql`delete from product_words where product_id = ${wordless}`);
      try {
        const ids = (found: { data: { _id: string }[] }) => found.data.map((p) => p._id);
        const sale = await page(
          "/api/products?keyword=quokkaline&onSale=true&maxPrice=8&sort=newest&size=100",
        );
        expect(sale.meta.total).toBe(saleIds.length - 1);
        expect(ids(sale)).toEqual(saleIds.filter((id) => id !== wordless).slice(0, 100));
        // On the whole list's index: the rating and the price without the sale filter.
        const rated = await page(
          "/api/products?keyword=quokkaline&rating=4&maxPrice=6&sort=price-asc&size=3",
        );
        expect(rated.meta.total).toBe(saleIds.length - 1);
        expect(ids(rated)).toEqual([60, 180, 240].map(throwOf));
        // A filter the indexes do not hold (the stock), which few of the first 250 pass, walks the
        // list: the walk reads the documents, where the product without its words is found (and
        // the oldest, in stock, is not).
        const stocked = await page(
          "/api/products?keyword=quokkaline&onSale=true&inStock=false&sort=newest&size=3",
        );
        expect(stocked.meta.total).toBe(saleIds.length - 1);
        expect(ids(stocked)).toEqual([60, 120, 180].map(throwOf));
        // The join's statement runs in a transaction of its own, without parallel workers; the
        // word without filters, or under the stock, runs no transaction.
        const workersOff = async (filters: ProductListFilters) => {
          const { db, statements } = loggingDatabase(big.database);
          const found = await listProductSummaries(
            db,
            { isActive: true, keyword: "quokkaline" },
            "newest",
            { limit: 3, offset: 0 },
            { filters },
          );
          expect(found.rows.length).toBeGreaterThan(0);
          return statements.filter((s) => s.sql.includes("max_parallel_workers_per_gather")).length;
        };
        expect(await workersOff({ onSale: true, maxPrice: 8 })).toBe(1);
        expect(await workersOff({})).toBe(0);
        expect(await workersOff({ onSale: true, inStock: false })).toBe(0);
      } finally {
        await big.database.db.execute(sql`insert into product_words (word, created_at, product_id)
          select w.word, p.created_at, p.id from products p, unnest(tsvector_to_array(p.search_vector)) as w(word)
          where p.id = ${wordless}`);
        await big.database.db.execute(sql`
          update products set on_sale = false, sale_price = 0
          where id in (select 'f' || lpad(to_hex(g), 23, '0') from generate_series(60, ${throws}, 60) g)`);
      }
    });
  });
});
