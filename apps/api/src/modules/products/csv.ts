/**
 * The products CSV: the export (one row per variant, streamed in batches of products) and the import
 * (rows grouped by handle into products, checked with the same rules and messages as POST and PUT
 * /api/products, then applied in one transaction, or reported only on a dry run). How the file is
 * read and a handle's rows are checked is in csv-rows.ts.
 */

import type { Readable } from "node:stream";
import { api, productCsv } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import type { ProductInput } from "@shop/shared/schemas/product";
import {
  PRODUCT_CSV_EXPORT_COLUMNS,
  type ProductCsvColumn,
  type ProductImportReport,
  type ProductImportRow,
} from "@shop/shared/schemas/product-csv";
import { amountCell, type CsvCell, type CsvRow, csvStream } from "#api/core/csv";
import { AppError } from "#api/core/errors";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import { type SizeColumns, sizeColumns, sizeOf } from "#api/db/parcel-size";
import type { NewActivity } from "#api/db/schema/activity";
import type { ProductOption, ProductVariant } from "#api/db/schema/products";
import { setStockCause } from "#api/db/stock-cause";
import { type ActivityActor, activityRow, recordActivities } from "#api/modules/activity/record";
import { queueProductEvents } from "#api/modules/webhooks/service";
import { productFields, productSubject } from "./activity";
import { type Group, parseGroup, RowErrors, readRows } from "./csv-rows";
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

/* ---- Export ---- */

function variantRecord(
  product: Awaited<ReturnType<typeof productCsvBatch>>[number],
  variant: ProductVariant,
  first: boolean,
): Record<ProductCsvColumn, CsvCell> {
  const option = (i: number) => product.options[i];
  const own = (value: string) => (first ? value : "");
  // A product without options sells its one default variant: its size is the product's own.
  const size = product.options.length === 0 ? product : variant;
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
    Price: amountCell(variant.price),
    "Sale Price": variant.onSale ? amountCell(variant.salePrice) : "",
    Stock: variant.stock,
    Active: own(String(product.isActive)),
    "Variant Active": String(variant.isActive),
    "Image URL": own(product.imageUrl ?? ""),
    "Weight (kg)": size.weightKg ?? "",
    "Length (cm)": size.lengthCm ?? "",
    "Breadth (cm)": size.breadthCm ?? "",
    "Height (cm)": size.heightCm ?? "",
  };
}

async function* exportRecords(db: Database): AsyncGenerator<CsvRow> {
  yield PRODUCT_CSV_EXPORT_COLUMNS;
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
        yield PRODUCT_CSV_EXPORT_COLUMNS.map((column) => record[column]);
      }
    }
    after = batch[batch.length - 1]?.id ?? null;
  }
}

/**
 * Every product's variants as CSV, one row per variant, read from the database a batch at a time;
 * `onError` hears of a failure mid-stream.
 */
export function exportProductsCsv(db: Database, onError: (error: unknown) => void): Readable {
  return csvStream(exportRecords(db), onError);
}

/* ---- Import: comparing, reporting, writing ---- */

function sameOptions(a: readonly ProductOption[], b: readonly ProductOption[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sameSize(current: SizeColumns, wanted: SizeColumns): boolean {
  return (
    current.weightKg === wanted.weightKg &&
    current.lengthCm === wanted.lengthCm &&
    current.breadthCm === wanted.breadthCm &&
    current.heightCm === wanted.heightCm
  );
}

function sameVariant(
  current: ProductVariant,
  wanted: VariantValues & { size: SizeColumns },
  position: number,
): boolean {
  const keys = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort());
  return (
    current.sku === wanted.sku &&
    keys(current.options) === keys(wanted.options) &&
    current.price === wanted.price &&
    current.onSale === wanted.onSale &&
    current.salePrice === wanted.salePrice &&
    current.stock === wanted.stock &&
    current.isActive === wanted.isActive &&
    current.position === position &&
    sameSize(current, wanted.size)
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
    // Only the size columns the file has: the others are kept on an update, none on an insert.
    size: sizeColumns(variant),
  }));
}

interface Plan {
  creates: { product: ImportedProduct; variants: (VariantValues & { productId: string; sku: string })[] }[];
  updates: {
    product: ProductImportTarget;
    keep: (VariantValues & { id: string; sku: string; position: number; size: SizeColumns })[];
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
  { dryRun, actor }: { dryRun: boolean; actor: ActivityActor },
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
            ...sizeOf(sizeColumns(input)),
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
        ...sizeOf({ ...sizeOf(target), ...sizeColumns(input) }),
      };
      const productChanged =
        product.name !== target.name ||
        product.description !== target.description ||
        product.isActive !== target.isActive ||
        product.categoryId !== target.categoryId ||
        product.thumbnailId !== target.thumbnailId ||
        !sameOptions(product.options, target.options) ||
        !sameSize(product, target);
      const keep: Plan["updates"][number]["keep"] = [];
      const add: Plan["updates"][number]["add"] = [];
      const rowActions = wanted.map((variant, position) => {
        const existing = bySku.get(variant.sku);
        if (!existing) {
          add.push({ ...variant, productId: target.id });
          return "create" as const;
        }
        // A size column the file lacks: the variant keeps that size.
        const kept = {
          ...variant,
          id: existing.id,
          position,
          size: { ...sizeOf(existing), ...variant.size },
        };
        keep.push(kept);
        if (!sameVariant(existing, kept, position)) return "update" as const;
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
    if (!dryRun) {
      const name = fullName(actor);
      await setStockCause(tx, { cause: "import", actor: { id: actor.id, name } });
      await applyPlan(tx, plan);
      // Each product the import created or changed is an entry of the activity log, as if saved by hand.
      await recordActivities(tx, importEntries(actor, plan, targets, currentVariants));
    }
    return { dryRun, applied: !dryRun, products: counts, rows: report };
  });
}

/** The activity log's entries of an import: a product created, or changed from what it was. */
function importEntries(
  actor: ActivityActor,
  { creates, updates }: Plan,
  targets: ReadonlyMap<string, ProductImportTarget>,
  currentVariants: ReadonlyMap<string, readonly ProductVariant[]>,
): NewActivity[] {
  return [
    ...updates.map(({ product, keep, add }) => {
      const target = targets.get(product.id);
      const before = target ? productFields(target, currentVariants.get(target.id) ?? []) : null;
      const after = productFields(product, [...keep, ...add]);
      return activityRow(actor, "product.updated", productSubject(product.id, product.name), before, after);
    }),
    ...creates.map(({ product, variants }) =>
      activityRow(
        actor,
        "product.created",
        productSubject(product.id, product.name),
        null,
        productFields(product, variants),
      ),
    ),
  ];
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
  await queueProductEvents(db, [
    ...updates.map((update) => ({ type: "product.updated" as const, productId: update.product.id })),
    ...creates.map((create) => ({ type: "product.created" as const, productId: create.product.id })),
  ]);
}

/** The message of an import's answer. */
export function importMessage(report: ProductImportReport): string {
  return report.applied
    ? productCsv.imported(report.products.created, report.products.updated)
    : productCsv.checked;
}
