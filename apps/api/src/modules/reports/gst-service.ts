/**
 * The GSTR-1 report of a month (GET /reports/gst): the tables of the GST portal's offline tool that a
 * shop selling to consumers fills, and the month's GSTR-3B 3.1(a) figures, from the invoices and credit
 * notes dated in the month as the documents printed them (docs/gst.md, "GSTR-1"; rule 59).
 * Amounts are added in integer cents and answered in rupees; each table is also a CSV file with the
 * offline tool's column headers (gst-csv.ts).
 */

import { placeOfSupplyLabel, stateOfCode } from "@shop/shared/india";
import { fromCents } from "@shop/shared/pricing";
import type {
  GstB2bRow,
  GstB2clRow,
  GstB2csRow,
  GstCdnrRow,
  GstCdnurRow,
  GstDocsRow,
  GstHsnRow,
  GstReportDto,
} from "@shop/shared/schemas/report-gst";
import type { Database } from "#api/db/client";
import {
  type CreditNoteRow,
  type InvoiceParty,
  readCreditNoteLines,
  readCreditNotes,
  readInvoiceLines,
  readInvoices,
  type TaxedLine,
} from "./gst-repo";
import { tuneForReport } from "./repo";
import { periodOf, shopDay } from "./service";

/**
 * B2CL takes inter-state invoices to unregistered buyers above ₹1 lakh (notification 12/2024–Central
 * Tax, from 1 August 2024), above ₹2.5 lakh before then; every other one to them is B2CS (GST.md).
 */
const B2CL_ABOVE_CENTS = 1_00_000_00;
const B2CL_ABOVE_CENTS_BEFORE = 2_50_000_00;
const B2CL_LOWERED_ON = "2024-08-01";

type Section = "b2b" | "b2cl" | "b2cs";

/** The GSTR-1 table an invoice goes to, by its buyer, its supply type and its value on its own date. */
function sectionOf(invoice: InvoiceParty, utcOffset: string): Section {
  if (invoice.buyerGstin) return "b2b";
  if (invoice.supplyType !== "inter-state" || invoice.invoiceValue <= B2CL_ABOVE_CENTS) return "b2cs";
  const limit =
    shopDay(invoice.invoicedAt, utcOffset) < B2CL_LOWERED_ON ? B2CL_ABOVE_CENTS_BEFORE : B2CL_ABOVE_CENTS;
  return invoice.invoiceValue > limit ? "b2cl" : "b2cs";
}

/** "27-Maharashtra": the state code the order recorded, else the one of its address's state (as typed when it is none of India's). */
function placeOfSupplyOf(invoice: InvoiceParty): string {
  const state = invoice.placeOfSupply ? stateOfCode(invoice.placeOfSupply) : undefined;
  return state ? `${state.code}-${state.name}` : placeOfSupplyLabel(invoice.state);
}

interface Sums {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
}

const zero = (): Sums => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0 });

function addTo(sums: Sums, line: Sums, sign: 1 | -1 = 1) {
  sums.taxableValue += sign * line.taxableValue;
  sums.igst += sign * line.igst;
  sums.cgst += sign * line.cgst;
  sums.sgst += sign * line.sgst;
}

const isZero = (sums: Sums) =>
  sums.taxableValue === 0 && sums.igst === 0 && sums.cgst === 0 && sums.sgst === 0;

/** Rupees of each sum, with cess (never charged) at 0. */
function inRupees(sums: Sums) {
  return {
    taxableValue: fromCents(sums.taxableValue),
    igst: fromCents(sums.igst),
    cgst: fromCents(sums.cgst),
    sgst: fromCents(sums.sgst),
    cess: 0,
  };
}

