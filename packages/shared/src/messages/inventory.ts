/** The dashboard's inventory page and the products' CSV import and export. */

/** Empty states (SPEC sections 2 and 8). */
/** The dashboard's inventory page (/dashboard/inventory). */
export const inventoryPage = {
  title: "Inventory",
  filters: { all: "All", low: "Low", out: "Out of stock" },
  filterLabel: "Stock",
  empty: "No variants match.",
  exportCsv: "Export CSV",
  columns: {
    product: "Product",
    sku: "SKU",
    stock: "Stock",
    sold: "Sold (30 days)",
    waiting: "Waiting",
    actions: "Actions",
  },
  /** Shoppers who asked to be emailed when the variant is back ("Email me when it's back"). */
  waiting: (n: number) => `${n} waiting`,
  waitingHint: "Shoppers who asked to be emailed when it is back in stock",
  /** In the SKU column of a product without options: its name above says what it is. */
  noSku: "No SKU",
  low: "Low stock",
  out: "Out of stock",
  inactive: "Inactive",
  adjust: "Adjust",
  /** The Adjust button's name for screen readers: "Adjust stock of Tee (Size: M)". */
  adjustOf: (label: string) => `Adjust stock of ${label}`,
  log: "Log",
  /** The Log button's name (and its list's), starting with its visible word: "Log — stock of Tee (Size: M)". */
  logOf: (label: string) => `Log — stock of ${label}`,
  adjustTitle: (label: string) => `Adjust stock: ${label}`,
  change: "Change (units)",
  changeHint: (stock: number) => `Now ${stock} in stock. Negative numbers take units away.`,
  reason: "Reason",
  reasons: { received: "Received", damaged: "Damaged", count_correction: "Count correction", other: "Other" },
  note: "Note",
  noteHint: "Optional: a delivery number, what was damaged.",
  save: "Save adjustment",
  cancel: "Cancel",
  logTitle: (label: string) => `Stock log: ${label}`,
  logEmpty: "No stock movements yet.",
  causes: {
    initial: "Initial stock",
    placement: "Order placed",
    cancel: "Order cancelled",
    expiry: "Unpaid order expired",
    refund: "Refund restock",
    return: "Return",
    import: "CSV import",
    adjustment: "Adjustment",
    other: "Other",
  },
  logColumns: { at: "When", change: "Change", after: "Stock after", cause: "Cause", by: "Who" },
  /** A movement's link to what caused it: its order's page, or the returns of its order. */
  movementOrder: (number: number) => `Order #${number}`,
  movementReturn: (number: number) => `Return of order #${number}`,
  system: "System",
  more: "Show older",
  newer: "Show newer",
} as const;

/** The products CSV: the dashboard's export and import, and the import's refusals row by row. */
export const productCsv = {
  exportButton: "Export CSV",
  importButton: "Import CSV",
  importTitle: "Import products from CSV",
  importHint:
    "One row per variant, in the columns of the export. Rows of one handle make one product; a product's rows replace its variants. Nothing is imported until you apply, and then all rows or none.",
  chooseFile: "CSV file",
  check: "Check file",
  checking: "Checking the file...",
  apply: "Apply",
  applying: "Importing...",
  cancel: "Cancel",
  close: "Close",
  summary: (created: number, updated: number, unchanged: number, refused: number) =>
    `${created} to create, ${updated} to update, ${unchanged} unchanged, ${refused} refused.`,
  refusedRows: "Refused rows",
  rowColumn: "Row",
  columnColumn: "Column",
  reasonColumn: "Reason",
  nothingToApply: "Nothing would change.",
  fixAndRetry:
    "Fix the refused rows in the file and check it again; nothing is imported while a row is refused.",
  /** The answers of the import. */
  imported: (created: number, updated: number) =>
    `Imported: ${created} product${created === 1 ? "" : "s"} created, ${updated} updated.`,
  checked: "The file has been checked; nothing was changed.",
  unreadable: "This file could not be read as CSV.",
  empty: "The file has no rows to import.",
  missingColumns: (columns: readonly string[]) =>
    `The file lacks the column${columns.length === 1 ? "" : "s"}: ${columns.join(", ")}.`,
  tooManyRows: (max: number) => `A file can hold at most ${max.toLocaleString("en-US")} rows.`,
  rowsRefused: "Some rows were refused; nothing was imported.",
  /** Per row. */
  handleRequired: "Every row needs a handle.",
  differsFromFirstRow: "This differs from the first row of the same handle; leave it empty or repeat it.",
  optionNamesDiffer: "The option names differ from the first row of the same handle.",
  optionValueMissing: "This option needs a value.",
  categoryUnknown: (slug: string) => `No category has the slug '${slug}'.`,
  imageUnknown: "This image URL is not one of the shop's images; upload the image in Media first.",
  notABoolean: "This must be true or false.",
  skuInOtherRow: "Another product of the file has this SKU.",
  sameProductTwice: "Another handle of the file names the same product (by its id or its SKUs).",
} as const;
