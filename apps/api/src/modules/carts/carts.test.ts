/**
 * The cart a signed-in shopper's account keeps: the same on every device, with today's prices at
 * every read (none kept), replaced by a device's PUT, and merged with a device's cart at sign-in
 * (quantities added, capped by stock and the limit per line, lines no longer sold dropped).
 */
import { validation } from "@shop/shared/messages";
import type { CartDto } from "@shop/shared/schemas/cart";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "#api/core/ids";
import { products, productVariants } from "#api/db/schema/products";
import { carts } from "#api/db/schema/shoppers-lists";
import { createTestApp, inject, type TestApp } from "#test/app";
import { makeCategory, makeMedia, makeProduct, makeProductWithVariants } from "#test/catalog";
import { type Caller, quickUser, sessionCookie } from "#test/fixtures";

let t: TestApp;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp({ MAX_QUANTITY_PER_LINE: "10" });
  const [category, media] = [await makeCategory(t.database), await makeMedia(t.database)];
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t?.close());

type Line = { product: string; variant?: string; quantity: number };

async function read(caller: Caller): Promise<CartDto> {
  const response = await inject(t.app, { method: "GET", url: "/api/cart", cookie: caller.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const put = (caller: Caller | undefined, lines: Line[], discountCode?: string | null) =>
  inject(t.app, {
    method: "PUT",
    url: "/api/cart",
    cookie: caller?.cookie,
    payload: { lines, ...(discountCode !== undefined ? { discountCode } : {}) },
  });
const merge = (caller: Caller, lines: Line[], discountCode?: string, key?: string) =>
  inject(t.app, {
    method: "POST",
    url: "/api/cart/merge",
    cookie: caller.cookie,
    payload: {
      lines,
      ...(discountCode !== undefined ? { discountCode } : {}),
      ...(key !== undefined ? { key } : {}),
    },
  });
/** A cart's lines as (variant, quantity), to compare. */
const quantities = (cart: CartDto) => cart.lines.map((line) => [line.variant._id, line.quantity]);

async function keptRow(userId: string) {
  const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, userId));
  return row;
}

describe("the kept cart", () => {
  it("is the signed-in shopper's own: anonymous callers get 401 and nothing is kept", async () => {
    const product = await makeProduct(t.database, refs);
    expect((await inject(t.app, { method: "GET", url: "/api/cart" })).statusCode).toBe(401);
    expect((await put(undefined, [{ product: product._id, quantity: 1 }])).statusCode).toBe(401);
    const merged = await inject(t.app, {
      method: "POST",
      url: "/api/cart/merge",
      payload: { lines: [{ product: product._id, quantity: 1 }] },
    });
    expect(merged.statusCode).toBe(401);
    const rows = await t.database.db.select({ userId: carts.userId }).from(carts);
    expect(rows).toEqual([]);
  });

  it("answers an empty cart to a shopper who never kept one", async () => {
    const shopper = await quickUser(t);
    expect(await read(shopper)).toEqual({ lines: [], discountCode: null });
  });

  it("keeps variants, quantities and the code, never prices: every read answers today's", async () => {
    const shopper = await quickUser(t);
    const plain = await makeProduct(t.database, refs, { price: 80, stock: 7 });
    const sized = await makeProductWithVariants(t.database, refs);
    const blueM = sized.variants.find((v) => v.options.Size === "M" && v.options.Colour === "Blue");
    if (!blueM) throw new Error("no M / Blue");
    const response = await put(
      shopper,
      [
        { product: plain._id, quantity: 2 },
        { product: sized._id, variant: blueM._id, quantity: 3 },
      ],
      " save10 ",
    );
    expect(response.statusCode, response.body).toBe(200);
    const kept: CartDto = response.json().data;
    expect(kept.discountCode).toBe("SAVE10");
    expect(kept.lines).toHaveLength(2);
    expect(kept.lines[0]).toMatchObject({
      product: { _id: plain._id, name: plain.name, price: 80, onSale: false, stock: 7, isActive: true },
      variant: { _id: plain.variants[0]?._id, options: {} },
      quantity: 2,
    });
    expect(kept.lines[0]?.product.thumbnail?._id).toBe(refs.thumbnail);
    // The variant's own price and stock, its values in the product's option order.
    expect(kept.lines[1]).toMatchObject({
      product: { _id: sized._id, price: blueM.price, stock: blueM.stock },
      variant: { _id: blueM._id, options: { Size: "M", Colour: "Blue" } },
      quantity: 3,
    });
    expect(Object.keys(kept.lines[1]?.variant.options ?? {})).toEqual(["Size", "Colour"]);

    // The row keeps no amount of any kind.
    const row = await keptRow(shopper.user.id);
    expect(row?.lines).toEqual([
      { product: plain._id, variant: plain.variants[0]?._id, quantity: 2 },
      { product: sized._id, variant: blueM._id, quantity: 3 },
    ]);

    // A sale started since shows at the next read, as does a deactivation.
    await t.database.db
      .update(productVariants)
      .set({ onSale: true, salePrice: 60 })
      .where(eq(productVariants.productId, plain._id));
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, sized._id));
    const later = await read(shopper);
    expect(later.lines[0]?.product).toMatchObject({ price: 80, onSale: true, salePrice: 60 });
    expect(later.lines[1]?.product.isActive).toBe(false);
  });

  it("is the same on every device: another session of the shopper reads what one put, and a PUT replaces it", async () => {
    const phone = await quickUser(t);
    const desktop = { user: phone.user, cookie: await sessionCookie(t, phone.user) };
    const first = await makeProduct(t.database, refs);
    const second = await makeProduct(t.database, refs);
    expect((await put(phone, [{ product: first._id, quantity: 1 }])).statusCode).toBe(200);
    expect(quantities(await read(desktop))).toEqual([[first.variants[0]?._id, 1]]);
    // The last write wins, whole: the desktop's cart replaces the phone's.
    expect((await put(desktop, [{ product: second._id, quantity: 4 }], null)).statusCode).toBe(200);
    expect(await read(phone)).toMatchObject({ lines: [{ product: { _id: second._id }, quantity: 4 }] });
    expect((await put(phone, [])).statusCode).toBe(200);
    expect(await read(desktop)).toEqual({ lines: [], discountCode: null });
  });

  it("adds up lines of one variant, holds each to the limit per line, drops products gone and keeps those no longer sold", async () => {
    const shopper = await quickUser(t);
    const product = await makeProduct(t.database, refs, { stock: 50 });
    const retired = await makeProduct(t.database, refs, { isActive: false });
    const soldOut = await makeProduct(t.database, refs, { stock: 0 });
    const gone = newId();
    const response = await put(shopper, [
      { product: product._id, quantity: 6 },
      { product: gone, quantity: 1 },
      { product: retired._id, quantity: 2 },
      { product: product._id, variant: product.variants[0]?._id, quantity: 7 },
      { product: soldOut._id, quantity: 1 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const kept: CartDto = response.json().data;
    expect(quantities(kept)).toEqual([
      [product.variants[0]?._id, 10],
      [retired.variants[0]?._id, 2],
      [soldOut.variants[0]?._id, 1],
    ]);
    expect(kept.lines[1]?.product.isActive).toBe(false);
    expect(kept.lines[2]?.product.stock).toBe(0);
    expect(await read(shopper)).toEqual(kept);
  });

  it("refuses a variant the product never had and a left-out variant of a product with several, at their fields, keeping the cart as it was", async () => {
    const shopper = await quickUser(t);
    const plain = await makeProduct(t.database, refs);
    const sized = await makeProductWithVariants(t.database, refs);
    expect((await put(shopper, [{ product: plain._id, quantity: 1 }])).statusCode).toBe(200);
    const response = await put(shopper, [
      { product: plain._id, quantity: 1 },
      { product: sized._id, quantity: 1 },
      { product: plain._id, variant: sized.variants[0]?._id, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      "lines.1.variant": validation.chooseOption("Size"),
      "lines.2.variant": validation.variantOfOtherProduct,
    });
    expect(quantities(await read(shopper))).toEqual([[plain.variants[0]?._id, 1]]);

    const tooMany = await put(shopper, [{ product: plain._id, quantity: 101 }]);
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().errors)).toEqual(["lines.0.quantity"]);
  });

  describe("merging a device's cart at sign-in", () => {
    it("adds the quantities of a variant in both, within its stock and the limit per line", async () => {
      const shopper = await quickUser(t);
      const few = await makeProduct(t.database, refs, { stock: 5 });
      const many = await makeProduct(t.database, refs, { stock: 100 });
      const sized = await makeProductWithVariants(t.database, refs);
      const [small, other] = sized.variants;
      if (!small || !other) throw new Error("no variants");
      await put(shopper, [
        { product: few._id, quantity: 3 },
        { product: many._id, quantity: 6 },
        { product: sized._id, variant: small._id, quantity: 1 },
      ]);
      const response = await merge(shopper, [
        { product: sized._id, variant: other._id, quantity: 2 },
        { product: few._id, quantity: 4 },
        { product: many._id, quantity: 6 },
        { product: sized._id, variant: small._id, quantity: 2 },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      // The kept lines first, then the device's new variant; 3 + 4 held to the stock of 5, 6 + 6
      // to the limit of 10 per line, 1 + 2 added.
      expect(quantities(response.json().data)).toEqual([
        [few.variants[0]?._id, 5],
        [many.variants[0]?._id, 10],
        [small._id, 3],
        [other._id, 2],
      ]);
      expect(quantities(await read(shopper))).toEqual(quantities(response.json().data));
    });

    it("adds a copy sent again under the key of the cart's last merge once, and answers the kept cart", async () => {
      const shopper = await quickUser(t);
      const product = await makeProduct(t.database, refs, { stock: 50 });
      const line = { product: product._id, quantity: 2 };
      const [first, second] = ["a".repeat(32), "b".repeat(32)];
      expect(quantities((await merge(shopper, [line], undefined, first)).json().data)).toEqual([
        [product.variants[0]?._id, 2],
      ]);
      // The page reloaded before the answer came: the same copy under the same key.
      const again = await merge(shopper, [line], undefined, first);
      expect(again.statusCode, again.body).toBe(200);
      expect(quantities(again.json().data)).toEqual([[product.variants[0]?._id, 2]]);
      expect(quantities(await read(shopper))).toEqual([[product.variants[0]?._id, 2]]);
      // Another merge (another key, or none) adds as ever.
      expect(quantities((await merge(shopper, [line], undefined, second)).json().data)).toEqual([
        [product.variants[0]?._id, 4],
      ]);
      expect(quantities((await merge(shopper, [line])).json().data)).toEqual([[product.variants[0]?._id, 6]]);
      // The key after a merge without one is none: the first key adds again.
      expect(quantities((await merge(shopper, [line], undefined, first)).json().data)).toEqual([
        [product.variants[0]?._id, 8],
      ]);
      const malformed = await merge(shopper, [line], undefined, "not-a-key");
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual({ key: validation.id });
      expect(quantities(await read(shopper))).toEqual([[product.variants[0]?._id, 8]]);
    });

    it("drops the device's lines of products and variants no longer sold, and of products gone", async () => {
      const shopper = await quickUser(t);
      const kept = await makeProduct(t.database, refs);
      const retired = await makeProduct(t.database, refs, { isActive: false });
      const sized = await makeProductWithVariants(t.database, refs);
      const [offered, withdrawn] = sized.variants;
      if (!offered || !withdrawn) throw new Error("no variants");
      await t.database.db
        .update(productVariants)
        .set({ isActive: false })
        .where(eq(productVariants.id, withdrawn._id));
      const response = await merge(shopper, [
        { product: kept._id, quantity: 1 },
        { product: retired._id, quantity: 1 },
        { product: newId(), quantity: 1 },
        { product: sized._id, variant: withdrawn._id, quantity: 1 },
        { product: sized._id, variant: offered._id, quantity: 1 },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(quantities(response.json().data)).toEqual([
        [kept.variants[0]?._id, 1],
        [offered._id, 1],
      ]);
    });

    it("keeps a sold-out line's units, shown sold out, instead of capping them to nothing", async () => {
      const shopper = await quickUser(t);
      const soldOut = await makeProduct(t.database, refs, { stock: 3 });
      await put(shopper, [{ product: soldOut._id, quantity: 2 }]);
      await t.database.db
        .update(productVariants)
        .set({ stock: 0 })
        .where(eq(productVariants.productId, soldOut._id));
      const response = await merge(shopper, []);
      expect(response.json().data.lines).toMatchObject([{ product: { stock: 0 }, quantity: 2 }]);
    });

    it("keeps the kept code, or takes the device's when it has none", async () => {
      const product = await makeProduct(t.database, refs);
      const withCode = await quickUser(t);
      await put(withCode, [{ product: product._id, quantity: 1 }], "KEPT");
      expect((await merge(withCode, [], "device")).json().data.discountCode).toBe("KEPT");
      const withoutCode = await quickUser(t);
      await put(withoutCode, [{ product: product._id, quantity: 1 }]);
      expect((await merge(withoutCode, [], "device")).json().data.discountCode).toBe("DEVICE");
      // A first sign-in: nothing kept yet, the device's cart becomes the kept one.
      const newcomer = await quickUser(t);
      const response = await merge(newcomer, [{ product: product._id, quantity: 2 }], "hello");
      expect(response.json().data).toMatchObject({ lines: [{ quantity: 2 }], discountCode: "HELLO" });
    });

    it("refuses a line naming a variant of another product, merging nothing", async () => {
      const shopper = await quickUser(t);
      const plain = await makeProduct(t.database, refs);
      const sized = await makeProductWithVariants(t.database, refs);
      await put(shopper, [{ product: plain._id, quantity: 1 }]);
      const response = await merge(shopper, [
        { product: plain._id, quantity: 1 },
        { product: plain._id, variant: sized.variants[0]?._id, quantity: 1 },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ "lines.1.variant": validation.variantOfOtherProduct });
      expect(quantities(await read(shopper))).toEqual([[plain.variants[0]?._id, 1]]);
    });
  });
});
