/** The products CSV: its columns, the import's query and the report a dry run answers. */
import { z } from "zod";
import { oneOf } from "./common";

/**
 * The columns every products CSV has, in order: one row per variant. The product's own fields (name to
 * active, and the image) are written on the first row of each handle; later rows of the handle may
 * leave them empty. `handle` is the product's `_id` for an existing product, any text that groups
 * the rows of a new one.
 */
export const PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Name",
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
] as const;

/**
 * The parcel size columns, after the others: a variant's own weight and box (a product without
 * options: the product's own), empty when none. Optional on an import: a file without them keeps
 * the sizes as they are; a column given with an empty cell clears that size.
 */
export const PRODUCT_CSV_SIZE_COLUMNS = [
  "Weight (kg)",
  "Length (cm)",
  "Breadth (cm)",
  "Height (cm)",
] as const;

/** Every column the export writes, in order. */
export const PRODUCT_CSV_EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_SIZE_COLUMNS] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_EXPORT_COLUMNS)[number];

/** POST /products/import?dryRun=true: check the file and report, change nothing. */
export const ProductImportQuery = z.object({
  dryRun: oneOf(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
});
export type ProductImportQuery = z.infer<typeof ProductImportQuery>;

export const PRODUCT_IMPORT_ACTIONS = ["create", "update", "unchanged", "refused"] as const;

/** One data row of the file (row 2 is the first under the header) and what the import does with it. */
export const ProductImportRow = z.object({
  row: z.number().int(),
  handle: z.string(),
  sku: z.string(),
  action: z.enum(PRODUCT_IMPORT_ACTIONS),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type ProductImportRow = z.infer<typeof ProductImportRow>;

/** What an import did, or a dry run would do: products counted by handle, and every row. */
export const ProductImportReport = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  products: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  rows: z.array(ProductImportRow),
});
export type ProductImportReport = z.infer<typeof ProductImportReport>;
