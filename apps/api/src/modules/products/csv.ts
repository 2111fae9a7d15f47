/**
 * The products CSV: the export (one row per variant, streamed in batches of products) and the import
 * (rows grouped by handle into products, checked with the same rules and messages as POST and PUT
 * /api/products, then applied in one transaction, or reported only on a dry run).
 */
import { Readable } from "node:stream";
import { PRODUCT_IMPORT_ROWS_MAX } from "@shop/shared/constants";
import { api, productCsv, validation } from "@shop/shared/messages";
import { ProductInput } from "@shop/shared/schemas/product";
import {
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  type ProductImportReport,
  type ProductImportRow,
} from "@shop/shared/schemas/product-csv";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import type { ProductOption, ProductVariant } from "#api/db/schema/products";
import {
  categoryIdsBySlug,
  findVariantsBySkus,
  findVariantsOfProducts,
  type ImportedProduct,
  insertProductsBulk,
  insertVariantsBulk,
  lockProductsForImport,
  mediaIdsByUrl,
  type ProductImportTarget,
  productCsvBatch,
  refreshSearchDocuments,
  updateProductsBulk,
} from "./repo-csv";
import { removeVariants, updateVariants, type VariantValues } from "./repo-writes";

/** Products read per export query: a few hundred rows of CSV at a time, never the whole catalogue. */
const EXPORT_BATCH = 500;
/** Variants rewritten per statement group when applying an import (whole products per group). */
const UPDATE_GROUP = 2_000;

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/* ---- Formula injection (CWE-1236): a cell a spreadsheet would run as a formula gets a leading quote. ---- */

const FORMULA_START = /^[=+\-@\t\r]/;
const GUARDED = /^'[=+\-@\t\r]/;

/** A cell as exported: one that starts like a formula is prefixed with `'`. */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as imported: the export's guard taken off again. */
export function unguardCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

/* ---- Export ---- */

type CsvRecord = Record<ProductCsvColumn, string>;

function money(value: number): string {
  return value.toFixed(2);
}

function variantRecord(
  product: Awaited<ReturnType<typeof productCsvBatch>>[number],
  variant: ProductVariant,
  first: boolean,
): CsvRecord {
  const option = (i: number) => product.options[i];
  const own = (value: string) => (first ? value : "");
  return {
    Handle: product.id,
    Name: own(product.name),
    Description: own(product.description),
    Category: own(product.categorySlug),
    "Option1 Name": option(0)?.name ?? "",
    "Option1 Value": variant.options[option(0)?.name ?? ""] ?? "",
    "Option2 Name": option(1)?.name ?? "",
    "Option2 Value": variant.options[option(1)?.name ?? ""] ?? "",
    "Option3 Name": option(2)?.name ?? "",
    "Option3 Value": variant.options[option(2)?.name ?? ""] ?? "",
    SKU: variant.sku,
    Price: money(variant.price),
    "Sale Price": variant.onSale ? money(variant.salePrice) : "",
    Stock: String(variant.stock),
    Active: own(String(product.isActive)),
    "Variant Active": String(variant.isActive),
    "Image URL": own(product.imageUrl ?? ""),
  };
}

async function* exportRecords(db: Database): AsyncGenerator<string[]> {
  let after: string | null = null;
  for (;;) {
    const batch = await productCsvBatch(db, after, EXPORT_BATCH);
    if (batch.length === 0) return;
    const variants = await findVariantsOfProducts(
      db,
      batch.map((product) => product.id),
    );
    const byProduct = groupBy(variants, (variant) => variant.productId);
    for (const product of batch) {
      for (const [index, variant] of (byProduct.get(product.id) ?? []).entries()) {
        const record = variantRecord(product, variant, index === 0);
        yield PRODUCT_CSV_COLUMNS.map((column) => guardCell(record[column]));
      }
    }
    after = batch[batch.length - 1]?.id ?? null;
  }
}

/** Every product's variants as CSV, one row per variant, read from the database a batch at a time. */
export function exportProductsCsv(db: Database): Readable {
  const csv = stringify({ header: true, columns: [...PRODUCT_CSV_COLUMNS], bom: true });
  const source = Readable.from(exportRecords(db));
  source.on("error", (error) => csv.destroy(error));
  return source.pipe(csv);
}

/* ---- Import: reading the file ---- */

