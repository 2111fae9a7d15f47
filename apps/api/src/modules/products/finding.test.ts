/**
 * Finding products on one fixed catalogue: the typo rules, the last word as a prefix, dropped
 * words, the ranking, filters with their facets (against a brute-force count, for generated filter
 * combinations) and the suggestions.
 */
import { searchNotes } from "@shop/shared/messages";
import type { ProductFacets, ProductListMeta, ProductSummaryDto } from "@shop/shared/schemas/product";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#api/db/schema/products";
import { createTestApp, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct } from "#test/catalog";
import { listProductSummaries } from "./repo-list";
import { type QueryWord, queryOf, typoDistance } from "./search";

let t: TestApp;
const ids: Record<string, string> = {};
const slugs: Record<string, string> = {};

const describe60 = (text: string) => `${text} It is made to last, and it is easy to look after at home.`;

type Variant = {
  size: string;
  colour: string;
  price: number;
  stock: number;
  sale?: number;
  active?: boolean;
};

beforeAll(async () => {
  t = await createTestApp();
  const thumbnail = (await makeMedia(t.database)).id;
  const category = async (key: string, name: string) => {
    const made = await makeCategory(t.database, name);
    slugs[key] = made.slug;
    return made.id;
  };
  const shirts = await category("shirts", "Shirts");
  const watches = await category("watches", "Watches");
  const knitwear = await category("knitwear", "Knitwear");
  const shoes = await category("shoes", "Shoes");
  const skirts = await category("skirts", "Skirts");
  const bags = await category("bags", "Bags");
  const make = async (
    key: string,
    categoryId: string,
    name: string,
    description: string,
    more: {
      variants?: Variant[];
      isActive?: boolean;
      price?: number;
      onSale?: boolean;
      salePrice?: number;
      stock?: number;
    } = {},
  ) => {
    const { variants, ...rest } = more;
    const body = variants
      ? {
          options: [
            { name: "Size", values: [...new Set(variants.map((v) => v.size))] },
            { name: "Colour", values: [...new Set(variants.map((v) => v.colour))] },
          ],
          variants: variants.map((v) => ({
            sku: `${key}-${v.size}-${v.colour}`.toUpperCase(),
            options: { Size: v.size, Colour: v.colour },
            price: v.price,
            onSale: v.sale !== undefined,
            ...(v.sale !== undefined ? { salePrice: v.sale } : {}),
            stock: v.stock,
            isActive: v.active ?? true,
          })),
        }
      : {};
    ids[key] = (
      await makeProduct(
        t.database,
        { category: categoryId, thumbnail },
        { name, description: describe60(description), ...body, ...rest },
      )
    )._id;
  };
  // Oldest first: the T-shirts are older than the Oxford shirt, so newest-first cannot rank them.
  await make(
    "tee",
    shirts,
    "Classic Cotton T-Shirt",
    "A crew neck tee in soft combed cotton for every day.",
    {
      variants: [
        { size: "S", colour: "Black", price: 20, stock: 5 },
        { size: "M", colour: "Black", price: 20, stock: 0 },
        { size: "M", colour: "Navy", price: 22, stock: 3 },
        // Inactive: its size is never offered nor counted.
        { size: "XL", colour: "Navy", price: 25, stock: 9, active: false },
      ],
    },
  );
  await make("striped", shirts, "Striped T-Shirt", "Breton stripes on a light jersey, a summer staple.", {
    variants: [
      { size: "M", colour: "White", price: 30, stock: 2, sale: 24 },
      { size: "L", colour: "White", price: 30, stock: 0, sale: 24 },
    ],
  });
  await make("oxford", shirts, "Oxford Shirt", "A button-down collar and a crisp weave for the office.", {
    variants: [
      { size: "M", colour: "White", price: 45, stock: 4 },
      { size: "L", colour: "Navy", price: 48, stock: 1 },
    ],
  });
  await make("skirt", skirts, "Pleated Midi Skirt", "Soft pleats falling below the knee, lined and easy.", {
    price: 35,
    stock: 6,
  });
  await make(
    "chrono",
    watches,
    "Steel Chronograph Watch",
    "A stopwatch dial and a sapphire crystal on a bracelet.",
    {
      price: 199,
      onSale: true,
      salePrice: 150,
      stock: 2,
    },
  );
  await make("field", watches, "Brushed Steel Watch", "A plain three-hand dial on a canvas strap.", {
    price: 120,
    stock: 0,
  });
  await make("sweater", knitwear, "Merino Wool Sweater", "A fine gauge pullover, warm without bulk.", {
    variants: [
      { size: "S", colour: "Grey", price: 60, stock: 3 },
      { size: "L", colour: "Navy", price: 60, stock: 3 },
    ],
  });
  // Newer, and names knitwear in its description only.
  await make("scarf", bags, "Cashmere Travel Wrap", "Pairs with any knitwear on cold evenings out.", {
    price: 80,
    stock: 4,
  });
  await make(
    "sneakers",
    shoes,
    "Suede Court Sneakers",
    "Low-top shoes with a cushioned sole and a suede upper.",
    {
      price: 90,
      stock: 7,
    },
  );
  await make("bag", bags, "Leather Bag", "Roomy enough for a laptop, with a padded sleeve.", {
    price: 70,
    stock: 1,
  });
  await make(
    "hidden",
    shirts,
    "Linen Oxford Shirt Preview",
    "Not yet on the shelves; kept back until launch.",
    {
      isActive: false,
      price: 10,
      stock: 50,
    },
  );
  // Ratings, as the review service keeps them.
  const ratings: Record<string, number> = {
    tee: 4.5,
    striped: 3.2,
    oxford: 4,
    chrono: 2.5,
    sweater: 3.9,
    bag: 4.8,
  };
  for (const [key, average] of Object.entries(ratings)) {
    await t.database.db
      .update(products)
      .set({ ratingAverage: average, ratingCount: 3 })
      .where(eq(products.id, ids[key] as string));
  }
});
afterAll(async () => t.close());

