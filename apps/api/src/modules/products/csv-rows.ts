/**
 * The products CSV's rows: an import's file read into rows by column (the export's guard against
 * formulas, core/csv.ts, taken off each cell), and one handle's rows checked as the product they
 * make, with the rules and messages of POST /api/products, each refusal on its cell.
 */
import { PRODUCT_IMPORT_ROWS_MAX } from "@shop/shared/constants";
import { productCsv, validation } from "@shop/shared/messages";
import { ProductInput } from "@shop/shared/schemas/product";
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_SIZE_COLUMNS,
  type ProductCsvColumn,
} from "@shop/shared/schemas/product-csv";
import { parse } from "csv-parse/sync";
import { unguardedCell } from "#api/core/csv";
import { AppError } from "#api/core/errors";
import type { ProductOption } from "#api/db/schema/products";

type FileColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
type SizeColumn = (typeof PRODUCT_CSV_SIZE_COLUMNS)[number];
/** A row of the file by column, as the import reads it; a size column the file lacks is absent. */
export type CsvRecord = Record<FileColumn, string> & Partial<Record<SizeColumn, string>>;

/* ---- Import: reading the file ---- */

interface FileRow {
  /** The row's number in a spreadsheet: the header is row 1. */
  row: number;
  cells: CsvRecord;
}

const normalise = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

/** The file's data rows by column; 400 when it is no CSV, lacks a column, or has too many rows. */
export function readRows(file: Buffer): FileRow[] {
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
  // The size columns are optional (files exported before them lack them): only those present are read.
  const columns = [
    ...PRODUCT_CSV_COLUMNS,
    ...PRODUCT_CSV_SIZE_COLUMNS.filter((column) => at.has(normalise(column))),
  ];
  return data.map((record, index) => ({
    row: index + 2,
    cells: Object.fromEntries(
      columns.map((column) => [column, unguardedCell(record[at.get(normalise(column)) ?? -1] ?? "").trim()]),
    ) as CsvRecord,
  }));
}

/* ---- Import: one handle's rows as a product ---- */

type Cell = { row: number; column: ProductCsvColumn };

export class RowErrors {
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

const OPTION_NAME: FileColumn[] = ["Option1 Name", "Option2 Name", "Option3 Name"];
const OPTION_VALUE: FileColumn[] = ["Option1 Value", "Option2 Value", "Option3 Value"];
const PRODUCT_COLUMNS: FileColumn[] = ["Name", "Description", "Category", "Active", "Image URL"];
const VARIANT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  sku: "SKU",
  options: "Option1 Value",
  price: "Price",
  onSale: "Sale Price",
  salePrice: "Sale Price",
  stock: "Stock",
  isActive: "Variant Active",
  weightKg: "Weight (kg)",
};
/** The column of each side of a box (`dimensionsCm.<side>`). */
const SIDE_COLUMN: Record<string, SizeColumn> = {
  length: "Length (cm)",
  breadth: "Breadth (cm)",
  height: "Height (cm)",
};
const PRODUCT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  name: "Name",
  description: "Description",
  category: "Category",
  thumbnail: "Image URL",
  isActive: "Active",
  variants: "Handle",
  options: "Option1 Name",
  weightKg: "Weight (kg)",
};

/** A number cell: blank is absent; anything but a plain decimal stays text, so the schema says 'This must be a number.'. */
function numberCell(value: string): number | string | undefined {
  if (value === "") return undefined;
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/**
 * A row's weight and box as an input gives them: a column the file lacks is absent (kept), an empty
 * cell null (none), a box with some sides empty has them missing (the schema says 'This is required.').
 */
function sizeCells(cells: CsvRecord): { weightKg?: unknown; dimensionsCm?: unknown } {
  const weight = cells["Weight (kg)"];
  const sides = {
    length: cells["Length (cm)"],
    breadth: cells["Breadth (cm)"],
    height: cells["Height (cm)"],
  };
  const given = Object.values(sides).filter((side) => side !== undefined);
  return {
    ...(weight !== undefined ? { weightKg: weight === "" ? null : numberCell(weight) } : {}),
    ...(given.length === 0
      ? {}
      : given.every((side) => side === "")
        ? { dimensionsCm: null }
        : {
            dimensionsCm: {
              length: numberCell(sides.length ?? ""),
              breadth: numberCell(sides.breadth ?? ""),
              height: numberCell(sides.height ?? ""),
            },
          }),
  };
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

export interface Group {
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
export function parseGroup(
  group: Group,
  lookups: Lookups,
  existing: boolean,
  errors: RowErrors,
): ParsedGroup {
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
      const column = OPTION_VALUE[i] as FileColumn;
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
          const value = row.cells[OPTION_VALUE[i] as FileColumn];
          return value === "" ? [] : [[option.name, value]];
        }),
      ),
      price: numberCell(row.cells.Price),
      onSale,
      salePrice: onSale ? salePrice : undefined,
      stock: numberCell(row.cells.Stock),
      isActive: booleanCell(row.cells["Variant Active"], cell(row, "Variant Active"), errors) ?? true,
      // A product without options: its one row's size is the product's own (as the export writes it).
      ...(options.length > 0 ? sizeCells(row.cells) : {}),
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
    ...(options.length === 0 ? sizeCells(first.cells) : {}),
    options,
    variants,
  };
  const parsed = ProductInput.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, field, side, valueIndex] = issue.path;
      if (head === "dimensionsCm") {
        const column = SIDE_COLUMN[String(index)];
        if (column) errors.add(cell(first, column), issue.message);
      } else if (head === "variants" && typeof index === "number") {
        const row = group.rows[index];
        const column =
          field === "dimensionsCm" ? SIDE_COLUMN[String(side)] : VARIANT_FIELD_COLUMN[String(field)];
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
