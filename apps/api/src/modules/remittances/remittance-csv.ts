/**
 * An aggregator's COD remittance file as uploaded: CSV text whose header names an AWB, an amount, a
 * date and a UTR column under whatever name the aggregator gives it (mapped case-insensitively from
 * the names they use), read with csv-parse as the PIN code lists are (delivery/pincode-csv.ts). Amounts
 * are read exactly, as integer paise from their decimal text; dates as the three ways files write them.
 */
import { remittanceApi, remittanceColumns } from "@shop/shared/messages";
import { REMITTANCE_MAX_ROWS } from "@shop/shared/schemas/remittance";
import { parse } from "csv-parse/sync";
import { AppError } from "#api/core/errors";

/** One row of the file, checked: its line in the file (1-based, the header counted). */
export interface RemittanceRow {
  line: number;
  awb: string;
  /** Integer paise. */
  amountCents: number;
  /** YYYY-MM-DD. */
  remittedOn: string;
  utr: string;
}

type Column = keyof typeof remittanceColumns;

/**
 * The names aggregators give each column (Shiprocket's, Delhivery's, Nimbuspost's and bank statements'
 * words), compared lower-case with runs of spaces, underscores, dots and hyphens made one space.
 */
export const COLUMN_NAMES: Readonly<Record<Column, readonly string[]>> = {
  awb: ["awb", "awb no", "awb code", "awb number", "tracking number", "waybill", "airwaybill number"],
  amount: ["amount", "cod amount", "remitted amount", "net amount", "remittance amount", "cod value"],
  date: ["date", "remittance date", "remitted on", "credited on", "remitted date", "payment date"],
  utr: ["utr", "utr no", "utr number", "bank reference", "crf id", "bank ref no", "reference number"],
};

const COLUMNS = Object.keys(COLUMN_NAMES) as Column[];
const AWB_MAX = 40;
const UTR_MAX = 64;
/** numeric(12,2): ten digits before the point. */
const AMOUNT = /^(\d{1,3}(?:,\d{2,3})*|\d{1,10})(?:\.(\d{1,2}))?$/;

const key = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, " ")
    .trim();

function refuse(message: string, field = "body"): never {
  throw new AppError("BAD_REQUEST", message, { [field]: message });
}

interface ParsedRecord {
  record: string[];
  raw: string;
  info: { lines: number };
}

/** The file's records, each with the line it starts on (as delivery/pincode-csv.ts counts them). */
function records(text: string): { line: number; cells: string[] }[] {
  let parsed: ParsedRecord[];
  try {
    // NOTE: line endings made one first: csv-parse takes the first it meets for every record.
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
  } catch {
    refuse(remittanceApi.unreadable);
  }
  return parsed.map(({ record, raw, info }) => {
    const inner = raw.replace(/^\n+|\n+$/g, "").split("\n").length - 1;
    return { line: info.lines - inner, cells: record };
  });
}

/** Where each column is in the header; a column none of whose names is there is refused by name. */
function columnsOf(header: readonly string[]): Record<Column, number> {
  const names = header.map(key);
  const found = {} as Record<Column, number>;
  for (const column of COLUMNS) {
    const at = names.findIndex((name) => COLUMN_NAMES[column].includes(name));
    if (at < 0)
      refuse(
        remittanceApi.missingColumn(remittanceColumns[column], COLUMN_NAMES[column]),
        `columns.${column}`,
      );
    found[column] = at;
  }
  return found;
}

/** "1,299.5" → 129950 paise, exactly (no float on the way); undefined when it is no amount. */
export function paiseOf(text: string): number | undefined {
  const match = AMOUNT.exec(text.replace(/^₹\s*|^rs\.?\s*|^inr\s*/i, ""));
  if (!match) return undefined;
  const [, whole = "", fraction = ""] = match;
  return Number(whole.replaceAll(",", "")) * 100 + Number(fraction.padEnd(2, "0"));
}

/** A day written YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY, as YYYY-MM-DD; undefined when it is no real day. */
export function dayOf(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const indian = /^(\d{1,2})([-/])(\d{1,2})\2(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : indian
      ? [indian[4], indian[3]?.padStart(2, "0"), indian[1]?.padStart(2, "0")]
      : [];
  if (!year || !month || !day) return undefined;
  const date = `${year}-${month}-${day}`;
  // A day that does not exist (31-02-2026) comes back as another from Date.
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : undefined;
}

/** One data row checked, or why not. */
function rowOf(cells: readonly string[], at: Record<Column, number>, line: number): RemittanceRow | string {
  const cell = (column: Column) => cells[at[column]];
  const [awb, amount, date, utr] = COLUMNS.map(cell);
  if (awb === undefined || amount === undefined || date === undefined || utr === undefined)
    return remittanceApi.rowCells;
  if (awb === "" || awb.length > AWB_MAX) return remittanceApi.rowAwb;
  const amountCents = paiseOf(amount);
  if (amountCents === undefined) return remittanceApi.rowAmount;
  const remittedOn = dayOf(date);
  if (remittedOn === undefined) return remittanceApi.rowDate;
  if (utr === "" || utr.length > UTR_MAX) return remittanceApi.rowUtr;
  return { line, awb, amountCents, remittedOn, utr };
}

/**
 * Reads a remittance file: its header mapped, then every row checked. The first wrong row refuses
 * the file (400 naming its line, at `lines.<line>`); so does a file that is no CSV, has no rows, more
 * than REMITTANCE_MAX_ROWS, or a header without one of the four columns (at `columns.<column>`).
 */
export function readRemittanceCsv(text: string): RemittanceRow[] {
  const [header, ...data] = records(text);
  if (!header || data.length === 0) refuse(remittanceApi.empty);
  if (data.length > REMITTANCE_MAX_ROWS) refuse(remittanceApi.tooManyRows(REMITTANCE_MAX_ROWS));
  const at = columnsOf(header.cells);
  return data.map(({ line, cells }) => {
    const row = rowOf(cells, at, line);
    if (typeof row === "string") refuse(remittanceApi.rowRefused(line, row), `lines.${line}`);
    return row;
  });
}
