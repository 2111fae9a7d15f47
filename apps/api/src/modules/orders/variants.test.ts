import { api, validation } from "@shop/shared/messages";
import type { ProductInput, VariantDto } from "@shop/shared/schemas/product";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#api/db/schema/orders";
import { products, productVariants } from "#api/db/schema/products";
import { users } from "#api/db/schema/users";
import { hashPassword } from "#api/modules/auth/password";
import { mailContextOf } from "#api/modules/email/service";
import { foldSoldCounts } from "#api/modules/products/repo-sold";
import { startSession } from "#api/modules/sessions/service";
import {
  createTestApp,
  inject,
  shopperWithAddress,
  signedInUser,
  type TestApp,
  uniqueEmail,
} from "#test/app";
import { makeCategory, makeMedia, makeProduct, makeProductWithVariants, productBody } from "#test/catalog";
import { ADDRESS, APPROVED_CARD } from "#test/fixtures";
import { sweepExpiredOrders } from "./service";

let t: TestApp;
let staff: string;
let refs: { category: string; thumbnail: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedInUser(t, "admin")).cookie;
  const category = await makeCategory(t.database);
  const media = await makeMedia(t.database);
  refs = { category: category.id, thumbnail: media.id };
});
afterAll(async () => t.close());

function place(cookie: string, payload: object) {
  return inject(t.app, { method: "POST", url: "/api/orders", cookie, payload });
}

async function variantStock(id: string | undefined) {
  const [row] = await t.database.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, id ?? ""));
  return row?.stock;
}

async function productStock(id: string) {
  const response = await inject(t.app, { method: "GET", url: `/api/products/${id}`, cookie: staff });
  return response.json().data.stock as number;
}