/** A document's lines summed per rate, lowest rate first: the offline tool's one row per rate. */
function byRate(lines: readonly TaxedLine[] | undefined): { rate: number; sums: Sums }[] {
  const rates = new Map<number, Sums>();
  for (const line of lines ?? []) {
    const sums = rates.get(line.rate) ?? zero();
    addTo(sums, line);
    rates.set(line.rate, sums);
  }
  return [...rates.entries()].sort(([a], [b]) => a - b).map(([rate, sums]) => ({ rate, sums }));
}

/**
 * The invoice with its order's principal supply: the highest-rate goods line, the largest taxable value
 * on a tie, then the first line (as gst-repo.ts PRINCIPAL picks a credit note's).
 */
function withPrincipal(invoice: InvoiceParty, lines: readonly TaxedLine[] | undefined): InvoiceParty {
  const before = (a: TaxedLine, b: TaxedLine) =>
    a.rate !== b.rate
      ? a.rate > b.rate
      : a.taxableValue !== b.taxableValue
        ? a.taxableValue > b.taxableValue
        : (a.line ?? "") < (b.line ?? "");
  let principal: TaxedLine | undefined;
  for (const line of lines ?? [])
    if (line.kind === "goods" && (!principal || before(line, principal))) principal = line;
  return { ...invoice, principalHsn: principal?.hsn ?? null, principalName: principal?.name ?? "" };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Documents issued (table 13): one row per numbering series (the number without its running digits),
 * its first and last number, how many, and none cancelled (the shop never cancels an issued document).
 */
function docsRows(nature: GstDocsRow["nature"], numbers: readonly string[]): GstDocsRow[] {
  interface Series {
    first: { number: string; running: number };
    last: { number: string; running: number };
    total: number;
  }
  // A number's place in its series: its running digits, then the whole number on a tie.
  const before = (a: Series["first"], b: Series["first"]) =>
    a.running - b.running || a.number.localeCompare(b.number);
  // NOTE: the first and last of each series in one pass, each number's digits read once (a month
  // holds tens of thousands of invoices; sorting them with the digits read in each comparison cost
  // the report a noticeable share of its time).
  const series = new Map<string, Series>();
  for (const number of numbers) {
    const digits = /\d*$/.exec(number)?.[0] ?? "";
    const entry = { number, running: Number(digits) };
    const prefix = number.slice(0, number.length - digits.length);
    const found = series.get(prefix);
    if (!found) {
      series.set(prefix, { first: entry, last: entry, total: 1 });
      continue;
    }
    found.total += 1;
    if (before(entry, found.first) < 0) found.first = entry;
    if (before(found.last, entry) < 0) found.last = entry;
  }
  return [...series.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, { first, last, total }]) => ({
      nature,
      from: first.number,
      to: last.number,
      total,
      cancelled: 0,
    }));
}

/**
 * The HSN summary (table 12) by HSN code and rate: the invoices' goods, less the credit notes' (units
 * as well as value). NOTE: shipping whose price carried GST is part of a composite supply (CGST Act,
 * section 8(a)): the goods are its principal supply, so its value and tax go under the HSN code of the
 * order's principal supply (its highest-rate line), adding no quantity; its rate is already that line's.
 */
