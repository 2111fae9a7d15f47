/**
 * A shipping method's PIN code list as uploaded: CSV text of rows `pincode,days,cod` (an optional
 * header line of those words first), read with csv-parse as the products import reads its file, and
 * checked row by row, each fault named by its line in the file.
 */
import { deliveryApi } from "@shop/shared/messages";
import { PINCODE_PATTERN } from "@shop/shared/pincode-states";
import { PINCODE_LIST_MAX_ROWS, type PincodeFault } from "@shop/shared/schemas/delivery";
import { MAX_DELIVERY_DAYS } from "@shop/shared/schemas/settings";
import { parse } from "csv-parse/sync";
import { AppError } from "#api/core/errors";
import type { PincodeRow } from "./repo";

/** What a file holds: its rows that are right, and a fault for each that is not (in line order). */
export interface ReadList {
  rows: PincodeRow[];
  faults: PincodeFault[];
}

const HEADER = ["pincode", "days", "cod"];
const COD_WORDS: Readonly<Record<string, boolean>> = {
  yes: true,
  true: true,
  "1": true,
  no: false,
  false: false,
  "0": false,
};

interface ParsedRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

/** The file refused as a whole (no CSV, no rows, too many): 400 with the reason at the body, and as a fault. */
function refuse(message: string, line?: number): never {
  throw new AppError(
    "BAD_REQUEST",
    message,
    { body: message },
    line === undefined ? undefined : { rows: 0, errors: [{ line, message }] },
  );
}

/** The file's records, each with the line it starts on (1-based, as an editor numbers them). */
function records(text: string): { line: number; cells: string[] }[] {
  let parsed: ParsedRecord[];
  try {
    // NOTE: line endings are made one first: csv-parse takes the first it meets for every record,
    // and a file edited on two systems mixes them.
    parsed = parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      info: true,
      raw: true,
      record_delimiter: "\n",
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    refuse(deliveryApi.unreadable, typeof line === "number" ? line : undefined);
  }
  return parsed.map(({ record, raw, info }) => {
    // info.lines is the line a record ends on; a quoted cell may hold line breaks of its own.
    const inner = raw.replace(/^\n+|\n+$/g, "").split("\n").length - 1;
    const cells = [...record];
    // A spreadsheet may end rows with empty cells: "110001,3,yes,".
    while (cells.length > HEADER.length && cells[cells.length - 1] === "") cells.pop();
    return { line: info.lines - inner, cells };
  });
}

const isHeader = (cells: readonly string[]) =>
  cells.length === HEADER.length &&
  cells.every((cell, i) => cell.toLowerCase().replace(/[\s_-]+/g, "") === HEADER[i]);

/** One row checked: the PIN code, its days and whether COD is possible, or the first thing wrong with it. */
function rowOf(cells: readonly string[]): PincodeRow | string {
  const [pincode = "", days = "", cod = ""] = cells;
  if (cells.length !== HEADER.length) return deliveryApi.rowCells;
  if (!PINCODE_PATTERN.test(pincode)) return deliveryApi.rowPincode;
  const n = /^[0-9]{1,3}$/.test(days) ? Number(days) : Number.NaN;
  if (!(n >= 1 && n <= MAX_DELIVERY_DAYS)) return deliveryApi.rowDays(MAX_DELIVERY_DAYS);
  const takesCod = COD_WORDS[cod.toLowerCase()];
  if (takesCod === undefined) return deliveryApi.rowCod;
  return { pincode, days: n, cod: takesCod };
}

/**
 * Reads an uploaded list: every data row checked (a PIN code listed twice is a fault at its later
 * line). The whole file is refused (400) when it is no CSV, holds no row, or more than
 * PINCODE_LIST_MAX_ROWS rows.
 */
export function readPincodeCsv(text: string): ReadList {
  const all = records(text);
  const data = all[0] && isHeader(all[0].cells) ? all.slice(1) : all;
  if (data.length === 0) refuse(deliveryApi.empty);
  if (data.length > PINCODE_LIST_MAX_ROWS) refuse(deliveryApi.tooManyRows(PINCODE_LIST_MAX_ROWS));
  const rows: PincodeRow[] = [];
  const faults: PincodeFault[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of data) {
    const row = rowOf(cells);
    if (typeof row === "string") {
      faults.push({ line, message: row });
      continue;
    }
    const first = seen.get(row.pincode);
    if (first !== undefined) {
      faults.push({ line, message: deliveryApi.rowDuplicate(first) });
      continue;
    }
    seen.set(row.pincode, line);
    rows.push(row);
  }
  return { rows, faults };
}