interface FileRow {
  /** The row's number in a spreadsheet: the header is row 1. */
  row: number;
  cells: CsvRecord;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

/** The file's data rows by column; 400 when it is no CSV, lacks a column, or has too many rows. */
function readRows(file: Buffer): FileRow[] {
  let records: string[][];
  try {
    records = parse(file, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch {
    throw new AppError("BAD_REQUEST", productCsv.unreadable, { file: productCsv.unreadable });
  }
  const [header, ...data] = records;
  if (!header || data.length === 0)
    throw new AppError("BAD_REQUEST", productCsv.empty, { file: productCsv.empty });
  const at = new Map(header.map((name, index) => [normalise(name), index]));
  const missing = PRODUCT_CSV_COLUMNS.filter((column) => !at.has(normalise(column)));
  if (missing.length > 0) {
    const message = productCsv.missingColumns(missing);
    throw new AppError("BAD_REQUEST", message, { file: message });
  }
  if (data.length > PRODUCT_IMPORT_ROWS_MAX) {
    const message = productCsv.tooManyRows(PRODUCT_IMPORT_ROWS_MAX);
    throw new AppError("BAD_REQUEST", message, { file: message });
  }
  return data.map((record, index) => ({
    row: index + 2,
    cells: Object.fromEntries(
      PRODUCT_CSV_COLUMNS.map((column) => [
        column,
        unguardCell(record[at.get(normalise(column)) ?? -1] ?? "").trim(),
      ]),
    ) as CsvRecord,
  }));
}

/* ---- Import: one handle's rows as a product ---- */

type Cell = { row: number; column: ProductCsvColumn };

class RowErrors {
  readonly byRow = new Map<number, { column: string; message: string }[]>();
  add({ row, column }: Cell, message: string) {
    const list = this.byRow.get(row) ?? [];
    // One message per cell: the first reason is the one to fix first.
    if (!list.some((error) => error.column === column)) list.push({ column, message });
    this.byRow.set(row, list);
  }
  has(row: number) {
    return this.byRow.has(row);
  }
}

const OPTION_NAME: ProductCsvColumn[] = ["Option1 Name", "Option2 Name", "Option3 Name"];
const OPTION_VALUE: ProductCsvColumn[] = ["Option1 Value", "Option2 Value", "Option3 Value"];
const PRODUCT_COLUMNS: ProductCsvColumn[] = ["Name", "Description", "Category", "Active", "Image URL"];
const VARIANT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  sku: "SKU",
  options: "Option1 Value",
  price: "Price",
  onSale: "Sale Price",
  salePrice: "Sale Price",
  stock: "Stock",
  isActive: "Variant Active",
};
const PRODUCT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  name: "Name",
  description: "Description",
  category: "Category",
  thumbnail: "Image URL",
  isActive: "Active",
  variants: "Handle",
  options: "Option1 Name",
};

/** A number cell: blank is absent; anything but a plain decimal stays text, so the schema says 'This must be a number.'. */
function numberCell(value: string): number | string | undefined {
  if (value === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

function booleanCell(value: string, cell: Cell, errors: RowErrors): boolean | undefined {
  const v = value.toLowerCase();
  if (v === "") return undefined;
  if (["true", "yes", "1"].includes(v)) return true;
  if (["false", "no", "0"].includes(v)) return false;
  errors.add(cell, productCsv.notABoolean);
  return undefined;
}

/** A placeholder id for a reference checked apart (category, image), so the schema checks the rest. */
const CHECKED_APART = "000000000000000000000000";

interface Group {
  handle: string;
  rows: FileRow[];
}

interface Lookups {
  categories: Map<string, string>;
  media: Map<string, string>;
}

interface ParsedGroup {
  group: Group;
  input?: ProductInput;
  /** The category and thumbnail ids (the thumbnail: null to keep an existing product's own). */
  categoryId?: string;
  thumbnailId?: string | null;
}

/** Checks one handle's rows as the product they make, with the rules of POST /api/products. */
function parseGroup(group: Group, lookups: Lookups, existing: boolean, errors: RowErrors): ParsedGroup {
  const [first, ...rest] = group.rows;
  if (!first) return { group };
  const cell = (row: FileRow, column: ProductCsvColumn): Cell => ({ row: row.row, column });

  // The product's own fields come from the first row; later rows leave them empty or repeat them.
  for (const row of rest) {
    for (const column of PRODUCT_COLUMNS) {
      const value = row.cells[column];
      if (value !== "" && value !== first.cells[column])
        errors.add(cell(row, column), productCsv.differsFromFirstRow);
    }
  }

  // Options: their names from the first row, their values in the order the rows give them.
  const names = OPTION_NAME.map((column) => first.cells[column]);
  const count = names.reduce((n, name, i) => (name !== "" ? i + 1 : n), 0);
  const options: ProductOption[] = names.slice(0, count).map((name) => ({ name, values: [] }));
  const valueRows = new Map<string, number>();
  for (const row of group.rows) {
    OPTION_NAME.forEach((column, i) => {
      const name = row.cells[column];
      if (row !== first && name !== "" && name !== names[i])
        errors.add(cell(row, column), productCsv.optionNamesDiffer);
    });
    options.forEach((option, i) => {
      const column = OPTION_VALUE[i] as ProductCsvColumn;
      const value = row.cells[column];
      if (value === "") {
        errors.add(cell(row, column), productCsv.optionValueMissing);
      } else if (!option.values.includes(value)) {
        valueRows.set(`${i}/${option.values.length}`, row.row);
        option.values.push(value);
      }
    });
  }

  const categorySlug = first.cells.Category;
  const categoryId = lookups.categories.get(categorySlug);
  if (categorySlug !== "" && !categoryId)
    errors.add(cell(first, "Category"), productCsv.categoryUnknown(categorySlug));
  const imageUrl = first.cells["Image URL"];
  const mediaId = imageUrl === "" ? undefined : lookups.media.get(imageUrl);
  if (imageUrl !== "" && !mediaId) errors.add(cell(first, "Image URL"), productCsv.imageUnknown);
  if (imageUrl === "" && !existing) errors.add(cell(first, "Image URL"), validation.required);

  const variants = group.rows.map((row) => {
    const salePrice = numberCell(row.cells["Sale Price"]);
    const onSale = salePrice !== undefined && salePrice !== 0;
    return {
      sku: row.cells.SKU,
      options: Object.fromEntries(
        options.flatMap((option, i) => {
          const value = row.cells[OPTION_VALUE[i] as ProductCsvColumn];
          return value === "" ? [] : [[option.name, value]];
        }),
      ),
      price: numberCell(row.cells.Price),
      onSale,
      salePrice: onSale ? salePrice : undefined,
      stock: numberCell(row.cells.Stock),
      isActive: booleanCell(row.cells["Variant Active"], cell(row, "Variant Active"), errors) ?? true,
    };
  });
  const firstPrice = variants[0]?.price;
  const candidate = {
    name: first.cells.Name,
    description: first.cells.Description,
    // NOTE: a product's own price and stock follow from its variants; these only satisfy the schema.
    price: typeof firstPrice === "number" && firstPrice >= 0 ? firstPrice : 0,
    onSale: false,
    stock: 0,
    isActive: booleanCell(first.cells.Active, cell(first, "Active"), errors) ?? false,
    category: categorySlug === "" ? "" : CHECKED_APART,
    thumbnail: CHECKED_APART,
    gallery: [],
    options,
    variants,
  };
  const parsed = ProductInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, field, , valueIndex] = issue.path;
      if (head === "variants" && typeof index === "number") {
        const row = group.rows[index];
        const column = VARIANT_FIELD_COLUMN[String(field)];
        if (row && column) errors.add(cell(row, column), issue.message);
        else if (row) errors.add(cell(row, "SKU"), issue.message);
      } else if (head === "options" && typeof index === "number") {
        const valueAt = typeof valueIndex === "number" ? valueRows.get(`${index}/${valueIndex}`) : undefined;
        const column = (field === "values" ? OPTION_VALUE : OPTION_NAME)[index] as ProductCsvColumn;
        errors.add({ row: valueAt ?? first.row, column }, issue.message);
      } else {
        const column = PRODUCT_FIELD_COLUMN[String(head)];
        if (column) errors.add(cell(first, column), issue.message);
      }
    }
  }
  return {
    group,
    ...(parsed.success ? { input: parsed.data } : {}),
    ...(categoryId ? { categoryId } : {}),
    thumbnailId: mediaId ?? null,
  };
}

