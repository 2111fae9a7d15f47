import { api, formErrors, validation } from "@shop/shared/messages";
import type { ProductInput, VariantDto } from "@shop/shared/schemas/product";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "#api/db/schema/products";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, productBody, sizedVariants } from "#test/catalog";

let t: TestApp;
let staff: string;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedInUser(t, "manager")).cookie;
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

function post(payload: object) {
  return inject(t.app, { method: "POST", url: "/api/products", cookie: staff, payload });
}

function put(id: string, payload: object) {
  return inject(t.app, { method: "PUT", url: `/api/products/${id}`, cookie: staff, payload });
}

async function productCount() {
  const [row] = await t.database.db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

const body = (overrides: Partial<ProductInput> = {}) =>
  productBody(refs, { name: "Trail Running Shoes", ...sizedVariants(), ...overrides });

describe("products with options and variants", () => {
  it("creates a product with Size S/M/L and Colour Black/Blue (6 variants) and reads it back", async () => {
    const input = body();
    const created = await post(input);
    expect(created.statusCode).toBe(201);
    const product = created.json().data;
    expect(product.options).toEqual(input.options);
    expect(product.variants).toHaveLength(6);
    expect(product.variants.map((v: VariantDto) => [v.sku, v.options, v.price, v.stock])).toEqual(
      input.variants?.map((v) => [v.sku, v.options, v.price, v.stock]),
    );
    for (const variant of product.variants as VariantDto[]) {
      expect(variant._id).toMatch(/^[0-9a-f]{24}$/);
      expect(variant).toMatchObject({ onSale: false, salePrice: 0, isActive: true });
    }
    // Derived: the cheapest active variant's price, the stock summed over the active variants.
    expect(product).toMatchObject({
      price: 20,
      onSale: false,
      salePrice: 0,
      stock: 10 + 11 + 13 + 14 + 16 + 17,
    });

    const read = await inject(t.app, { method: "GET", url: `/api/products/${product._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ options: input.options, variants: product.variants, stock: 81 });

    // Lists carry the options and the product-level figures, never the variants.
    const list = await inject(t.app, {
      method: "GET",
      url: `/api/categories/id/${refs.category}/products?size=100`,
    });
    const card = list.json().data.find((p: { _id: string }) => p._id === product._id);
    expect(card).toMatchObject({ options: input.options, price: 20, stock: 81 });
    expect(card).not.toHaveProperty("variants");
  });

  it("a PUT that leaves out one variant and changes a price deletes that variant and re-derives the product", async () => {
    const product = (await post(body())).json().data;
    const [cheapest, ...others] = product.variants as VariantDto[];
    if (!cheapest) throw new Error("no variants");
    // Left out: Size S in Blue, the other variant at the lowest price.
    const [left, ...kept] = others;
    const response = await put(product._id, {
      ...body(),
      variants: [
        { ...cheapest, price: 50, onSale: true, salePrice: 45 },
        ...kept.map(({ _id, sku, options, price, onSale, stock, isActive }) => ({
          _id,
          sku,
          options,
          price,
          onSale,
          stock,
          isActive,
        })),
      ],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated.variants.map((v: VariantDto) => v._id)).toEqual([cheapest._id, ...kept.map((v) => v._id)]);
    expect(updated.variants[0]).toMatchObject({ price: 50, onSale: true, salePrice: 45 });
    // The Size M variants (25) are now the cheapest; the left-out one was never ordered: gone.
    expect(updated).toMatchObject({ price: 25, onSale: false, stock: 81 - (left?.stock ?? 0) });
    const rows = await t.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product._id));
    expect(rows).toHaveLength(5);
  });

  it("lists count each product's current variants, active or not, and never the removed ones", async () => {
    const sized = body();
    const product = (await post(sized)).json().data;
    const [first, , ...rest] = product.variants as VariantDto[];
    if (!first) throw new Error("no variants");
    // One left out (removed), one switched off (still a variant of the product).
    const kept = [{ ...first, isActive: false }, ...rest].map(
      ({ _id, sku, options, price, stock, isActive }) => ({
        _id,
        sku,
        options,
        price,
        stock,
        isActive,
      }),
    );
    expect((await put(product._id, { ...sized, variants: kept })).statusCode).toBe(200);
    const plain = (await post(productBody(refs, { name: "Plain Canvas Tote" }))).json().data;

    const lists = [
      `/api/categories/id/${refs.category}/products?size=100`,
      "/api/products?size=100",
      `/api/products?size=100&keyword=${encodeURIComponent("Trail Running Shoes")}`,
    ];
    for (const url of lists) {
      const list = await inject(t.app, { method: "GET", url });
      expect(list.statusCode, url).toBe(200);
      const rows = list.json().data as { _id: string; variantCount: number }[];
      expect(rows.find((row) => row._id === product._id)?.variantCount, url).toBe(5);
      if (!url.includes("keyword"))
        expect(rows.find((row) => row._id === plain._id)?.variantCount, url).toBe(1);
    }
    const read = await inject(t.app, { method: "GET", url: `/api/products/${product._id}` });
    expect(read.json().data).toMatchObject({ variantCount: 5 });
    expect(read.json().data.variants).toHaveLength(5);
  });

  it("lets variants swap SKUs and combinations in one PUT, and keeps the body's order", async () => {
    const product = (await post(body())).json().data;
    const [a, b] = product.variants as VariantDto[];
    if (!a || !b) throw new Error("no variants");
    const response = await put(product._id, {
      ...body(),
      options: [{ name: "Size", values: ["S", "M", "L"] }],
      variants: [
        { _id: a._id, sku: b.sku, options: { Size: "M" }, price: 30, stock: 1 },
        { sku: `${a.sku}-NEW`, options: { Size: "L" }, price: 30, stock: 3 },
        { _id: b._id, sku: a.sku, options: { Size: "S" }, price: 30, stock: 2 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const variants = response.json().data.variants as VariantDto[];
    expect(variants.map((v) => [v._id === a._id || v._id === b._id, v.sku, v.options])).toEqual([
      [true, b.sku, { Size: "M" }],
      [false, `${a.sku}-NEW`, { Size: "L" }],
      [true, a.sku, { Size: "S" }],
    ]);
    expect(response.json().data.stock).toBe(6);
  });

  it("keeps a product's options and variants when a PUT sends neither (a form that knows nothing of them)", async () => {
    const product = (await post(body())).json().data;
    const response = await put(
      product._id,
      productBody(refs, { name: "Trail Running Shoes II", price: 1, stock: 1 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: "Trail Running Shoes II",
      options: product.options,
      variants: product.variants,
      price: 20,
      stock: 81,
    });
  });

  it("gives a product without options one default variant, kept in step with its price and stock", async () => {
    const product = await makeProduct(t.database, refs, { price: 40, onSale: true, salePrice: 30, stock: 7 });
    expect(product.options).toEqual([]);
    expect(product.variants).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        sku: product._id,
        options: {},
        price: 40,
        onSale: true,
        salePrice: 30,
        stock: 7,
        isActive: true,
        weightKg: null,
        dimensionsCm: null,
      },
    ]);
    const response = await put(product._id, productBody(refs, { price: 45, onSale: false, stock: 9 }));
    expect(response.json().data).toMatchObject({ price: 45, onSale: false, salePrice: 0, stock: 9 });
    expect(response.json().data.variants).toEqual([
      { ...product.variants[0], price: 45, onSale: false, salePrice: 0, stock: 9 },
    ]);
  });

  it("puts every variant with a sale price on sale, and takes them all off sale", async () => {
    const input = body();
    const variants = input.variants?.map((v, i) => (i === 1 ? { ...v, onSale: true, salePrice: 15 } : v));
    const product = (await post({ ...input, variants })).json().data;
    // The cheapest price paid is the variant on sale at 15.
    expect(product).toMatchObject({ price: 20, onSale: true, salePrice: 15 });
    const off = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: staff,
      payload: { key: "onSale", value: false },
    });
    expect(off.json().data).toMatchObject({ onSale: false, salePrice: 0, price: 20 });
    const on = await inject(t.app, {
      method: "PATCH",
      url: `/api/products/${product._id}`,
      cookie: staff,
      payload: { key: "onSale", value: true },
    });
    expect(on.statusCode).toBe(400);
    expect(on.json()).toMatchObject({ message: api.salePriceRequired });
  });
});

describe("a product with variants is one product everywhere", () => {
  it("appears once in keyword search, category lists, the sale list and the sitemap", async () => {
    const name = `Quokka ${Date.now().toString(36)} Trail Shoes`;
    const input = body({ name });
    const product = (
      await post({
        ...input,
        variants: input.variants?.map((v) => ({ ...v, onSale: true, salePrice: v.price - 1 })),
      })
    ).json().data;
    const ids = async (url: string) =>
      (await inject(t.app, { method: "GET", url })).json().data.map((p: { _id: string }) => p._id);
    const occurrences = (list: string[]) => list.filter((id) => id === product._id).length;
    expect(occurrences(await ids("/api/products?keyword=quokka&size=100"))).toBe(1);
    expect(occurrences(await ids(`/api/categories/id/${refs.category}/products?size=1000`))).toBe(1);
    expect(occurrences(await ids("/api/products/on-sale?size=1000"))).toBe(1);
    const sitemap = await inject(t.app, { method: "GET", url: "/sitemap-products-1.xml" });
    expect(sitemap.body.split(`/product/${product._id}<`).length - 1).toBe(1);
  });
});

describe("refused options and variants", () => {
  const sizes = { name: "Size", values: ["S", "M"] };
  const variant = (
    options: Record<string, string>,
    sku = `SKU-${Object.values(options).join("-") || "X"}`,
  ) => ({
    sku,
    options,
    price: 20,
    stock: 1,
  });
  const twoSizes = [variant({ Size: "S" }), variant({ Size: "M" })];

  const cases: [string, Partial<ProductInput> | Record<string, unknown>, string, string][] = [
    [
      "an option without a name",
      { options: [{ name: " ", values: ["S"] }], variants: [variant({ " ": "S" })] },
      "options.0.name",
      validation.required,
    ],
    [
      "an option name over 30 characters",
      { options: [{ name: "N".repeat(31), values: ["S"] }] },
      "options.0.name",
      validation.maxLength(30),
    ],
    [
      "two options of one name",
      { options: [sizes, { name: "size", values: ["X"] }], variants: [variant({ Size: "S", size: "X" })] },
      "options.1.name",
      validation.optionNameRepeated,
    ],
    [
      "an option without values",
      { options: [{ name: "Size", values: [] }], variants: twoSizes },
      "options.0.values",
      validation.required,
    ],
    [
      "more than 50 values",
      {
        options: [{ name: "Size", values: Array.from({ length: 51 }, (_, i) => `V${i}`) }],
        variants: [variant({ Size: "V1" })],
      },
      "options.0.values",
      validation.max(50),
    ],
    [
      "a value given twice",
      { options: [{ name: "Size", values: ["S", "s"] }], variants: [variant({ Size: "S" })] },
      "options.0.values.1",
      validation.optionValueRepeated,
    ],
    [
      "a value over 30 characters",
      { options: [{ name: "Size", values: ["V".repeat(31)] }] },
      "options.0.values.0",
      validation.maxLength(30),
    ],
    [
      "more than 3 options",
      {
        options: ["A", "B", "C", "D"].map((name) => ({ name, values: ["1"] })),
        variants: [variant({ A: "1", B: "1", C: "1", D: "1" })],
      },
      "options",
      validation.max(3),
    ],
    [
      "more than 100 variants",
      {
        options: [
          { name: "N", values: Array.from({ length: 50 }, (_, i) => `${i}`) },
          { name: "M", values: ["a", "b", "c"] },
        ],
        variants: Array.from({ length: 101 }, (_, i) =>
          variant({ N: `${i % 50}`, M: ["a", "b", "c"][Math.floor(i / 50)] ?? "a" }, `V-${i}`),
        ),
      },
      "variants",
      validation.max(100),
    ],
    ["options without variants", { options: [sizes] }, "variants", validation.variantsRequired],
    [
      "a variant that misses an option",
      { options: [sizes, { name: "Colour", values: ["Black"] }], variants: [variant({ Size: "S" })] },
      "variants.0.options",
      validation.variantOptions,
    ],
    [
      "a variant naming a value the option does not have",
      { options: [sizes], variants: [variant({ Size: "XL" })] },
      "variants.0.options",
      validation.variantOptions,
    ],
    [
      "a variant naming an option the product does not have",
      { options: [sizes], variants: [variant({ Size: "S", Colour: "Red" })] },
      "variants.0.options",
      validation.variantOptions,
    ],
    [
      "two variants of one combination",
      { options: [sizes], variants: [variant({ Size: "S" }, "A1"), variant({ Size: "S" }, "A2")] },
      "variants.1.options",
      validation.variantRepeated,
    ],
    [
      "a SKU with a space",
      { options: [sizes], variants: [variant({ Size: "S" }, "A 1")] },
      "variants.0.sku",
      validation.sku,
    ],
    [
      "a SKU over 64 characters",
      { options: [sizes], variants: [variant({ Size: "S" }, "A".repeat(65))] },
      "variants.0.sku",
      validation.sku,
    ],
    [
      "an empty SKU",
      { options: [sizes], variants: [variant({ Size: "S" }, "")] },
      "variants.0.sku",
      validation.required,
    ],
    [
      "one SKU for two variants",
      { options: [sizes], variants: [variant({ Size: "S" }, "SAME"), variant({ Size: "M" }, "SAME")] },
      "variants.1.sku",
      validation.skuRepeated,
    ],
    [
      "a variant on sale at its price",
      { options: [sizes], variants: [{ ...variant({ Size: "S" }), onSale: true, salePrice: 20 }] },
      "variants.0.salePrice",
      validation.salePriceBelowPrice,
    ],
    [
      "a variant on sale without a sale price",
      { options: [sizes], variants: [{ ...variant({ Size: "S" }), onSale: true }] },
      "variants.0.salePrice",
      validation.required,
    ],
    [
      "a variant with negative stock",
      { options: [sizes], variants: [{ ...variant({ Size: "S" }), stock: -1 }] },
      "variants.0.stock",
      validation.min(0),
    ],
    [
      "a variant price with three decimals",
      { options: [sizes], variants: [{ ...variant({ Size: "S" }), price: 1.005 }] },
      "variants.0.price",
      validation.number,
    ],
    [
      "two variants without options",
      { variants: [variant({}, "A1"), variant({}, "A2")] },
      "variants.1.options",
      validation.variantRepeated,
    ],
  ];

  it.each(cases)(
    "refuses %s with 400 naming the field, and stores nothing",
    async (_, overrides, field, message) => {
      const before = await productCount();
      const response = await post(productBody(refs, { ...(overrides as Partial<ProductInput>) }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: formErrors.product });
      expect(response.json().errors[field]).toBe(message);
      expect(await productCount()).toBe(before);
    },
  );

  it("answers 409 'This SKU is already in use.' for a SKU another product holds, on create and update", async () => {
    const first = (await post(body())).json().data;
    const taken = first.variants[0].sku as string;
    const before = await productCount();
    const input = body();
    const create = await post({
      ...input,
      variants: input.variants?.map((v, i) => (i === 2 ? { ...v, sku: taken } : v)),
    });
    expect(create.statusCode).toBe(409);
    expect(create.json()).toEqual({
      success: false,
      message: api.skuTaken,
      errors: { "variants.2.sku": api.skuTaken },
    });
    expect(await productCount()).toBe(before);

    const other = await makeProduct(t.database, refs);
    const update = await put(other._id, {
      ...productBody(refs),
      variants: [{ _id: other.variants[0]?._id, sku: taken, price: 10, stock: 1 }],
    });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toBe("This SKU is already in use.");
    const read = await inject(t.app, { method: "GET", url: `/api/products/${other._id}`, cookie: staff });
    expect(read.json().data.variants).toEqual(other.variants);
  });

  it("refuses a variant id of another product with 400, and changes nothing", async () => {
    const mine = await makeProduct(t.database, refs);
    const theirs = await makeProduct(t.database, refs);
    const response = await put(mine._id, {
      ...productBody(refs),
      variants: [{ _id: theirs.variants[0]?._id, sku: "FOREIGN-1", price: 10, stock: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ "variants.0._id": api.variantNotFound });
    const read = await inject(t.app, { method: "GET", url: `/api/products/${mine._id}`, cookie: staff });
    expect(read.json().data.variants).toEqual(mine.variants);
  });
});