function hsnRows(
  invoiceLines: readonly TaxedLine[],
  creditLines: readonly TaxedLine[],
  invoices: ReadonlyMap<string, InvoiceParty>,
  notes: ReadonlyMap<string, CreditNoteRow>,
): GstHsnRow[] {
  interface Group {
    hsn: string;
    rate: number;
    quantity: number;
    sums: Sums;
    /** The group's largest invoice line names it. */
    description: string;
    largest: number;
  }
  const groups = new Map<string, Group>();
  const add = (line: TaxedLine, party: InvoiceParty | undefined, sign: 1 | -1) => {
    const goods = line.kind === "goods";
    const hsn = (goods ? line.hsn : party?.principalHsn) ?? "";
    const name = goods ? line.name : (party?.principalName ?? "");
    const key = `${hsn}|${line.rate}`;
    const group = groups.get(key) ?? {
      hsn,
      rate: line.rate,
      quantity: 0,
      sums: zero(),
      description: name,
      largest: Number.NEGATIVE_INFINITY,
    };
    if (goods) group.quantity += sign * line.quantity;
    addTo(group.sums, line, sign);
    if (goods && sign === 1 && line.taxableValue > group.largest) {
      group.description = name;
      group.largest = line.taxableValue;
    }
    groups.set(key, group);
  };
  for (const line of invoiceLines) add(line, invoices.get(line.documentId), 1);
  for (const line of creditLines) add(line, notes.get(line.documentId), -1);
  return [...groups.values()]
    .filter((group) => group.quantity !== 0 || !isZero(group.sums))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
    .map((group) => ({
      hsn: group.hsn,
      description: group.description,
      quantity: group.quantity,
      totalValue: fromCents(group.sums.taxableValue + group.sums.igst + group.sums.cgst + group.sums.sgst),
      rate: group.rate,
      ...inRupees(group.sums),
    }));
}

