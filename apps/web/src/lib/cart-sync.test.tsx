import { validation } from "@shop/shared/messages";
import type { CartDto } from "@shop/shared/schemas/cart";
import type { ProductDto } from "@shop/shared/schemas/product";
import { QueryClient } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdAnswers, type StubRequest, stubApi } from "#web/test/api-stub";
import { kurta, lamp, staff } from "#web/test/fixtures";
import { lineKey, toCartProduct, useCart, variantProduct } from "./cart-store";
import { markCheckout, syncCartOf } from "./cart-sync";
import { endSession } from "./current-user";
import { useSession } from "./session";

const shopper = { ...staff("customer"), _id: "a7a7a7a7a7a7a7a7a7a7a7a7" };
const lampVariant = lamp.variants[0]?._id ?? "";
/** A tee in one size: a product with options, whose lines name their variant. */
const tee: ProductDto = {
  ...lamp,
  _id: "c9c9c9c9c9c9c9c9c9c9c9c9",
  name: "Trail Tee",
  options: [{ name: "Size", values: ["M"] }],
  variants: lamp.variants.map((variant) => ({
    ...variant,
    _id: "d9d9d9d9d9d9d9d9d9d9d9d9",
    sku: "TEE-M",
    options: { Size: "M" },
  })),
};
const teeM = tee.variants[0];
if (!teeM) throw new Error("no tee variant");

/** The kept cart as the API answers it: lamps (a product without options), and tees in M when asked. */
function kept(lamps: number, { tees = 0, discountCode = null as string | null } = {}): CartDto {
  return {
    lines: [
      ...(lamps > 0
        ? [{ product: toCartProduct(lamp), variant: { _id: lampVariant, options: {} }, quantity: lamps }]
        : []),
      ...(tees > 0 && teeM
        ? [
            {
              product: variantProduct(tee, teeM),
              variant: { _id: teeM._id, options: teeM.options },
              quantity: tees,
            },
          ]
        : []),
    ],
    discountCode,
  };
}

/** The device's cart: lamps, and whose copy it is. */
function deviceCart(lamps: number, owner: string | null, unsaved = false) {
  useCart.setState({
    items: lamps > 0 ? [{ product: toCartProduct(lamp), quantity: lamps }] : [],
    discountCode: null,
    owner,
    unsaved,
  });
}

/** A merge's key, drawn by the device. */
const aKey = expect.stringMatching(/^[0-9a-f]{32}$/);

const writes = (requests: StubRequest[]) => requests.filter((request) => request.method !== "GET");

beforeEach(() => {
  useSession.getState().setUser(shopper);
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
});
afterEach(() => {
  // Signing out stops the sync of the test.
  useSession.getState().clear();
  useCart.setState({ items: [], discountCode: null, owner: null, unsaved: false });
});