/* ---- Import: comparing, reporting, writing ---- */

function sameOptions(a: readonly ProductOption[], b: readonly ProductOption[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameVariant(current: ProductVariant, wanted: VariantValues, position: number): boolean {
  const keys = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort());
  return (
    current.sku === wanted.sku &&
    keys(current.options) === keys(wanted.options) &&
    current.price === wanted.price &&
    current.onSale === wanted.onSale &&
    current.salePrice === wanted.salePrice &&
    current.stock === wanted.stock &&
    current.isActive === wanted.isActive &&
    current.position === position
  );
}

function variantValuesOf(input: ProductInput): (VariantValues & { sku: string })[] {
  return (input.variants ?? []).map((variant, position) => ({
    sku: variant.sku,
    options: variant.options,
    price: variant.price,
    onSale: variant.onSale,
    salePrice: variant.onSale ? (variant.salePrice ?? 0) : 0,
    stock: variant.stock,
    isActive: variant.isActive,
    position,
  }));
}

interface Plan {
  creates: { product: ImportedProduct; variants: (VariantValues & { productId: string; sku: string })[] }[];
  updates: {
    product: ProductImportTarget;
    keep: (VariantValues & { id: string; sku: string; position: number })[];
    add: (VariantValues & { productId: string; sku: string })[];
    remove: string[];
  }[];
}

/**
 * Imports a products CSV (or, on a dry run, only says what it would do). Rows are grouped by
 * handle into products: an existing product is the one whose id is the handle, else the one that
 * holds the rows' SKUs; its rows replace its variants as PUT /api/products does. Any refused row:
 * nothing is written, 422 with each refused cell in `errors` (`rows.<row>.<column>`).
 */
export async function importProductsCsv(
  db: Database,
  file: Buffer,
  { dryRun }: { dryRun: boolean },
): Promise<ProductImportReport> {
  const rows = readRows(file);
  return db.transaction(async (tx) => {
    const errors = new RowErrors();
    const groups = new Map<string, Group>();
    for (const row of rows) {
      const handle = row.cells.Handle;
      if (handle === "") errors.add({ row: row.row, column: "Handle" }, productCsv.handleRequired);
      const key = handle === "" ? `\u0000${row.row}` : handle;
      const group = groups.get(key) ?? { handle, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }

    // Every read the checks need, in a handful of queries whatever the file's length. NOTE: one
    // after another: a transaction is one connection, which runs one query at a time.
    const skus = [...new Set(rows.map((row) => row.cells.SKU).filter((sku) => sku !== ""))];
    const categories = await categoryIdsBySlug(tx, [
      ...new Set(rows.map((row) => row.cells.Category).filter(Boolean)),
    ]);
    const media = await mediaIdsByUrl(tx, [
      ...new Set(rows.map((row) => row.cells["Image URL"]).filter(Boolean)),
    ]);
    const holders = await findVariantsBySkus(tx, skus);
    const holderOf = new Map(holders.map((holder) => [holder.sku, holder]));
    const targetIdOf = new Map<Group, string>();
    for (const group of groups.values()) {
      const bySku = group.rows.flatMap((row) => {
        const holder = holderOf.get(row.cells.SKU);
        return holder && !holder.removed ? [holder.productId] : [];
      });
      targetIdOf.set(group, /^[0-9a-f]{24}$/.test(group.handle) ? group.handle : (bySku[0] ?? ""));
    }
    // Two handles of the file that name one product: the later one is refused.
    const claimed = new Set<string>();
    for (const [group, id] of targetIdOf) {
      const first = group.rows[0];
      if (!id || !first) continue;
      if (claimed.has(id)) errors.add({ row: first.row, column: "Handle" }, productCsv.sameProductTwice);
      claimed.add(id);
    }
    const targets = new Map(
      (await lockProductsForImport(tx, [...new Set([...targetIdOf.values()].filter(Boolean))])).map((p) => [
        p.id,
        p,
      ]),
    );
    const currentVariants = groupBy(
      await findVariantsOfProducts(tx, [...targets.keys()]),
      (variant) => variant.productId,
    );

    const report: ProductImportRow[] = [];
    const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
    const plan: Plan = { creates: [], updates: [] };
    const skuOwner = new Map<string, Group>();
    for (const group of groups.values()) {
      const target = targets.get(targetIdOf.get(group) ?? "");
      const current = target ? (currentVariants.get(target.id) ?? []) : [];
      const parsed = parseGroup(group, { categories, media }, target !== undefined, errors);
      // A SKU is the shop's once: another product of the file, or another product of the shop, holds it.
      const ownIds = new Set(current.map((variant) => variant.id));
      for (const row of group.rows) {
        const sku = row.cells.SKU;
        if (sku === "") continue;
        const owner = skuOwner.get(sku);
        if (owner && owner !== group) errors.add({ row: row.row, column: "SKU" }, productCsv.skuInOtherRow);
        skuOwner.set(sku, owner ?? group);
        const holder = holderOf.get(sku);
        if (holder && !ownIds.has(holder.id)) errors.add({ row: row.row, column: "SKU" }, api.skuTaken);
      }
      const refused = group.rows.some((row) => errors.has(row.row));
      const bySku = new Map(current.map((variant) => [variant.sku, variant]));
      if (refused || !parsed.input) {
        counts.refused++;
        for (const row of group.rows) {
          const own = errors.byRow.get(row.row);
          const action = own ? "refused" : !target || !bySku.has(row.cells.SKU) ? "create" : "update";
          report.push({ row: row.row, handle: group.handle, sku: row.cells.SKU, action, errors: own ?? [] });
        }
        continue;
      }
      const input = parsed.input;
      const wanted = variantValuesOf(input);
      if (!target) {
        counts.created++;
        const productId = newId();
        plan.creates.push({
          product: {
            id: productId,
            name: input.name,
            description: input.description,
            isActive: input.isActive,
            categoryId: parsed.categoryId ?? "",
            thumbnailId: parsed.thumbnailId ?? "",
            options: input.options ?? [],
          },
          variants: wanted.map((variant) => ({ ...variant, productId })),
        });
        for (const row of group.rows)
          report.push({
            row: row.row,
            handle: group.handle,
            sku: row.cells.SKU,
            action: "create",
            errors: [],
          });
        continue;
      }
      const product: ProductImportTarget = {
        id: target.id,
        name: input.name,
        description: input.description,
        isActive: input.isActive,
        categoryId: parsed.categoryId ?? target.categoryId,
        thumbnailId: parsed.thumbnailId ?? target.thumbnailId,
        options: input.options ?? [],
      };
      const productChanged =
        product.name !== target.name ||
        product.description !== target.description ||
        product.isActive !== target.isActive ||
        product.categoryId !== target.categoryId ||
        product.thumbnailId !== target.thumbnailId ||
        !sameOptions(product.options, target.options);
      const keep: Plan["updates"][number]["keep"] = [];
      const add: Plan["updates"][number]["add"] = [];
      const rowActions = wanted.map((variant, position) => {
        const existing = bySku.get(variant.sku);
        if (!existing) {
          add.push({ ...variant, productId: target.id });
          return "create" as const;
        }
        keep.push({ ...variant, id: existing.id, position });
        if (!sameVariant(existing, variant, position)) return "update" as const;
        return productChanged && position === 0 ? ("update" as const) : ("unchanged" as const);
      });
      const keptIds = new Set(keep.map((variant) => variant.id));
      const remove = current.filter((variant) => !keptIds.has(variant.id)).map((variant) => variant.id);
      const changed =
        productChanged || remove.length > 0 || rowActions.some((action) => action !== "unchanged");
      if (changed) {
        counts.updated++;
        plan.updates.push({ product, keep, add, remove });
      } else {
        counts.unchanged++;
      }
      group.rows.forEach((row, i) => {
        report.push({
          row: row.row,
          handle: group.handle,
          sku: row.cells.SKU,
          action: rowActions[i] ?? "unchanged",
          errors: [],
        });
      });
    }
    report.sort((a, b) => a.row - b.row);

    if (counts.refused > 0 && !dryRun) {
      const fieldErrors: Record<string, string> = {};
      for (const [row, list] of errors.byRow) {
        for (const error of list) fieldErrors[`rows.${row}.${error.column}`] = error.message;
      }
      throw new AppError("UNPROCESSABLE", productCsv.rowsRefused, fieldErrors);
    }
    if (!dryRun) await applyPlan(tx, plan);
    return { dryRun, applied: !dryRun, products: counts, rows: report };
  });
}

/** Writes a checked import: a few statements per 2,000 rows, whatever the number of products. */
async function applyPlan(db: Database, { creates, updates }: Plan): Promise<void> {
  if (updates.length > 0) {
    await updateProductsBulk(
      db,
      updates.map((update) => update.product),
    );
    await removeVariants(
      db,
      updates.flatMap((update) => update.remove),
    );
    // NOTE: updateVariants swaps SKUs and combinations through placeholders; a product's variants
    // always go in one statement, so a swap within a product never meets itself half-way.
    let group: Plan["updates"][number]["keep"] = [];
    for (const update of updates) {
      if (group.length + update.keep.length > UPDATE_GROUP && group.length > 0) {
        await updateVariants(db, group);
        group = [];
      }
      group.push(...update.keep);
    }
    await updateVariants(db, group);
    await insertVariantsBulk(
      db,
      updates.flatMap((update) => update.add),
    );
  }
  if (creates.length > 0) {
    await insertProductsBulk(
      db,
      creates.map((create) => create.product),
      creates.flatMap((create) => create.variants),
    );
  }
  const written = [
    ...updates.map((update) => update.product.id),
    ...creates.map((create) => create.product.id),
  ];
  if (written.length > 0) await refreshSearchDocuments(db, written);
}

/** The message of an import's answer. */
export function importMessage(report: ProductImportReport): string {
  return report.applied
    ? productCsv.imported(report.products.created, report.products.updated)
    : productCsv.checked;
}