/** The first and the last day of "2026-11". */
function daysOf(month: string): { from: string; to: string } {
  const [year = 0, number = 1] = month.split("-").map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month a return is due for at `now`: the one before the month the shop's clock reads ("2026-11"). */
export function monthToFile(now: Date, utcOffset: string): string {
  const [year = 0, month = 1] = shopDay(now, utcOffset).split("-").map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/**
 * The GSTR-1 tables and the GSTR-3B 3.1(a) figures of `month` ("2026-11"; the month to file when left
 * out), days of the shop's clock.
 */
export async function gstReport(
  db: Database,
  asked: string | undefined,
  { utcOffset }: { utcOffset: string },
  now = new Date(),
): Promise<GstReportDto> {
  const month = asked ?? monthToFile(now, utcOffset);
  const period = periodOf(daysOf(month), now, utcOffset);
  const read = await db.transaction(
    async (tx) => {
      await tuneForReport(tx);
      return {
        invoices: await readInvoices(tx, period),
        invoiceLines: await readInvoiceLines(tx, period),
        notes: await readCreditNotes(tx, period),
        creditLines: await readCreditNoteLines(tx, period),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return gstTables(month, read, utcOffset);
}

/** What a month's GSTR-1 is made from: its documents and their taxed rows, as gst-repo.ts reads them. */
export interface GstDocuments {
  invoices: InvoiceParty[];
  invoiceLines: TaxedLine[];
  notes: CreditNoteRow[];
  creditLines: TaxedLine[];
}

/** The GSTR-1 tables and the GSTR-3B 3.1(a) figures of `month` from its documents. */
export function gstTables(month: string, read: GstDocuments, utcOffset: string): GstReportDto {
  const days = daysOf(month);
  const linesOfInvoice = groupBy(read.invoiceLines, (line) => line.documentId);
  const linesOfNote = groupBy(read.creditLines, (line) => line.documentId);
  const invoices = read.invoices.map((invoice) =>
    withPrincipal(invoice, linesOfInvoice.get(invoice.orderId)),
  );
  const day = (at: Date) => shopDay(at, utcOffset);

  const b2b: GstB2bRow[] = [];
  const b2cl: GstB2clRow[] = [];
  const b2cs = new Map<string, { placeOfSupply: string; rate: number; sums: Sums }>();
  // Each line straight into its place and rate (the sums by rate of each document added up).
  const addB2cs = (party: InvoiceParty, lines: readonly TaxedLine[] | undefined, sign: 1 | -1) => {
    const placeOfSupply = placeOfSupplyOf(party);
    for (const line of lines ?? []) {
      const key = `${placeOfSupply}|${line.rate}`;
      const row = b2cs.get(key) ?? { placeOfSupply, rate: line.rate, sums: zero() };
      addTo(row.sums, line, sign);
      b2cs.set(key, row);
    }
  };
  for (const invoice of invoices) {
    const section = sectionOf(invoice, utcOffset);
    const lines = linesOfInvoice.get(invoice.orderId);
    if (section === "b2cs") {
      addB2cs(invoice, lines, 1);
      continue;
    }
    const head = {
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: day(invoice.invoicedAt),
      invoiceValue: fromCents(invoice.invoiceValue),
      placeOfSupply: placeOfSupplyOf(invoice),
    };
    for (const { rate, sums } of byRate(lines)) {
      if (section === "b2b")
        b2b.push({
          gstin: invoice.buyerGstin ?? "",
          receiverName: invoice.receiverName,
          ...head,
          rate,
          ...inRupees(sums),
        });
      else b2cl.push({ ...head, rate, ...inRupees(sums) });
    }
  }

  // Credit notes go by the invoice they correct: of a B2B invoice to CDNR, of a B2CL one to CDNUR, and
  // of any other to an unregistered buyer netted in B2CS at the invoice's place of supply (rule 59).
  const cdnr: GstCdnrRow[] = [];
  const cdnur: GstCdnurRow[] = [];
  for (const note of read.notes) {
    const section = sectionOf(note, utcOffset);
    const lines = linesOfNote.get(note.refundId);
    if (section === "b2cs") {
      addB2cs(note, lines, -1);
      continue;
    }
    const head = {
      noteNumber: note.noteNumber,
      noteDate: day(note.refundedAt),
      invoiceNumber: note.invoiceNumber,
      placeOfSupply: placeOfSupplyOf(note),
      noteValue: fromCents(note.noteValue),
    };
    for (const { rate, sums } of byRate(lines)) {
      if (section === "b2b")
        cdnr.push({
          gstin: note.buyerGstin ?? "",
          receiverName: note.receiverName,
          ...head,
          rate,
          ...inRupees(sums),
        });
      else cdnur.push({ ...head, rate, ...inRupees(sums) });
    }
  }

  // 3.1(a) is outward taxable supplies other than nil rated: a 0% line is left out.
  const gstr3b = zero();
  for (const line of read.invoiceLines) if (line.rate > 0) addTo(gstr3b, line);
  for (const line of read.creditLines) if (line.rate > 0) addTo(gstr3b, line, -1);

  const b2csRows: GstB2csRow[] = [...b2cs.values()]
    .filter((row) => !isZero(row.sums))
    .sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate)
    .map((row) => ({ placeOfSupply: row.placeOfSupply, rate: row.rate, ...inRupees(row.sums) }));

  const invoiceParties = new Map(invoices.map((invoice) => [invoice.orderId, invoice]));
  const noteParties = new Map(read.notes.map((note) => [note.refundId, note]));
  // Table 12 apart for registered buyers (a document with the buyer's GSTIN) and consumers.
  const registered = (party: InvoiceParty | undefined) => Boolean(party?.buyerGstin);
  return {
    month,
    ...days,
    b2b,
    b2cl,
    b2cs: b2csRows,
    hsn: hsnRows(read.invoiceLines, read.creditLines, invoiceParties, noteParties),
    hsnB2b: hsnRows(
      read.invoiceLines.filter((line) => registered(invoiceParties.get(line.documentId))),
      read.creditLines.filter((line) => registered(noteParties.get(line.documentId))),
      invoiceParties,
      noteParties,
    ),
    hsnB2c: hsnRows(
      read.invoiceLines.filter((line) => !registered(invoiceParties.get(line.documentId))),
      read.creditLines.filter((line) => !registered(noteParties.get(line.documentId))),
      invoiceParties,
      noteParties,
    ),
    cdnr,
    cdnur,
    docs: [
      ...docsRows(
        "Invoices for outward supply",
        invoices.map((invoice) => invoice.invoiceNumber),
      ),
      ...docsRows(
        "Credit Note",
        read.notes.map((note) => note.noteNumber),
      ),
    ],
    gstr3b: inRupees(gstr3b),
  };
}