/** Trail Running Shoes in UK sizes 8 and 9, with the stock given for each. */
async function shoes(stock: { size8: number; size9: number }, overrides: Partial<ProductInput> = {}) {
  const sku = `TRS-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const product = await makeProduct(t.database, refs, {
    name: "Trail Running Shoes",
    price: 80,
    options: [{ name: "Size", values: ["8", "9"] }],
    variants: [
      {
        sku: `${sku}-8`,
        options: { Size: "8" },
        price: 80,
        onSale: false,
        stock: stock.size8,
        isActive: true,
      },
      {
        sku: `${sku}-9`,
        options: { Size: "9" },
        price: 90,
        onSale: false,
        stock: stock.size9,
        isActive: true,
      },
    ],
    ...overrides,
  });
  const [size8, size9] = product.variants as [VariantDto, VariantDto];
  return { product, size8, size9 };
}

describe("ordering a variant", () => {
  it("takes stock from the chosen variant, prices the line from it and names it on the order", async () => {
    const { product, size8, size9 } = await shoes({ size8: 5, size9: 5 });
    const buyer = await shopperWithAddress(t);
    const response = await place(buyer.cookie, {
      products: [
        { product: product._id, variant: size9._id, quantity: 2 },
        { product: product._id, variant: size8._id, quantity: 1 },
      ],
      shippingAddress: buyer.addressId,
    });
    expect(response.statusCode).toBe(201);
    const order = response.json().data;
    expect(order.subTotal).toBe(80 + 2 * 90);
    expect(
      order.products.map((line: { variant: unknown; price: number; quantity: number }) => [
        line.variant,
        line.price,
        line.quantity,
      ]),
    ).toEqual(
      [
        [{ _id: size8._id, sku: size8.sku, options: { Size: "8" } }, 80, 1],
        [{ _id: size9._id, sku: size9.sku, options: { Size: "9" } }, 90, 2],
      ].sort((a, b) => String((a[0] as { _id: string })._id).localeCompare((b[0] as { _id: string })._id)),
    );
    expect(await variantStock(size8._id)).toBe(4);
    expect(await variantStock(size9._id)).toBe(3);
    expect(await productStock(product._id)).toBe(7);
  });

  it("counts both sizes of one shoe as sold when the order is paid", async () => {
    const { product, size8, size9 } = await shoes({ size8: 5, size9: 5 });
    const buyer = await shopperWithAddress(t);
    const placed = await place(buyer.cookie, {
      products: [
        { product: product._id, variant: size8._id, quantity: 1 },
        { product: product._id, variant: size9._id, quantity: 2 },
      ],
      shippingAddress: buyer.addressId,
    });
    expect(placed.statusCode).toBe(201);
    const paid = await inject(t.app, {
      method: "POST",
      url: "/api/payments",
      cookie: buyer.cookie,
      payload: { order: placed.json().data._id, paymentGateway: "test", card: APPROVED_CARD, amount: 0.01 },
    });
    expect(paid.statusCode).toBe(201);
    await foldSoldCounts(t.database.db);
    const [row] = await t.database.db
      .select({ soldCount: products.soldCount })
      .from(products)
      .where(eq(products.id, product._id));
    expect(row?.soldCount).toBe(3);
  });

  it("answers 400 'Please choose a Size.' for a product with options and no variant", async () => {
    const { product, size8 } = await shoes({ size8: 5, size9: 5 });
    const buyer = await shopperWithAddress(t);
    const response = await place(buyer.cookie, {
      products: [{ product: product._id, quantity: 1 }],
      shippingAddress: buyer.addressId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: "Please choose a Size.",
      errors: { "products.0.variant": validation.chooseOption("Size") },
    });
    expect(await variantStock(size8._id)).toBe(5);
  });

  it("takes a product's only variant when the line names none, as before variants", async () => {
    const single = await makeProduct(t.database, refs, { stock: 4 });
    const buyer = await shopperWithAddress(t);
    const response = await place(buyer.cookie, {
      products: [{ product: single._id, quantity: 3 }],
      shippingAddress: buyer.addressId,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.products[0].variant).toEqual({
      _id: single.variants[0]?._id,
      sku: single._id,
      options: {},
    });
    expect(await variantStock(single.variants[0]?._id)).toBe(1);
    expect(await productStock(single._id)).toBe(1);
  });

  it("answers 400 for a variant of another product, and for an inactive variant", async () => {
    const { product, size8 } = await shoes({ size8: 5, size9: 5 });
    const other = await makeProductWithVariants(t.database, refs);
    const buyer = await shopperWithAddress(t);
    const foreign = await place(buyer.cookie, {
      products: [{ product: product._id, variant: other.variants[0]?._id, quantity: 1 }],
      shippingAddress: buyer.addressId,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ "products.0.variant": validation.variantOfOtherProduct });

    const inactive = await shoes({ size8: 5, size9: 5 });
    const put = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${inactive.product._id}`,
      cookie: staff,
      payload: {
        ...productBody(refs, { name: "Trail Running Shoes" }),
        options: inactive.product.options,
        variants: [{ ...inactive.size8, isActive: false }, inactive.size9],
      },
    });
    expect(put.statusCode).toBe(200);
    const refused = await place(buyer.cookie, {
      products: [{ product: inactive.product._id, variant: inactive.size8._id, quantity: 1 }],
      shippingAddress: buyer.addressId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      "products.0.variant": api.productUnavailable("Trail Running Shoes (Size: 8)"),
    });
    expect(await variantStock(size8._id)).toBe(5);
    expect(await variantStock(inactive.size8._id)).toBe(5);
  });

  it("answers 409 naming the product and its size when the variant is short, and takes nothing", async () => {
    const { product, size8, size9 } = await shoes({ size8: 5, size9: 1 });
    const buyer = await shopperWithAddress(t);
    const response = await place(buyer.cookie, {
      products: [
        { product: product._id, variant: size8._id, quantity: 1 },
        { product: product._id, variant: size9._id, quantity: 2 },
      ],
      shippingAddress: buyer.addressId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("Only 1 left of Trail Running Shoes (Size: 9).");
    expect(await variantStock(size8._id)).toBe(5);
    expect(await variantStock(size9._id)).toBe(1);
  });

  it("sells the last 3 units of a size to exactly 3 of 40 shoppers at once, and leaves the other size alone", async () => {
    const { product, size8, size9 } = await shoes({ size8: 100, size9: 3 });
    const passwordHash = await hashPassword("Secret@123");
    const shoppers = await t.database.db
      .insert(users)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          firstName: "Rush",
          lastName: `${i}`,
          email: uniqueEmail("size-rush"),
          passwordHash,
        })),
      )
      .returning();
    const carts = await Promise.all(
      shoppers.map(async (user) => {
        const session = await startSession(t.database.db, user, { userAgent: null, ip: null });
        const cookie = `shop_session=${session.token}`;
        const address = await inject(t.app, {
          method: "POST",
          url: "/api/users/current-user/addresses",
          cookie,
          payload: ADDRESS,
        });
        return { cookie, addressId: address.json().data._id as string };
      }),
    );
    const responses = await Promise.all(
      carts.map(({ cookie, addressId }) =>
        place(cookie, {
          products: [{ product: product._id, variant: size9._id, quantity: 1 }],
          shippingAddress: addressId,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(37);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(
      new Set([api.variantOutOfStock("Trail Running Shoes (Size: 9)", 0)]),
    );
    expect(await variantStock(size9._id)).toBe(0);
    expect(await variantStock(size8._id)).toBe(100);
    expect(await productStock(product._id)).toBe(100);
    const placed = await t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((u) => u.id),
        ),
      );
    expect(placed).toHaveLength(3);
  });
});