interface ListAnswer {
  data: ProductSummaryDto[];
  meta: ProductListMeta;
}

async function get(url: string): Promise<ListAnswer> {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const found = async (keyword: string, more = "") =>
  (await get(`/api/products?size=100&keyword=${encodeURIComponent(keyword)}${more}`)).data.map((p) => p._id);

describe("typo rules", () => {
  it("counts a swap of two neighbouring letters as one typo", () => {
    expect(typoDistance("wacth", "watch")).toBe(1);
    expect(typoDistance("meirno", "merino")).toBe(1);
    expect(typoDistance("sneakers", "snxakxrs")).toBe(2);
    expect(typoDistance("abc", "abc")).toBe(0);
  });

  it("allows no typo under 4 characters", async () => {
    // "bag" is also the start of the Bags category, which the wrap is in.
    expect((await found("bag"))[0]).toBe(ids.bag);
    expect(await found("bga")).toEqual([]);
    expect(await found("bxg")).toEqual([]);
  });

  it("allows one typo from 4 to 7 characters, a swap included, and not two", async () => {
    // 4 characters, the lower limit.
    expect(await found("wolo")).toEqual([ids.sweater]);
    expect(await found("wxxl")).toEqual([]);
    // 5 and 6 characters: swapped letters.
    expect(await found("wacth")).toEqual(expect.arrayContaining([ids.chrono, ids.field]));
    expect(await found("meirno")).toEqual([ids.sweater]);
    // 7 characters, the upper limit.
    expect(await found("swetaer")).toEqual([ids.sweater]);
    expect(await found("swxatxr")).toEqual([]);
  });

  it("allows two typos from 8 characters, and not three", async () => {
    expect(await found("snxakxrs")).toEqual([ids.sneakers]);
    expect(await found("snaekers")).toEqual([ids.sneakers]);
    expect(await found("snxxkxrs")).toEqual([]);
  });

  it("matches the last word as a prefix, the others as whole words", async () => {
    expect(await found("sneak")).toEqual([ids.sneakers]);
    expect(await found("suede sneak")).toEqual([ids.sneakers]);
    expect(await found("wool meri")).toEqual([ids.sweater]);
    // Not as a prefix before the last word: nothing has both, so the last word is dropped.
    const notLast = await get("/api/products?keyword=meri%20wool");
    expect(notLast.meta.fallback).toEqual({ from: "meri wool", to: "meri" });
  });

  it("matches a mistyped word through its typos only, and a known or uncorrectable word as typed", () => {
    const word = (typed: string, known: boolean, typo1: string[] = []): QueryWord => ({
      typed,
      word: typed,
      stop: false,
      known,
      typo1,
      typo2: [],
    });
    const textOf = (words: QueryWord[]) => queryOf(words, words.length, sql`doc`)?.text;
    // No known word is "wacth" or starts with it: its spelling would match nothing.
    expect(textOf([word("wacth", false, ["watch"])])).toBe("('watch')");
    // A known word (or the start of one) stays, the last as a prefix, beside its typos.
    expect(textOf([word("silk", true, ["milk"])])).toBe("('silk':* | 'milk')");
    expect(textOf([word("wool", true), word("jumpr", false, ["jumper"])])).toBe(
      "('wool' | 'wooljumpr') & ('wooljumpr' | 'jumper')",
    );
    // A word with no correction is searched as typed (a product code, a part of a name).
    expect(textOf([word("xq42", false)])).toBe("('xq42':*)");
  });

  it("ranks an exact word above a word read with a typo", async () => {
    const shirt = await found("shirt");
    expect(shirt.at(-1)).toBe(ids.skirt);
    expect(shirt.slice(0, 3).sort()).toEqual([ids.tee, ids.striped, ids.oxford].sort());
  });
});

describe("many words", () => {
  it("drops words from the end until some product matches, and says which query was answered", async () => {
    const answer = await get("/api/products?keyword=shirt%20plaid");
    expect(answer.data.map((p) => p._id)).toContain(ids.oxford);
    expect(answer.meta.fallback).toEqual({ from: "shirt plaid", to: "shirt" });
    expect(searchNotes.fallback(answer.meta.fallback?.from ?? "", answer.meta.fallback?.to ?? "")).toBe(
      'No results for "shirt plaid". Showing results for "shirt".',
    );
  });

  it("needs every word when some product has them all, and then says nothing", async () => {
    const answer = await get("/api/products?keyword=oxford%20shirt");
    expect(answer.data.map((p) => p._id)).toEqual([ids.oxford]);
    expect(answer.meta.fallback).toBeUndefined();
  });

  it("drops no word when every word matches but the filters leave nothing", async () => {
    // The storefront's list (results and facets side by side)...
    const answer = await get("/api/products?keyword=oxford%20shirt&maxPrice=1");
    expect(answer.data).toEqual([]);
    expect(answer.meta.total).toBe(0);
    expect(answer.meta.fallback).toBeUndefined();
    // ...and a list without facets, which asks whether the keyword alone matches after.
    const withoutFacets = (keyword: string, maxPrice: number) =>
      listProductSummaries(
        t.database.db,
        { isActive: true, keyword },
        undefined,
        { limit: 8, offset: 0 },
        {
          filters: { maxPrice },
        },
      );
    const bare = await withoutFacets("oxford shirt", 1);
    expect(bare).toMatchObject({ rows: [], total: 0 });
    expect(bare.fallback).toBeUndefined();
    // Where the last word matches nothing, the filters apply to what is answered instead.
    const dropped = await withoutFacets("oxford plaid", 100);
    expect(dropped.fallback).toEqual({ from: "oxford plaid", to: "oxford" });
    expect(dropped.rows.map((row) => row.id)).toEqual([ids.oxford]);
  });

  it("keeps the empty answer when no word matches at all", async () => {
    const answer = await get("/api/products?keyword=qqqq%20zzzz");
    expect(answer.data).toEqual([]);
    expect(answer.meta.total).toBe(0);
    expect(answer.meta.fallback).toBeUndefined();
  });
});

describe("ranking", () => {
  it('ranks the T-shirts first for "tshirt" and for "t shirt"', async () => {
    for (const keyword of ["tshirt", "t shirt", "t-shirt"]) {
      const ranked = await found(keyword);
      expect(ranked.slice(0, 2).sort(), keyword).toEqual([ids.tee, ids.striped].sort());
      expect(ranked, keyword).toContain(ids.oxford);
      expect(ranked.indexOf(ids.oxford as string), keyword).toBe(2);
    }
  });

  it("ranks words in the name over the category over the description", async () => {
    // The wrap is newer and names knitwear in its description; the sweater is in Knitwear.
    expect(await found("knitwear")).toEqual([ids.sweater, ids.scarf]);
    expect((await found("cotton"))[0]).toBe(ids.tee);
  });

  it("ranks words standing together in the name over words apart", async () => {
    // Both names have Steel and Watch; only the brushed one has them side by side.
    expect(await found("steel watch")).toEqual([ids.field, ids.chrono]);
  });

  it("applies the chosen sort after the ranking", async () => {
    const byPrice = await found("shirt", "&sort=price-desc");
    expect(byPrice.slice(0, 3)).toEqual([ids.oxford, ids.striped, ids.tee]);
    expect(byPrice.at(-1)).toBe(ids.skirt);
  });

  it("never returns nor counts an inactive product or variant", async () => {
    for (const keyword of ["linen", "preview", "oxford"]) {
      expect(await found(keyword)).not.toContain(ids.hidden);
    }
    const answer = await get(`/api/products?size=100&keyword=shirt`);
    expect(answer.meta.facets?.options.Size?.map((v) => v.value)).not.toContain("XL");
    const all = await get(`/api/products?size=100`);
    expect(all.data.map((p) => p._id)).not.toContain(ids.hidden);
    expect(all.meta.facets?.categories.find((c) => c.slug === slugs.shirts)?.count).toBe(3);
    expect(all.meta.facets?.options.Size?.find((v) => v.value === "XL")).toBeUndefined();
  });
});

describe("sorting and filters", () => {
  it("sorts by rating", async () => {
    const rated = (await get("/api/products?size=3&sort=rating")).data.map((p) => p._id);
    expect(rated).toEqual([ids.bag, ids.tee, ids.oxford]);
  });

  it("refuses a wrong filter with a message", async () => {
    for (const [query, field] of [
      ["minPrice=50&maxPrice=10", "minPrice"],
      ["minPrice=abc", "minPrice"],
      ["inStock=yes", "inStock"],
      ["rating=5", "rating"],
      ["option=Size", "option"],
      ["sort=cheapest", "sort"],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}).join(","), query).toContain(field);
    }
  });

  /** What a product is for the brute-force count: read straight from the tables. */
  interface Row {
    id: string;
    slug: string;
    price: number;
    stock: number;
    onSale: boolean;
    rating: number;
    variants: Record<string, string>[];
  }

  async function catalogue(): Promise<Row[]> {
    const { rows } = await t.database.db.execute<{
      id: string;
      slug: string;
      price: string;
      stock: number;
      on_sale: boolean;
      rating: string;
      variants: Record<string, string>[] | null;
    }>(sql`
      select p.id, c.slug, case when p.on_sale then p.sale_price else p.price end as price, p.stock, p.on_sale,
        p.rating_average as rating,
        (select json_agg(v.options) from product_variants v where v.product_id = p.id and v.is_active and v.removed_at is null) as variants
      from products p join categories c on c.id = p.category_id where p.is_active`);
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      price: Number(r.price),
      stock: Number(r.stock),
      onSale: r.on_sale,
      rating: Number(r.rating),
      variants: r.variants ?? [],
    }));
  }

  interface Filters {
    category?: string[];
    minPrice?: number;
    maxPrice?: number;
    inStock?: boolean;
    onSale?: boolean;
    rating?: number;
    options: Record<string, string[]>;
  }

  type Dimension = "category" | "price" | "inStock" | "onSale" | "rating" | "options";

  function passes(row: Row, f: Filters, except?: Dimension, exceptOption?: string): boolean {
    if (except !== "category" && f.category && !f.category.includes(row.slug)) return false;
    if (except !== "price" && f.minPrice !== undefined && row.price < f.minPrice) return false;
    if (except !== "price" && f.maxPrice !== undefined && row.price > f.maxPrice) return false;
    if (except !== "inStock" && f.inStock !== undefined && row.stock > 0 !== f.inStock) return false;
    if (except !== "onSale" && f.onSale !== undefined && row.onSale !== f.onSale) return false;
    if (except !== "rating" && f.rating !== undefined && row.rating < f.rating) return false;
    if (except !== "options") {
      const chosen = Object.entries(f.options).filter(([name]) => name !== exceptOption);
      if (
        chosen.length > 0 &&
        !row.variants.some((v) => chosen.every(([n, vals]) => vals.includes(v[n] ?? "")))
      )
        return false;
    }
    return true;
  }

  function bruteFacets(rows: Row[], f: Filters, names: Record<string, string>): ProductFacets {
    const categories = new Map<string, number>();
    for (const row of rows.filter((r) => passes(r, f, "category")))
      categories.set(row.slug, (categories.get(row.slug) ?? 0) + 1);
    const priced = rows.filter((r) => passes(r, f, "price")).map((r) => r.price);
    const rated = rows.filter((r) => passes(r, f, "rating"));
    const options: Record<string, { value: string; count: number }[]> = {};
    const counts = new Map<string, Set<string>>();
    for (const row of rows.filter((r) => passes(r, f, "options"))) {
      for (const variant of row.variants) {
        for (const [name, value] of Object.entries(variant)) {
          const others = Object.entries(f.options).filter(([n]) => n !== name);
          if (!others.every(([n, vals]) => vals.includes(variant[n] ?? ""))) continue;
          const key = JSON.stringify([name, value]);
          counts.set(key, (counts.get(key) ?? new Set()).add(row.id));
        }
      }
    }
    for (const [key, products] of counts) {
      const [name, value] = JSON.parse(key) as [string, string];
      options[name] = [...(options[name] ?? []), { value, count: products.size }];
    }
    for (const list of Object.values(options))
      list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    return {
      categories: [...categories]
        .map(([slug, count]) => ({ slug, name: names[slug] ?? "", count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      price: {
        min: priced.length ? Math.min(...priced) : null,
        max: priced.length ? Math.max(...priced) : null,
      },
      rating: [4, 3].map((atLeast) => ({ atLeast, count: rated.filter((r) => r.rating >= atLeast).length })),
      options,
      inStock: rows.filter((r) => passes(r, f, "inStock") && r.stock > 0).length,
      onSale: rows.filter((r) => passes(r, f, "onSale") && r.onSale).length,
    };
  }

  it("counts every facet as a brute-force count with the other filters applied, for 30 filter combinations", async () => {
    const rows = await catalogue();
    const names: Record<string, string> = {};
    const { rows: cats } = await t.database.db.execute<{ slug: string; name: string }>(
      sql`select slug, name from categories`,
    );
    for (const c of cats) names[c.slug] = c.name;
    const prices = [0, 20, 24, 35, 60, 100, 150, 500];
    const filters = fc.record({
      category: fc.option(fc.subarray(Object.values(slugs), { minLength: 1 }), { nil: undefined }),
      minPrice: fc.option(fc.constantFrom(...prices), { nil: undefined }),
      maxPrice: fc.option(fc.constantFrom(...prices), { nil: undefined }),
      inStock: fc.option(fc.boolean(), { nil: undefined }),
      onSale: fc.option(fc.boolean(), { nil: undefined }),
      rating: fc.option(fc.constantFrom(3, 4), { nil: undefined }),
      size: fc.subarray(["S", "M", "L", "XL"]),
      colour: fc.subarray(["Black", "Navy", "White", "Grey"]),
      keyword: fc.constantFrom(undefined, "shirt", "steel watch"),
    });
    await fc.assert(
      fc.asyncProperty(filters, async (g) => {
        const f: Filters = { options: {} };
        if (g.category) f.category = g.category;
        if (g.minPrice !== undefined) f.minPrice = g.minPrice;
        if (g.maxPrice !== undefined) f.maxPrice = Math.max(g.maxPrice, g.minPrice ?? 0);
        if (g.inStock !== undefined) f.inStock = g.inStock;
        if (g.onSale !== undefined) f.onSale = g.onSale;
        if (g.rating !== undefined) f.rating = g.rating;
        if (g.size.length > 0) f.options.Size = g.size;
        if (g.colour.length > 0) f.options.Colour = g.colour;
        const query = new URLSearchParams({ size: "100" });
        if (g.keyword) query.set("keyword", g.keyword);
        if (f.category) query.set("category", f.category.join(","));
        if (f.minPrice !== undefined) query.set("minPrice", String(f.minPrice));
        if (f.maxPrice !== undefined) query.set("maxPrice", String(f.maxPrice));
        if (f.inStock !== undefined) query.set("inStock", String(f.inStock));
        if (f.onSale !== undefined) query.set("onSale", String(f.onSale));
        if (f.rating !== undefined) query.set("rating", String(f.rating));
        for (const [name, values] of Object.entries(f.options))
          for (const value of values) query.append("option", `${name}:${value}`);
        // The products the keyword finds, as the list without filters answers them.
        const universe = g.keyword ? new Set(await found(g.keyword)) : new Set(rows.map((r) => r.id));
        const inUniverse = rows.filter((r) => universe.has(r.id));
        const answer = await get(`/api/products?${query}`);
        const expected = inUniverse.filter((r) => passes(r, f)).map((r) => r.id);
        expect(answer.data.map((p) => p._id).sort()).toEqual(expected.sort());
        expect(answer.meta.total).toBe(expected.length);
        expect(answer.meta.facets).toEqual(bruteFacets(inUniverse, f, names));
      }),
      { numRuns: 30, seed: 18 },
    );
  });

  it("filters a category page and the sale page with their own facets", async () => {
    const category = await get(`/api/categories/slug/${slugs.shirts}/products?option=Size:L&size=100`);
    expect(category.data.map((p) => p._id).sort()).toEqual([ids.striped, ids.oxford].sort());
    expect(category.meta.facets?.categories).toEqual([{ slug: slugs.shirts, name: "Shirts", count: 2 }]);
    const sale = await get("/api/products/on-sale?size=100&sort=price-asc");
    expect(sale.data.map((p) => p._id)).toEqual([ids.striped, ids.chrono]);
    expect(sale.meta.facets?.onSale).toBe(2);
  });
});

describe("suggestions", () => {
  it("suggests products, categories and the corrected query", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/search/suggest?q=wacth" });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.products.map((p: { _id: string }) => p._id).sort()).toEqual([ids.chrono, ids.field].sort());
    expect(data.products[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        price: expect.any(Number),
        thumbnail: expect.anything(),
      }),
    );
    expect(data.categories).toEqual([expect.objectContaining({ slug: slugs.watches, name: "Watches" })]);
    expect(data.correction).toBe("watch");
  });

  it("suggests at most 5 products and 3 categories, with no correction for known words", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/search/suggest?q=a" });
    const { data } = response.json();
    expect(data.products.length).toBeLessThanOrEqual(5);
    expect(data.categories.length).toBeLessThanOrEqual(3);
    const shirt = (await t.app.inject({ method: "GET", url: "/api/search/suggest?q=shirt" })).json().data;
    expect(shirt.correction).toBeNull();
    expect(shirt.categories[0].slug).toBe(slugs.shirts);
    const empty = (await t.app.inject({ method: "GET", url: "/api/search/suggest?q=" })).json().data;
    expect(empty).toEqual({ products: [], categories: [], correction: null });
  });
});
