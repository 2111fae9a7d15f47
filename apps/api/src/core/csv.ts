/**
 * The one way the API writes a CSV file (the reports' tables, the GST returns' tables and the orders,
 * inventory and products exports): UTF-8 with its byte-order mark, CRLF rows, numbers and amounts as
 * numbers a spreadsheet adds up, and a text cell that a spreadsheet would run as a formula (CWE-1236:
 * = + - @, tab or carriage return first, or their full-width forms) prefixed with an apostrophe.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CastReturnObject, type Options, stringify } from "csv-stringify";
import { stringify as stringifyNow } from "csv-stringify/sync";

/**
 * An amount: its two decimals and its sign as they are ("-290.04"). It carries its own options, which
 * csv-stringify takes from an object cell, so that it is never taken for a formula.
 */
interface AmountCell {
  value: string;
  escape_formulas: false;
}

/**
 * A cell: text (guarded when it starts like a formula), a count as a JS number (csv-stringify leaves a
 * number's "-" alone), an amount (`amountCell`), or null for an empty cell.
 */
export type CsvCell = string | number | AmountCell | null;

/** A CSV row. */
export type CsvRow = readonly CsvCell[];

/** An amount of money as a number cell with two decimals: 290.1 → 290.10, -290.04 → -290.04. */
export function amountCell(amount: number): CsvCell {
  return { value: amount.toFixed(2), escape_formulas: false };
}

const OPTIONS: Options = {
  bom: true,
  escape_formulas: true,
  record_delimiter: "windows",
  // NOTE: with a record delimiter named, csv-stringify stops quoting a cell that holds a bare line
  // feed or carriage return (an address, a description), which would then split its row in two.
  quote_record_delimiter: true,
  // NOTE: csv-stringify applies every option an object cell holds, though its types name only some
  // of them (not escape_formulas).
  cast: { object: (cell) => cell as CastReturnObject },
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