describe("giving a variant's stock back", () => {
  it("cancelling returns each line's units to its own variant", async () => {
    const { product, size8, size9 } = await shoes({ size8: 10, size9: 10 });
    const buyer = await shopperWithAddress(t);
    const order = (
      await place(buyer.cookie, {
        products: [
          { product: product._id, variant: size8._id, quantity: 1 },
          { product: product._id, variant: size9._id, quantity: 3 },
        ],
        shippingAddress: buyer.addressId,
      })
    ).json().data;
    expect([await variantStock(size8._id), await variantStock(size9._id)]).toEqual([9, 7]);
    const cancelled = await inject(t.app, {
      method: "PATCH",
      url: `/api/orders/${order._id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(cancelled.statusCode).toBe(200);
    expect([await variantStock(size8._id), await variantStock(size9._id)]).toEqual([10, 10]);
    expect(await productStock(product._id)).toBe(20);
  });

  it("the hold-expiry sweep returns each line's units to its own variant", async () => {
    const { product, size8, size9 } = await shoes({ size8: 10, size9: 10 });
    const buyer = await shopperWithAddress(t);
    const order = (
      await place(buyer.cookie, {
        products: [
          { product: product._id, variant: size9._id, quantity: 4 },
          { product: product._id, variant: size8._id, quantity: 2 },
        ],
        shippingAddress: buyer.addressId,
      })
    ).json().data;
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orders.id, order._id));
    expect([await variantStock(size8._id), await variantStock(size9._id)]).toEqual([8, 6]);
    expect(await sweepExpiredOrders(t.database.db, 30, mailContextOf(t.config))).toBeGreaterThanOrEqual(1);
    expect([await variantStock(size8._id), await variantStock(size9._id)]).toEqual([10, 10]);
    expect(await productStock(product._id)).toBe(20);
  });
});

describe("order lines keep the variant as it was", () => {
  it("shows the SKU and sizes ordered after the variant is changed, and keeps an ordered variant left out of a PUT", async () => {
    const { product, size8, size9 } = await shoes({ size8: 10, size9: 10 });
    const buyer = await shopperWithAddress(t);
    const order = (
      await place(buyer.cookie, {
        products: [{ product: product._id, variant: size8._id, quantity: 1 }],
        shippingAddress: buyer.addressId,
      })
    ).json().data;
    // Size 8 is left out (it was ordered: kept, inactive and out of the product), Size 9 gets a new SKU.
    const put = await inject(t.app, {
      method: "PUT",
      url: `/api/products/${product._id}`,
      cookie: staff,
      payload: {
        ...productBody(refs, { name: "Trail Running Shoes" }),
        options: [{ name: "Size", values: ["9", "10"] }],
        variants: [
          { ...size9, sku: `${size9.sku}-B` },
          { sku: `${size9.sku}-10`, options: { Size: "10" }, price: 95, stock: 2 },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.variants.map((v: VariantDto) => v.options)).toEqual([
      { Size: "9" },
      { Size: "10" },
    ]);
    const [kept] = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, size8._id));
    expect(kept).toMatchObject({ isActive: false, sku: size8.sku });
    expect(kept?.removedAt).toBeInstanceOf(Date);

    const read = await inject(t.app, {
      method: "GET",
      url: `/api/orders/current-user/${order._id}`,
      cookie: buyer.cookie,
    });
    expect(read.json().data.products[0].variant).toEqual({
      _id: size8._id,
      sku: size8.sku,
      options: { Size: "8" },
    });
    const removed = await place(buyer.cookie, {
      products: [{ product: product._id, variant: size8._id, quantity: 1 }],
      shippingAddress: buyer.addressId,
    });
    expect(removed.statusCode).toBe(400);
    // Cancelling still gives the unit back to the variant it came from.
    await inject(t.app, { method: "PATCH", url: `/api/orders/${order._id}/cancel`, cookie: buyer.cookie });
    expect(await variantStock(size8._id)).toBe(10);
    expect(await productStock(product._id)).toBe(12);
  });
});
