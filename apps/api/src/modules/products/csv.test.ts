import { api, productCsv, validation } from "@shop/shared/messages";
import type { ProductImportReport } from "@shop/shared/schemas/product-csv";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "#api/db/schema/products";
import { createTestApp, inject, signedInUser, type TestApp } from "#test/app";
import { DESCRIPTION, makeCategory, makeMedia, makeProduct, makeProductWithVariants } from "#test/catalog";

let t: TestApp;
let admin: string;
let category: { id: string; slug: string };
let image: { id: string; url: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t, "admin")).cookie;
  category = await makeCategory(t.database);
  image = await makeMedia(t.database);
  const refs = { category: category.id, thumbnail: image.id };
  // A product whose name a spreadsheet would run as a formula, one on sale, one with options.
  await makeProduct(t.database, refs, {
    name: "=HYPERLINK(evil) tee",
    onSale: true,
    price: 40,
    salePrice: 30,
  });
  await makeProduct(t.database, refs, { name: "Plain Canvas Bag", isActive: false, stock: 0 });
  await makeProductWithVariants(t.database, refs, { name: "Sized Shirt" });
}, 60_000);
afterAll(async () => t.close());

async function exportCsv(): Promise<string> {
  const response = await inject(t.app, { method: "GET", url: "/api/products/export.csv", cookie: admin });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/csv");
  return response.body;
}

async function importCsv(csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return inject(t.app, {
    method: "POST",
    url: `/api/products/import?dryRun=${dryRun}`,
    cookie: admin,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  });
}