describe("the cart kept by the account", () => {
  it("merges the device's own cart at sign-in, and the answer becomes the device's copy", async () => {
    deviceCart(2, null);
    useCart.getState().setDiscountCode("welcome");
    const { requests } = stubApi({ "POST /api/cart/merge": { data: kept(5, { tees: 1 }) } });
    await syncCartOf(shopper._id);

    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: "POST",
        path: "/api/cart/merge",
        body: { lines: [{ product: lamp._id, quantity: 2 }], discountCode: "WELCOME", key: aKey },
      },
    ]);
    const { items, owner, unsaved } = useCart.getState();
    expect({ owner, unsaved }).toEqual({ owner: shopper._id, unsaved: false });
    // A product without options keeps no variant, as the product page adds it; a tee its size.
    expect(items.map((item) => [item.product._id, item.variant?._id, item.quantity])).toEqual([
      [lamp._id, undefined, 5],
      [tee._id, teeM._id, 1],
    ]);
    expect(items[1]?.variant?.options).toEqual(teeM.options);
  });

  it("merges the device's cart once when the page comes into view while the sign-in's merge is away", async () => {
    deviceCart(1, null);
    const { requests } = stubApi({ "POST /api/cart/merge": { data: kept(1) } });
    const merge = holdAnswers("/api/cart/merge");
    const started = syncCartOf(shopper._id);
    await waitFor(() => expect(merge.asked).toBe(1));
    window.dispatchEvent(new Event("focus"));
    merge.release();
    await started;
    await waitFor(() => expect(useCart.getState().owner).toBe(shopper._id));

    // Sent twice, the server would add the device's line to the account's cart twice.
    expect(writes(requests).map(({ path }) => path)).toEqual(["/api/cart/merge"]);
    expect(merge.asked).toBe(1);
    expect(useCart.getState().items.map((item) => [item.product._id, item.quantity])).toEqual([
      [lamp._id, 1],
    ]);
  });

  it("keeps what the shopper did while the sign-in's merge was away, and never merges the device's lines twice", async () => {
    deviceCart(1, null);
    // The account held 3 lamps: the merge answers 4.
    const { requests } = stubApi({
      "POST /api/cart/merge": { data: kept(4) },
      "PUT /api/cart": { data: kept(5, { tees: 1 }) },
    });
    const merge = holdAnswers("/api/cart/merge");
    const started = syncCartOf(shopper._id);
    await waitFor(() => expect(merge.asked).toBe(1));
    useCart.getState().setQuantity(lineKey(lamp._id), 2);
    useCart
      .getState()
      .addItem(variantProduct(tee, teeM), 1, undefined, { _id: teeM._id, options: teeM.options });
    useCart.getState().setDiscountCode("welcome");
    merge.release();
    await started;
    await waitFor(() => expect(useCart.getState()).toMatchObject({ owner: shopper._id, unsaved: false }));
    window.dispatchEvent(new Event("focus"));

    // The lamp the merge added once, one more tapped meanwhile, the tee and the code: the account's cart.
    await waitFor(() => expect(requests.filter((request) => request.path === "/api/cart")).toHaveLength(2));
    expect(writes(requests).map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: "/api/cart/merge",
        body: { lines: [{ product: lamp._id, quantity: 1 }], discountCode: null, key: aKey },
      },
      {
        path: "/api/cart",
        body: {
          lines: [
            { product: lamp._id, quantity: 5 },
            { product: tee._id, variant: teeM._id, quantity: 1 },
          ],
          discountCode: "WELCOME",
        },
      },
    ]);
    expect(useCart.getState().items.map((item) => [item.product._id, item.quantity])).toEqual([
      [lamp._id, 5],
      [tee._id, 1],
    ]);
  });

  it("keeps the copy as sent under the merge's key, and a page reloaded before the answer sends it again and applies what changed since", async () => {
    // The server as it keeps a cart: 3 lamps, and the key of its last merge, which it never adds twice.
    let lamps = 3;
    let lastKey: string | undefined;
    const lampsOf = (body: unknown) =>
      (body as { lines: { product: string; quantity: number }[] }).lines
        .filter((line) => line.product === lamp._id)
        .reduce((sum, line) => sum + line.quantity, 0);
    const { requests } = stubApi({
      "POST /api/cart/merge": ({ body }) => {
        const { key } = body as { key?: string };
        if (key === undefined || key !== lastKey) lamps += lampsOf(body);
        lastKey = key;
        return { data: kept(lamps) };
      },
      "PUT /api/cart": ({ body }) => {
        lamps = lampsOf(body);
        return { data: kept(lamps) };
      },
    });
    /** A new page of this device: its stored copy (lamps, no owner) and the merge it kept, signed in. */
    const reload = async (copy: number, pending: ReturnType<typeof useCart.getState>["pendingMerge"]) => {
      useSession.getState().clear();
      useSession.getState().setUser(shopper);
      deviceCart(copy, null);
      useCart.setState({ pendingMerge: pending });
      await syncCartOf(shopper._id);
      await waitFor(() => expect(useCart.getState()).toMatchObject({ owner: shopper._id, unsaved: false }));
    };
    const merges = () => requests.filter((request) => request.path === "/api/cart/merge");

    deviceCart(1, null);
    const merge = holdAnswers("/api/cart/merge");
    const started = syncCartOf(shopper._id);
    await waitFor(() => expect(merge.asked).toBe(1));
    // Kept with the copy while the merge is away, as the page's storage would have it on a reload.
    const pending = useCart.getState().pendingMerge;
    expect(pending).toMatchObject({ key: aKey, discountCode: null });
    expect(pending?.items.map((item) => [item.product._id, item.quantity])).toEqual([[lamp._id, 1]]);
    merge.release();
    await started;
    expect(merges()[0]?.body).toEqual({
      lines: [{ product: lamp._id, quantity: 1 }],
      discountCode: null,
      key: pending?.key,
    });
    expect(useCart.getState()).toMatchObject({ owner: shopper._id, pendingMerge: null });
    expect(lamps).toBe(4);

    // The merge landed but its page was gone: a new page sends the same copy under the same key,
    // which adds nothing, and the lamp tapped since comes on top of the answer and is saved.
    await reload(2, pending);
    expect(merges()[1]?.body).toEqual(merges()[0]?.body);
    expect(lamps).toBe(5);
    expect(useCart.getState().items.map((item) => [item.product._id, item.quantity])).toEqual([
      [lamp._id, 5],
    ]);

    // A copy emptied since it was sent still sends it (the merge may have landed), and takes it out.
    await reload(0, pending);
    expect(merges()).toHaveLength(3);
    expect(merges()[2]?.body).toEqual(merges()[0]?.body);
    expect(lamps).toBe(4);
    expect(useCart.getState().pendingMerge).toBeNull();
  });

  it("replaces a copy of another account's cart with this account's, never merging it", async () => {
    deviceCart(3, "b8b8b8b8b8b8b8b8b8b8b8b8");
    const { requests } = stubApi({ "GET /api/cart": { data: kept(0) } });
    await syncCartOf(shopper._id);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /api/cart"]);
    expect(useCart.getState()).toMatchObject({ items: [], owner: shopper._id });
  });

  it("merges a line added while the sign-in's read of the kept cart is away, not replacing it", async () => {
    deviceCart(0, null);
    const { requests } = stubApi({
      "GET /api/cart": { data: kept(0) },
      "POST /api/cart/merge": { data: kept(1) },
    });
    const read = holdAnswers("/api/cart");
    const started = syncCartOf(shopper._id);
    await waitFor(() => expect(read.asked).toBe(1));
    useCart.getState().addItem(toCartProduct(lamp), 1);
    read.release();
    await started;

    expect(writes(requests).map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: "/api/cart/merge",
        body: { lines: [{ product: lamp._id, quantity: 1 }], discountCode: null, key: aKey },
      },
    ]);
    expect(useCart.getState()).toMatchObject({ owner: shopper._id, unsaved: false });
    expect(useCart.getState().items.map((item) => [item.product._id, item.quantity])).toEqual([
      [lamp._id, 1],
    ]);
  });

  it("saves the copy's change not yet saved before anything else, when the sync starts again", async () => {
    deviceCart(4, shopper._id, true);
    const { requests } = stubApi({ "PUT /api/cart": { data: kept(4) } });
    await syncCartOf(shopper._id);
    expect(writes(requests).map(({ path, body }) => ({ path, body }))).toEqual([
      { path: "/api/cart", body: { lines: [{ product: lamp._id, quantity: 4 }], discountCode: null } },
    ]);
    expect(useCart.getState().unsaved).toBe(false);
  });

  it("saves changes a moment after the last one, in one request, and the answer is the copy", async () => {
    deviceCart(1, shopper._id);
    const { requests } = stubApi({
      "GET /api/cart": { data: kept(1) },
      "PUT /api/cart": ({ body }) => {
        const lines = (body as { lines: { quantity: number }[] }).lines;
        return { data: kept(lines[0]?.quantity ?? 0) };
      },
    });
    await syncCartOf(shopper._id);
    const key = lineKey(lamp._id);
    for (const quantity of [2, 3, 4]) useCart.getState().setQuantity(key, quantity);
    expect(useCart.getState().unsaved).toBe(true);

    await waitFor(() => expect(useCart.getState().unsaved).toBe(false));
    expect(writes(requests).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: "PUT",
        path: "/api/cart",
        body: { lines: [{ product: lamp._id, quantity: 4 }], discountCode: null },
      },
    ]);
  });

  it("leaves out a line the server refuses and saves the others", async () => {
    useCart.setState({
      items: [
        { product: { ...toCartProduct(kurta), isActive: false }, quantity: 1 },
        { product: toCartProduct(lamp), quantity: 2 },
      ],
      owner: shopper._id,
      unsaved: true,
    });
    const { requests } = stubApi({
      "PUT /api/cart": ({ body }) =>
        (body as { lines: unknown[] }).lines.length === 2
          ? { status: 400, errors: { "lines.0.variant": validation.chooseOption("Size") } }
          : { data: kept(2) },
    });
    await syncCartOf(shopper._id);
    expect(writes(requests).map((request) => request.body)).toEqual([
      {
        lines: [
          { product: kurta._id, quantity: 1 },
          { product: lamp._id, quantity: 2 },
        ],
        discountCode: null,
      },
      { lines: [{ product: lamp._id, quantity: 2 }], discountCode: null },
    ]);
    expect(useCart.getState().items.map((item) => item.product._id)).toEqual([lamp._id]);
  });

  it("reads the kept cart again when the page comes back into view: another device's change shows", async () => {
    deviceCart(1, shopper._id);
    let onServer = kept(1);
    const { requests } = stubApi({ "GET /api/cart": () => ({ data: onServer }) });
    await syncCartOf(shopper._id);
    onServer = kept(1, { tees: 2 });
    document.dispatchEvent(new Event("visibilitychange"));
    await waitFor(() => expect(useCart.getState().items).toHaveLength(2));
    expect(requests.filter((request) => request.path === "/api/cart")).toHaveLength(2);
    expect(writes(requests)).toEqual([]);
  });

  it("saves the last change before telling the server the cart reached checkout", async () => {
    deviceCart(1, shopper._id);
    const { requests } = stubApi({
      "GET /api/cart": { data: kept(1) },
      "PUT /api/cart": { data: kept(6) },
      "POST /api/cart/checkout": { data: null },
    });
    await syncCartOf(shopper._id);
    useCart.getState().setQuantity(lineKey(lamp._id), 6);
    await markCheckout(shopper._id);
    expect(writes(requests).map((request) => `${request.method} ${request.path}`)).toEqual([
      "PUT /api/cart",
      "POST /api/cart/checkout",
    ]);
  });

  it("stops at sign-out: the account's copy leaves the device, and the emptied copy is never saved", async () => {
    deviceCart(2, shopper._id);
    const { requests } = stubApi({ "GET /api/cart": { data: kept(2) } });
    await syncCartOf(shopper._id);
    endSession(new QueryClient(), "/auth/login");
    expect(useCart.getState()).toMatchObject({ items: [], owner: null, unsaved: false });
    // A moment later still nothing was written.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(writes(requests)).toEqual([]);
    // A cart the device shops with afterwards is its own again: it stays at the next sign-out.
    useCart.getState().addItem(toCartProduct(lamp), 1);
    endSession(new QueryClient(), "/auth/login");
    expect(useCart.getState().items).toHaveLength(1);
  });
});
