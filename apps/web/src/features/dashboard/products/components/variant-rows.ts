import { SKU_MAX } from "@shop/shared/constants";
import type { DimensionsCm } from "@shop/shared/schemas/parcel";
import { slugify } from "@shop/shared/slug";

/** An option as the form holds it: its name and its values, in the order the shop offers them. */
export interface OptionRow {
  name: string;
  values: string[];
}

/**
 * A variant as the form holds it: `options` lists one value per option of the form, by position
 * ("" while that option has no values yet), so that renaming an option never touches the rows.
 * An empty SKU takes the suggested one when the form is saved; no sale price means not on sale.
 * No weight means the product's; the box is not edited in the grid, only carried and sent back as it was.
 */
export interface VariantRow {
  _id?: string | undefined;
  sku: string;
  options: string[];
  price: number | undefined;
  salePrice: number | undefined;
  stock: number | undefined;
  isActive: boolean;
  weightKg: number | undefined;
  dimensionsCm: DimensionsCm | null;
}

/** A row, with its values by option identity (a key that survives renames and removals). */
export interface KeyedRow {
  row: VariantRow;
  values: ReadonlyMap<string, string>;
}

/** Rows with their values by the keys of the options they are aligned to. */
export function keyRows(keys: readonly string[], rows: readonly VariantRow[]): KeyedRow[] {
  return rows.map((row) => ({
    row,
    values: new Map(keys.flatMap((key, i) => (row.options[i] ? [[key, row.options[i]] as const] : []))),
  }));
}

/** Every combination of the values of the options, first option slowest: S/Black, S/Blue, M/Black... */
export function combinations(options: readonly (readonly string[])[]): string[][] {
  return options.reduce<string[][]>(
    (done, values) => done.flatMap((combination) => values.map((value) => [...combination, value])),
    [[]],
  );
}

/** How many variants the options make (options without values yet make none of their own). */
export function combinationCount(options: readonly { values: readonly string[] }[]): number {
  const withValues = options.filter((option) => option.values.length > 0);
  return withValues.length === 0 ? 0 : withValues.reduce((n, option) => n * option.values.length, 1);
}

/**
 * How well a row fits a combination: -1 when a value differs, else the number of options on which
 * they agree (an option the row has no value for agrees with nothing and clashes with nothing).
 */
function fit(candidate: KeyedRow, wanted: ReadonlyMap<string, string>): number {
  let agreed = 0;
  for (const [key, value] of candidate.values) {
    const want = wanted.get(key);
    if (want === undefined) continue;
    if (want.toLowerCase() !== value.toLowerCase()) return -1;
    agreed += 1;
  }
  return agreed;
}

export interface SyncResult {
  rows: VariantRow[];
  /** The candidates no combination kept: worth remembering in case their values come back. */
  dropped: KeyedRow[];
}

/**
 * The variant grid for the options: one row per combination of the values of the options that
 * have values. Each combination keeps the best-fitting row it can (its id, SKU, prices, stock and
 * switch), current rows first, then `remembered` ones; one that finds only rows already kept
 * (a new option splits a row in two) copies their prices with no stock and no SKU, and one that
 * finds none copies the prices of `template`; either starts with no size of its own (the product's).
 */
export function syncVariants(
  options: readonly { key: string; values: readonly string[] }[],
  current: readonly KeyedRow[],
  remembered: readonly KeyedRow[],
  template: VariantRow | undefined,
): SyncResult {
  const withValues = options.filter((option) => option.values.length > 0);
  const candidates = [...current, ...remembered];
  const used = new Set<KeyedRow>();
  const rows =
    withValues.length === 0
      ? []
      : combinations(withValues.map((option) => option.values)).map((combination) => {
          const wanted = new Map(withValues.map((option, i) => [option.key, combination[i] ?? ""]));
          const values = options.map((option) => wanted.get(option.key) ?? "");
          let free: { candidate: KeyedRow; score: number } | undefined;
          let taken: { candidate: KeyedRow; score: number } | undefined;
          for (const candidate of candidates) {
            const score = fit(candidate, wanted);
            if (score < 0) continue;
            if (!used.has(candidate)) {
              if (!free || score > free.score) free = { candidate, score };
            } else if (!taken || score > taken.score) {
              taken = { candidate, score };
            }
          }
          if (free) {
            used.add(free.candidate);
            return { ...free.candidate.row, options: values };
          }
          const model = taken?.candidate.row ?? template;
          return {
            sku: "",
            options: values,
            price: model?.price,
            salePrice: model?.salePrice,
            stock: 0,
            isActive: true,
            weightKg: undefined,
            dimensionsCm: null,
          };
        });
  return { rows, dropped: candidates.filter((candidate) => !used.has(candidate)) };
}

/** A variant's name in the grid: its values, "S / Black". */
export function rowLabel(values: readonly string[]): string {
  return values.filter(Boolean).join(" / ");
}

/**
 * The SKU offered for a variant: the product's slug and the variant's values, upper case, only the
 * characters a SKU allows ("TRAIL-RUNNING-SHOES-9-BLACK"), at most SKU_MAX long.
 */
export function suggestSku(productName: string, values: readonly string[]): string {
  const parts = values.map((value) => slugify(value)).filter(Boolean);
  const valuesPart = parts.join("-");
  const room = Math.max(SKU_MAX - valuesPart.length - 1, 8);
  const base = slugify(productName).slice(0, room).replace(/-+$/, "") || "SKU";
  return [base, valuesPart].filter(Boolean).join("-").slice(0, SKU_MAX).replace(/-+$/, "").toUpperCase();
}
