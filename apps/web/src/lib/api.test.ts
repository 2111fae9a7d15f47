import { errors } from "@shop/shared/messages";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api";
import { responseSchemas } from "./response-schemas";

const CATEGORY = { _id: "0123456789abcdef01234567", name: "Shoes", slug: "shoes", count: 3 };

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("api", () => {
  it("resolves to the envelope's data when it matches the call's schema", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { success: true, message: "OK", data: CATEGORY })),
    );
    await expect(api.get("/categories/slug/shoes", { schema: responseSchemas.category })).resolves.toEqual(
      CATEGORY,
    );
  });

  it("resolves a write to its data when the build has no schemas, as production has none", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(201, { success: true, message: "Created", data: CATEGORY })),
    );
    const noSchema: typeof responseSchemas.category = undefined;
    await expect(api.post("/categories", { name: "Shoes" }, { schema: noSchema })).resolves.toEqual(CATEGORY);
    await expect(api.get("/categories/slug/shoes", { schema: noSchema })).resolves.toEqual(CATEGORY);
  });

  it("sends a file as its own bytes with its type, and JSON as JSON", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      answer(200, { success: true, message: "OK", data: { rows: 1, errors: [] } }),
    );
    vi.stubGlobal("fetch", fetch);
    const file = new Blob(["pincode,days,cod\n560001,2,yes\n"], { type: "text/csv" });
    await api.put("/settings/shipping/0123456789abcdef01234567/pincodes", file);
    await api.put("/settings/store", { name: "Shop" });

    const [csv, json] = fetch.mock.calls.map(([, init]) => init);
    expect(csv?.body).toBe(file);
    expect(csv?.headers).toMatchObject({ "content-type": "text/csv" });
    expect(json?.body).toBe(JSON.stringify({ name: "Shop" }));
    expect(json?.headers).toMatchObject({ "content-type": "application/json" });
  });

  it("refuses, in tests and development, an answer that does not match its schema", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { ...CATEGORY, count: "three" };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { success: true, message: "OK", data: broken })),
    );
    const call = api.get("/categories/slug/shoes", {
      schema: responseSchemas.category,
      defaultMessage: errors.tryReloading,
    });
    await expect(call).rejects.toEqual(new ApiError(200, errors.tryReloading));
  });

  it("checks every item and the paging of a list", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const meta = { page: 1, size: 8, pageCount: 1, total: 2 };
    const data = [CATEGORY, { ...CATEGORY, slug: undefined }];
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { success: true, message: "OK", data, meta })),
    );
    await expect(api.list("/categories", { schema: responseSchemas.category })).rejects.toBeInstanceOf(
      ApiError,
    );
  });

  it("carries the server's message, or the call's default when there is none", async () => {
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValueOnce(
          answer(409, { success: false, message: "A category with this slug already exists." }),
        )
        .mockResolvedValueOnce(new Response("Bad gateway", { status: 502 })),
    );
    const options = { defaultMessage: errors.categoryCreate };
    await expect(api.post("/categories", {}, options)).rejects.toThrow(
      "A category with this slug already exists.",
    );
    await expect(api.post("/categories", {}, options)).rejects.toThrow(errors.categoryCreate);
  });
});
