import { validation } from "@shop/shared/messages";
import type { ProductInput, VariantDto } from "@shop/shared/schemas/product";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#api/db/schema/products";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { makeCategory, makeMedia, productBody, sizedVariants } from "#test/catalog";

let t: TestApp;
let staff: string;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedInUser(t, "manager")).cookie;
  const [category, media] = [await makeCategory(t.database), await makeMedia(t.database)];
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

const post = (payload: object) =>
  inject(t.app, { method: "POST", url: "/api/products", cookie: staff, payload });
const put = (id: string, payload: object) =>
  inject(t.app, { method: "PUT", url: `/api/products/${id}`, cookie: staff, payload });
const read = async (id: string) =>
  (await inject(t.app, { method: "GET", url: `/api/products/${id}` })).json().data;

async function productCount() {
  const [row] = await t.database.db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

const box = { length: 30.5, breadth: 20, height: 12.5 };

/** Six variants of a new product, its first apart. */
function variantsOf() {
  const sized = sizedVariants();
  const [first, ...others] = sized.variants ?? [];
  if (!first) throw new Error("sizedVariants gave none");
  return { sized, first, others };
}

describe("a product's and its variants' weight and box", () => {
  it("saves a product's weight and box and reads them back, a variant's own too", async () => {
    const { sized, first, others } = variantsOf();
    const input: ProductInput = productBody(refs, {
      ...sized,
      weightKg: 1.255,
      dimensionsCm: box,
      variants: [
        { ...first, weightKg: 0.125, dimensionsCm: { length: 10, breadth: 8.5, height: 2 } },
        ...others,
      ],
    });
    const created = await post(input);
    expect(created.statusCode, created.body).toBe(201);
    const product = await read(created.json().data._id);
    expect(product).toMatchObject({ weightKg: 1.255, dimensionsCm: box });
    const [own, other] = product.variants as VariantDto[];
    expect(own).toMatchObject({ weightKg: 0.125, dimensionsCm: { length: 10, breadth: 8.5, height: 2 } });
    expect(other).toMatchObject({ weightKg: null, dimensionsCm: null });
  });

  it("keeps the sizes a PUT leaves out, and clears those it gives as null", async () => {
    const { sized, first, others } = variantsOf();
    const created = await post(
      productBody(refs, {
        ...sized,
        weightKg: 2,
        dimensionsCm: box,
        variants: [{ ...first, weightKg: 0.3 }, ...others],
      }),
    );
    const id = created.json().data._id;
    const before = await read(id);
    const variants = (before.variants as VariantDto[]).map(
      ({ weightKg: _w, dimensionsCm: _d, ...variant }) => variant,
    );
    expect((await put(id, productBody(refs, { ...sized, variants }))).statusCode).toBe(200);
    const kept = await read(id);
    expect(kept).toMatchObject({ weightKg: 2, dimensionsCm: box });
    expect(kept.variants[0]).toMatchObject({ weightKg: 0.3 });

    const cleared = await put(
      id,
      productBody(refs, {
        ...sized,
        weightKg: null,
        dimensionsCm: null,
        variants: [{ ...(variants[0] ?? first), weightKg: null }],
      }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await read(id)).toMatchObject({
      weightKg: null,
      dimensionsCm: null,
      variants: [{ weightKg: null }],
    });
  });

  it("keeps the size of a product without variants when its form saves price and stock", async () => {
    const created = await post(productBody(refs, { weightKg: 0.75, dimensionsCm: box }));
    const id = created.json().data._id;
    expect((await put(id, productBody(refs, { price: 120 }))).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ price: 120, weightKg: 0.75, dimensionsCm: box });
  });

  it("refuses a weight or a side out of bounds at its field and saves nothing", async () => {
    const before = await productCount();
    const cases: [Partial<ProductInput> | Record<string, unknown>, Record<string, string>][] = [
      [{ weightKg: 0 }, { weightKg: validation.min(0.001) }],
      [{ weightKg: 1000.5 }, { weightKg: validation.max(1000) }],
      [{ weightKg: 0.0005 }, { weightKg: validation.min(0.001) }],
      [{ weightKg: 1.2345 }, { weightKg: validation.number }],
      [{ dimensionsCm: { ...box, height: 0.5 } }, { "dimensionsCm.height": validation.min(0.6) }],
      [{ dimensionsCm: { ...box, length: 501 } }, { "dimensionsCm.length": validation.max(500) }],
      [{ dimensionsCm: { length: 10, breadth: 10 } }, { "dimensionsCm.height": validation.required }],
      [{ dimensionsCm: { ...box, breadth: 12.25 } }, { "dimensionsCm.breadth": validation.number }],
    ];
    for (const [overrides, errors] of cases) {
      const response = await post({ ...productBody(refs), ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errors, JSON.stringify(overrides)).toEqual(errors);
    }
    const { sized, first, others } = variantsOf();
    const variant = await post(
      productBody(refs, { ...sized, variants: [{ ...first, weightKg: -1 }, ...others] }),
    );
    expect(variant.statusCode).toBe(400);
    expect(variant.json().errors).toEqual({ "variants.0.weightKg": validation.min(0.001) });
    expect(await productCount()).toBe(before);
  });
});
