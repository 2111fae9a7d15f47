/**
 * The one way the API writes a CSV file (the reports' tables, the GST returns' tables and the orders,
 * inventory and products exports): UTF-8 with its byte-order mark, CRLF rows, numbers and amounts as
 * numbers a spreadsheet adds up, and a text cell that a spreadsheet would run as a formula (CWE-1236:
 * = + - @, tab or carriage return first, or their full-width forms) prefixed with an apostrophe.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Options, stringify } from "csv-stringify";
import { stringify as stringifyNow } from "csv-stringify/sync";

/** A cell: text (guarded when it starts like a formula), a count, an amount (`amountCell`), or null for an empty cell. */
export type CsvCell = string | number | null;

/** A CSV row. */
export type CsvRow = readonly CsvCell[];

/** An amount of money with two decimals and its own sign: 290.1 → "290.10", -290.04 → "-290.04". */
export function amountCell(amount: number): CsvCell {
  return amount.toFixed(2);
}

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A number as a spreadsheet reads one, its minus included: never a formula, so never guarded. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Text that a spreadsheet would run as a formula, with an apostrophe before it. */
function guardText(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

// NOTE: the guard is ours rather than csv-stringify's escape_formulas, which cannot tell "-290.04"
// from a formula; an amount then needs no object of its own (an allocation a cell, on exports of
// a hundred thousand orders).
const OPTIONS: Options = {
  bom: true,
  record_delimiter: "windows",
  // NOTE: with a record delimiter named, csv-stringify stops quoting a cell that holds a bare line
  // feed or carriage return (an address, a description), which would then split its row in two.
  quote_record_delimiter: true,
  cast: { string: guardText },
};

/** A whole table (the header first) as a CSV file's text. */
export function csvText(rows: readonly CsvRow[]): string {
  return stringifyNow(rows as CsvCell[][], OPTIONS);
}

/**
 * Rows read batch after batch (the header first) as a CSV stream that reads the next rows only when
 * the reply has taken the last ones. `onError` hears of a failure mid-stream (the reply then ends cut
 * short); a client that goes away mid-file ends the reading, which is no failure.
 */
export function csvStream(rows: AsyncIterable<CsvRow>, onError: (error: unknown) => void): Readable {
  const csv = stringify(OPTIONS);
  pipeline(Readable.from(rows), csv).catch((error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== "ERR_STREAM_PREMATURE_CLOSE") onError(error);
  });
  return csv;
}

const GUARDED = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell as a file written here holds it, read back: the formula guard taken off again. */
export function unguardedCell(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}