async function report(csv: string, dryRun: boolean): Promise<ProductImportReport> {
  const response = await importCsv(csv, dryRun);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function counts() {
  const [p] = await t.database.db.select({ n: count() }).from(products);
  const [v] = await t.database.db.select({ n: count() }).from(productVariants);
  return { products: p?.n ?? 0, variants: v?.n ?? 0 };
}

const HEADER =
  "Handle,Name,Description,Category,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,SKU,Price,Sale Price,Stock,Active,Variant Active,Image URL";

/** The parcel size columns the export adds after the others (optional on an import). */
const SIZE_HEADER = "Weight (kg),Length (cm),Breadth (cm),Height (cm)";

/** The description as a CSV cell (it holds a comma). */
const D = `"${DESCRIPTION}"`;

describe("products CSV", () => {
  it("exports one row per variant, and importing the same file changes nothing", async () => {
    const csv = await exportCsv();
    const rows: string[][] = parse(csv, { bom: true });
    expect(rows[0]?.join(",")).toBe(`${HEADER},${SIZE_HEADER}`);
    // 1 + 1 + 6 variants.
    expect(rows).toHaveLength(1 + 8);
    const formula = rows.find((row) => row[1]?.includes("HYPERLINK"));
    expect(formula?.[1]).toBe("'=HYPERLINK(evil) tee");
    expect(formula?.[12]).toBe("30.00");
    const sized = rows.filter((row) => row[4] === "Size");
    expect(sized).toHaveLength(6);
    // The product's own fields on its first row only.
    expect(sized.filter((row) => row[1] === "Sized Shirt")).toHaveLength(1);

    const before = await counts();
    const dry = await report(csv, true);
    expect(dry.products).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
    expect(dry.rows.every((row) => row.action === "unchanged")).toBe(true);
    const applied = await report(csv, false);
    expect(applied).toMatchObject({ applied: true, products: { created: 0, updated: 0, unchanged: 3 } });
    expect(await counts()).toEqual(before);
    expect(await exportCsv()).toBe(csv);
  });

  it("creates a product with options, updates another by handle, and removes a variant left out", async () => {
    const csv = await exportCsv();
    const rows: string[][] = parse(csv, { bom: true });
    const [header, ...data] = rows;
    if (!header) throw new Error("no header");
    // The shirt loses its last variant; the bag's price changes.
    const shirtRows = data.filter((row) => row[4] === "Size");
    const lastShirt = shirtRows[shirtRows.length - 1];
    const edited = data
      .filter((row) => row !== lastShirt)
      .map((row) =>
        row[1] === "Plain Canvas Bag" ? row.map((cell, i) => (i === 11 ? "55.50" : cell)) : row,
      );
    const line = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(",");
    const created = [
      line([
        "new-boots",
        "Walking Boots",
        DESCRIPTION,
        category.slug,
        "Size",
        "UK 8",
        "",
        "",
        "",
        "",
        "BOOT-8",
        "80",
        "",
        "4",
        "true",
        "true",
        image.url,
      ]),
      line([
        "new-boots",
        "",
        "",
        "",
        "Size",
        "UK 9",
        "",
        "",
        "",
        "",
        "BOOT-9",
        "82.5",
        "70",
        "0",
        "",
        "false",
        "",
      ]),
    ];
    const file = [header.join(","), ...edited.map(line), ...created].join("\n");

    const dry = await report(file, true);
    expect(dry.products).toEqual({ created: 1, updated: 2, unchanged: 1, refused: 0 });
    const bag = dry.rows.find(
      (row) => row.sku !== "" && edited.some((r) => r[1] === "Plain Canvas Bag" && r[10] === row.sku),
    );
    expect(bag?.action).toBe("update");
    expect(dry.rows.filter((row) => row.action === "create").map((row) => row.sku)).toEqual([
      "BOOT-8",
      "BOOT-9",
    ]);

    const applied = await report(file, false);
    expect(applied.products).toEqual(dry.products);
    const [boots] = await t.database.db.select().from(products).where(eq(products.name, "Walking Boots"));
    expect(boots).toMatchObject({
      price: 80,
      stock: 4,
      isActive: true,
      categoryId: category.id,
      thumbnailId: image.id,
    });
    expect(boots?.options).toEqual([{ name: "Size", values: ["UK 8", "UK 9"] }]);
    const page = await inject(t.app, { method: "GET", url: `/api/products/${boots?.id}` });
    expect(page.json().data.variants).toMatchObject([
      { sku: "BOOT-8", options: { Size: "UK 8" }, price: 80, onSale: false, stock: 4, isActive: true },
      {
        sku: "BOOT-9",
        options: { Size: "UK 9" },
        price: 82.5,
        onSale: true,
        salePrice: 70,
        stock: 0,
        isActive: false,
      },
    ]);
    // Searchable like a product written by the API.
    const search = await inject(t.app, { method: "GET", url: "/api/products?keyword=walking" });
    expect(search.json().data.map((p: { name: string }) => p.name)).toContain("Walking Boots");
    const [bagRow] = await t.database.db.select().from(products).where(eq(products.name, "Plain Canvas Bag"));
    expect(bagRow?.price).toBe(55.5);
    const shirtVariants = await t.database.db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.sku, [lastShirt?.[10] ?? ""]));
    expect(shirtVariants).toHaveLength(0);

    // Importing the new file again: nothing left to change (the boots are found by their SKUs).
    expect((await report(file, true)).products).toMatchObject({ created: 0, updated: 0, refused: 0 });
  });

  it("a file with bad rows applies nothing and reports each row's error", async () => {
    const before = await counts();
    // A product of the shop (by its handle) given the SKU of another one.
    const exported: string[][] = parse(await exportCsv(), { bom: true });
    const handle = exported[1]?.[0] ?? "";
    const otherSku = exported.find((row) => row[0] !== handle && row[0] !== "Handle")?.[10] ?? "";
    const file = [
      HEADER,
      // 2: fine on its own, yet not applied.
      `good-one,Good Product,${D},${category.slug},,,,,,,GOOD-1,10,,5,true,true,${image.url}`,
      // 3: unknown category.
      `bad-category,Bad Category,${D},no-such-category,,,,,,,BADCAT-1,10,,5,true,true,${image.url}`,
      // 4: price not a number; 5: sale price above the price.
      `bad-prices,Bad Prices,${D},${category.slug},Size,S,,,,,BADP-S,ten,,5,true,true,${image.url}`,
      `bad-sale,Bad Sale,${D},${category.slug},Size,M,,,,,BADP-M,10,12,5,true,true,${image.url}`,
      // 6: a SKU another product of the shop holds.
      `${handle},Taken Sku,${D},${category.slug},,,,,,,${otherSku},10,,5,true,true,${image.url}`,
      // 7: a name too short and an image that is not the shop's.
      `short,Shor,${D},${category.slug},,,,,,,SHORT-1,10,,5,true,true,https://elsewhere.test/a.png`,
      // 8: no handle.
      `,No Handle,${D},${category.slug},,,,,,,NOHANDLE,10,,5,true,true,${image.url}`,
    ].join("\n");

    const dry = await report(file, true);
    expect(dry.products.refused).toBe(6);
    const errorsOf = (row: number) => dry.rows.find((r) => r.row === row)?.errors;
    expect(dry.rows.find((r) => r.row === 2)).toMatchObject({ action: "create", errors: [] });
    expect(errorsOf(3)).toEqual([
      { column: "Category", message: productCsv.categoryUnknown("no-such-category") },
    ]);
    expect(errorsOf(4)).toEqual([{ column: "Price", message: validation.number }]);
    expect(errorsOf(5)).toEqual([{ column: "Sale Price", message: validation.salePriceBelowPrice }]);
    expect(errorsOf(6)).toEqual([{ column: "SKU", message: api.skuTaken }]);
    expect(errorsOf(7)).toEqual(
      expect.arrayContaining([
        { column: "Image URL", message: productCsv.imageUnknown },
        { column: "Name", message: validation.productName },
      ]),
    );
    expect(errorsOf(8)).toEqual([{ column: "Handle", message: productCsv.handleRequired }]);

    const applied = await importCsv(file, false);
    expect(applied.statusCode).toBe(422);
    expect(applied.json()).toMatchObject({
      success: false,
      message: productCsv.rowsRefused,
      errors: {
        "rows.3.Category": productCsv.categoryUnknown("no-such-category"),
        "rows.6.SKU": api.skuTaken,
      },
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses a file that is no products CSV with 400 and the reason", async () => {
    const missing = await importCsv("Handle,Name\nx,y\n", true);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      productCsv.missingColumns([
        "Description",
        "Category",
        "Option1 Name",
        "Option1 Value",
        "Option2 Name",
        "Option2 Value",
        "Option3 Name",
        "Option3 Value",
        "SKU",
        "Price",
        "Sale Price",
        "Stock",
        "Active",
        "Variant Active",
        "Image URL",
      ]),
    );
    const unreadable = await importCsv('Handle,"Name\nbroken', true);
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().message).toBe(productCsv.unreadable);
    const empty = await importCsv(`${HEADER}\n`, true);
    expect(empty.json().message).toBe(productCsv.empty);
  });

  describe("parcel sizes", () => {
    const none = { weightKg: null, lengthCm: null, breadthCm: null, heightCm: null };
    const productNamed = async (name: string) => {
      const [row] = await t.database.db.select().from(products).where(eq(products.name, name));
      if (!row) throw new Error(`no product ${name}`);
      return row;
    };
    const variantsOf = (productId: string) =>
      t.database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .orderBy(asc(productVariants.position));
    const sizes = async () => {
      const shirt = await productNamed("Sized Shirt");
      const bag = await productNamed("Plain Canvas Bag");
      const size = (row: typeof bag | Awaited<ReturnType<typeof variantsOf>>[number]) => ({
        weightKg: row.weightKg,
        lengthCm: row.lengthCm,
        breadthCm: row.breadthCm,
        heightCm: row.heightCm,
      });
      return {
        shirt: size(shirt),
        shirtVariants: (await variantsOf(shirt.id)).map(size),
        bag: size(bag),
        bagVariant: (await variantsOf(bag.id)).map(size),
      };
    };
    /** The shirt's first two variants and the bag (no options: its own size) given sizes. */
    const giveSizes = async () => {
      const shirt = await productNamed("Sized Shirt");
      const [first, second] = await variantsOf(shirt.id);
      await t.database.db
        .update(productVariants)
        .set({ weightKg: 0.25, lengthCm: 30, breadthCm: 20, heightCm: 2.5 })
        .where(eq(productVariants.id, first?.id ?? ""));
      await t.database.db
        .update(productVariants)
        .set({ weightKg: 1.125 })
        .where(eq(productVariants.id, second?.id ?? ""));
      await t.database.db
        .update(products)
        .set({ weightKg: 0.8, lengthCm: 40.5, breadthCm: 35, heightCm: 5 })
        .where(eq(products.name, "Plain Canvas Bag"));
    };
    const clearSizes = async () => {
      await t.database.db.update(productVariants).set(none);
      await t.database.db.update(products).set(none);
    };
    const column = (rows: string[][], name: string) => rows[0]?.indexOf(name) ?? -1;

    it("exports each variant's own size (a product without options: the product's) and imports it back", async () => {
      await giveSizes();
      const wanted = await sizes();
      expect(wanted.shirtVariants.slice(0, 3)).toEqual([
        { weightKg: 0.25, lengthCm: 30, breadthCm: 20, heightCm: 2.5 },
        { weightKg: 1.125, lengthCm: null, breadthCm: null, heightCm: null },
        none,
      ]);
      const csv = await exportCsv();
      const rows: string[][] = parse(csv, { bom: true });
      const shirt = await productNamed("Sized Shirt");
      const shirtRows = rows.filter((row) => row[0] === shirt.id);
      const size = (row: string[] | undefined) =>
        ["Weight (kg)", "Length (cm)", "Breadth (cm)", "Height (cm)"].map(
          (name) => row?.[column(rows, name)],
        );
      expect(size(shirtRows[0])).toEqual(["0.25", "30", "20", "2.5"]);
      expect(size(shirtRows[1])).toEqual(["1.125", "", "", ""]);
      expect(size(shirtRows[2])).toEqual(["", "", "", ""]);
      expect(size(rows.find((row) => row[1] === "Plain Canvas Bag"))).toEqual(["0.8", "40.5", "35", "5"]);

      // Unchanged as exported; once the sizes are cleared, the same file writes them back.
      expect((await report(csv, true)).products).toMatchObject({ updated: 0, refused: 0 });
      await clearSizes();
      const applied = await report(csv, false);
      expect(applied.products).toMatchObject({ refused: 0 });
      expect(applied.rows.find((row) => row.sku === shirtRows[0]?.[10])?.action).toBe("update");
      expect(await sizes()).toEqual(wanted);
      expect(await exportCsv()).toBe(csv);
    });

    it("a file without the size columns keeps every size, and an empty size cell clears it", async () => {
      await clearSizes();
      await giveSizes();
      const wanted = await sizes();
      const rows: string[][] = parse(await exportCsv(), { bom: true });
      const weight = column(rows, "Weight (kg)");
      // An older file: the columns before the sizes only, with the shirt's and the bag's prices changed.
      const shirt = await productNamed("Sized Shirt");
      const older = rows.map((row) =>
        row
          .slice(0, weight)
          .map((cell, i) =>
            i === 11 && (row[0] === shirt.id || row[1] === "Plain Canvas Bag") ? "61.25" : cell,
          ),
      );
      const applied = await report(stringify(older), false);
      expect(applied.products).toMatchObject({ refused: 0 });
      expect(applied.rows.find((row) => row.sku === rows.find((r) => r[0] === shirt.id)?.[10])?.action).toBe(
        "update",
      );
      expect((await productNamed("Plain Canvas Bag")).price).toBe(61.25);
      expect(await sizes()).toEqual(wanted);

      // The columns given with empty cells: the shirt's first variant and the bag have no size any more.
      const cleared = rows.map((row) =>
        row[0] === shirt.id || row[1] === "Plain Canvas Bag"
          ? row.map((cell, i) => (i >= weight ? "" : cell))
          : row,
      );
      await report(stringify(cleared), false);
      const after = await sizes();
      expect(after.shirtVariants.every((size) => size.weightKg === null && size.lengthCm === null)).toBe(
        true,
      );
      expect(after.bag).toEqual(none);
    });

    it("refuses a bad weight or a box missing sides, naming the row and the column", async () => {
      await clearSizes();
      const before = await sizes();
      const header = `${HEADER},${SIZE_HEADER}`;
      const file = [
        header,
        // 2: a weight under one gram; 3: one side of a box only; 4: a weight that is no number.
        `size-a,Size Product A,${D},${category.slug},Size,S,,,,,SIZE-A-S,10,,5,true,true,${image.url},0.0001,,,`,
        `size-a,,,,Size,M,,,,,SIZE-A-M,10,,5,,true,,,12,,`,
        `size-b,Size Product B,${D},${category.slug},,,,,,,SIZE-B,10,,5,true,true,${image.url},heavy,,,`,
      ].join("\n");
      const dry = await report(file, true);
      expect(dry.products.refused).toBe(2);
      const errorsOf = (row: number) => dry.rows.find((r) => r.row === row)?.errors;
      expect(errorsOf(2)).toEqual([{ column: "Weight (kg)", message: validation.min(0.001) }]);
      expect(errorsOf(3)).toEqual([
        { column: "Breadth (cm)", message: validation.required },
        { column: "Height (cm)", message: validation.required },
      ]);
      expect(errorsOf(4)).toEqual([{ column: "Weight (kg)", message: validation.number }]);
      const applied = await importCsv(file, false);
      expect(applied.statusCode).toBe(422);
      expect(applied.json().errors).toMatchObject({ "rows.2.Weight (kg)": validation.min(0.001) });
      expect(await sizes()).toEqual(before);
    });
  });

  it("imports 10,000 rows (2,000 products of 5 sizes) in one go", async () => {
    const before = await counts();
    const sizes = ["XS", "S", "M", "L", "XL"];
    const lines: string[][] = [];
    for (let p = 0; p < 2_000; p++) {
      sizes.forEach((size, i) => {
        const own = i === 0;
        lines.push([
          `bulk-${p}`,
          own ? `Bulk Product ${p}` : "",
          own ? DESCRIPTION : "",
          own ? category.slug : "",
          "Size",
          size,
          "",
          "",
          "",
          "",
          `BULK-${p}-${size}`,
          String(10 + i),
          "",
          String(p % 7),
          own ? "true" : "",
          "true",
          own ? image.url : "",
        ]);
      });
    }
    const started = Date.now();
    const applied = await report(`${HEADER}\n${stringify(lines)}`, false);
    const seconds = (Date.now() - started) / 1000;
    expect(applied.products).toMatchObject({ created: 2_000, refused: 0 });
    expect(applied.rows).toHaveLength(10_000);
    expect(await counts()).toEqual({ products: before.products + 2_000, variants: before.variants + 10_000 });
    const [one] = await t.database.db.select().from(products).where(eq(products.name, "Bulk Product 3"));
    expect(one).toMatchObject({ price: 10, stock: 3 * 5 });
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
