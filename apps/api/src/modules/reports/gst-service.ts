/**
 * The GSTR-1 report of a month (GET /reports/gst): the tables of the GST portal's offline tool that a
 * shop selling to consumers fills, and the month's GSTR-3B 3.1(a) figures, from the invoices and credit
 * notes dated in the month as the documents printed them (docs/gst.md, "GSTR-1"; rule 59).
 * Amounts are added in integer cents and answered in rupees; each table is also a CSV file with the
 * offline tool's column headers (gst-csv.ts).
 */

import { hsnChapterName, uqcLabel } from "@shop/shared/gst-codes";
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
import { type Database, readSideBySide, type Transaction } from "#api/db/client";
import {
  addTo,
  type B2clLimit,
  beforeInSeries,
  type CreditNoteRow,
  type HsnSums,
  type InvoiceParty,
  type InvoiceSums,
  mergeInvoiceSums,
  readCreditNoteLines,
  readCreditNotes,
  readInvoiceSums,
  readOtherRegistrations,
  type Series,
  type Sums,
  type TaxedLine,
} from "./gst-repo";
import { type Period, tuneForReport } from "./repo";
import { periodOf, shopDay } from "./service";

/**
 * B2CL takes inter-state invoices to unregistered buyers above ₹1 lakh (notification 12/2024–Central
 * Tax, from 1 August 2024), above ₹2.5 lakh before then; every other one to them is B2CS (GST.md).
 */
const B2CL_ABOVE_CENTS = 1_00_000_00;
const B2CL_ABOVE_CENTS_BEFORE = 2_50_000_00;
const B2CL_LOWERED_ON = "2024-08-01";

/** The B2CL limit of invoices dated by the shop's clock (gst-repo.ts sorts each document into its table). */
function b2clLimit(utcOffset: string): B2clLimit {
  return {
    above: B2CL_ABOVE_CENTS,
    aboveBefore: B2CL_ABOVE_CENTS_BEFORE,
    loweredAt: new Date(`${B2CL_LOWERED_ON}T00:00:00${utcOffset}`),
  };
}

/** "27-Maharashtra": the state code the order recorded, else the one of its address's state (as typed when it is none of India's). */
function placeOfSupplyOf(invoice: Pick<InvoiceParty, "placeOfSupply" | "state">): string {
  const state = invoice.placeOfSupply ? stateOfCode(invoice.placeOfSupply) : undefined;
  return state ? `${state.code}-${state.name}` : placeOfSupplyLabel(invoice.state);
}

const zero = (): Sums => ({ taxableValue: 0, igst: 0, cgst: 0, sgst: 0 });

/** The sums alone of a row that carries them. */
const sumsOf = ({ taxableValue, igst, cgst, sgst }: Sums): Sums => ({ taxableValue, igst, cgst, sgst });

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
 * The numbering series of credit notes: the number without its running digits, its first and last
 * number (by the running digits, then the whole number), and how many (gst-repo.ts groups invoices alike).
 */
function seriesOf(numbers: readonly string[]): Series[] {
  const running = (number: string) => /[0-9]*$/.exec(number)?.[0] ?? "";
  const series = new Map<string, Series>();
  for (const number of numbers) {
    const prefix = number.slice(0, number.length - running(number).length);
    const found = series.get(prefix);
    if (!found) series.set(prefix, { prefix, first: number, last: number, total: 1 });
    else {
      found.total += 1;
      if (beforeInSeries(number, found.first) < 0) found.first = number;
      if (beforeInSeries(found.last, number) < 0) found.last = number;
    }
  }
  return [...series.values()];
}

/**
 * Documents issued (table 13): one row per numbering series, its first and last number, how many, and
 * none cancelled (the shop never cancels an issued document).
 */
function docsRows(nature: GstDocsRow["nature"], series: readonly Series[]): GstDocsRow[] {
  return [...series]
    .sort((a, b) => a.prefix.localeCompare(b.prefix))
    .map(({ first, last, total }) => ({ nature, from: first, to: last, total, cancelled: 0 }));
}

/**
 * The HSN summary (table 12) by HSN code and rate: the invoices' sums (gst-repo.ts: the charges taxed
 * with the goods, shipping and the COD fee, under the HSN code of their order's principal supply, its
 * highest-rate line, as part of a composite supply, CGST Act section 8(a); decision 047), less the
 * credit notes' lines (units as well as value), their charges likewise; a row per HSN code, unit (UQC)
 * and rate, described as its largest line recorded its code's description (a line from before
 * descriptions were kept: the HSN chapter's name; decision 050).
 */
function hsnRows(
  invoiceSums: readonly HsnSums[],
  creditLines: readonly TaxedLine[],
  notes: ReadonlyMap<string, CreditNoteRow>,
): GstHsnRow[] {
  interface Group {
    hsn: string;
    uqc: string;
    rate: number;
    quantity: number;
    sums: Sums;
    /** The group's largest invoice line names it. */
    description: string;
    largest: number | null;
  }
  const groups = new Map<string, Group>();
  for (const sums of invoiceSums) {
    const key = `${sums.hsn}|${sums.uqc}|${sums.rate}`;
    const group = groups.get(key);
    if (!group) {
      const { hsn, uqc, rate, quantity, description, largest } = sums;
      groups.set(key, { hsn, uqc, rate, quantity, sums: sumsOf(sums), description, largest });
      continue;
    }
    group.quantity += sums.quantity;
    addTo(group.sums, sums);
    if (sums.largest !== null && (group.largest === null || sums.largest > group.largest)) {
      group.description = sums.description;
      group.largest = sums.largest;
    }
  }
  for (const line of creditLines) {
    const note = notes.get(line.documentId);
    const goods = line.kind === "goods";
    const hsn = (goods ? line.hsn : note?.principalHsn) ?? "";
    const uqc = goods ? line.uqc : (note?.principalUqc ?? line.uqc);
    const key = `${hsn}|${uqc}|${line.rate}`;
    const group = groups.get(key) ?? {
      hsn,
      uqc,
      rate: line.rate,
      quantity: 0,
      sums: zero(),
      description: goods ? line.name : (note?.principalName ?? ""),
      largest: null,
    };
    if (goods) group.quantity -= line.quantity;
    addTo(group.sums, line, -1);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((group) => group.quantity !== 0 || !isZero(group.sums))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.uqc.localeCompare(b.uqc) || a.rate - b.rate)
    .map((group) => ({
      hsn: group.hsn,
      description: group.description || hsnChapterName(group.hsn),
      uqc: uqcLabel(group.uqc),
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
  { utcOffset, gstin }: { utcOffset: string; gstin: string },
  now = new Date(),
): Promise<GstReportDto> {
  const month = asked ?? monthToFile(now, utcOffset);
  const period = periodOf(daysOf(month), now, utcOffset);
  const limit = b2clLimit(utcOffset);
  // NOTE: the month's invoices are summed in two halves side by side, in one snapshot, and the halves
  // merged (mergeInvoiceSums): at a million orders a month is 42 500 invoices read through their
  // 85 000 lines, one core's work for 0.6-0.75 s, while the credit notes took a tenth of that.
  const middle = new Date(period.since.getTime() + (period.before.getTime() - period.since.getTime()) / 2);
  const sums = (part: Pick<Period, "since" | "before">) => async (tx: Transaction) => {
    await tuneForReport(tx, { beside: true });
    return readInvoiceSums(tx, part, limit, gstin);
  };
  const [first, second, credited] = await readSideBySide(
    db,
    sums({ since: period.since, before: middle }),
    sums({ since: middle, before: period.before }),
    async (tx) => {
      await tuneForReport(tx, { beside: true });
      return {
        notes: await readCreditNotes(tx, period, limit, gstin),
        creditLines: await readCreditNoteLines(tx, period, gstin),
        otherGstins: await readOtherRegistrations(tx, period, gstin),
      };
    },
  );
  const { otherGstins, ...documents } = credited;
  return {
    ...gstTables(month, { invoices: mergeInvoiceSums([first, second]), ...documents }, utcOffset),
    gstin,
    otherGstins,
  };
}

/** What a month's GSTR-1 is made from: its invoices summed, its credit notes and their taxed rows (gst-repo.ts). */
export interface GstDocuments {
  invoices: InvoiceSums;
  notes: CreditNoteRow[];
  creditLines: TaxedLine[];
}

/** The GSTR-1 tables and the GSTR-3B 3.1(a) figures of `month` from its documents. */
export function gstTables(
  month: string,
  read: GstDocuments,
  utcOffset: string,
): Omit<GstReportDto, "gstin" | "otherGstins"> {
  const days = daysOf(month);
  const linesOfInvoice = groupBy(read.invoices.lines, (line) => line.documentId);
  const linesOfNote = groupBy(read.creditLines, (line) => line.documentId);
  const day = (at: Date) => shopDay(at, utcOffset);

  const b2b: GstB2bRow[] = [];
  const b2cl: GstB2clRow[] = [];
  const b2cs = new Map<string, { placeOfSupply: string; rate: number; sums: Sums }>();
  // Each sum straight into its place and rate (the sums by rate of each document added up).
  const addB2cs = (placeOfSupply: string, rate: number, sums: Sums, sign: 1 | -1) => {
    const key = `${placeOfSupply}|${rate}`;
    const row = b2cs.get(key) ?? { placeOfSupply, rate, sums: zero() };
    addTo(row.sums, sums, sign);
    b2cs.set(key, row);
  };
  for (const sums of read.invoices.consumers) addB2cs(placeOfSupplyOf(sums), sums.rate, sums, 1);
  for (const invoice of read.invoices.invoices) {
    const head = {
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: day(invoice.invoicedAt),
      invoiceValue: fromCents(invoice.invoiceValue),
      placeOfSupply: placeOfSupplyOf(invoice),
    };
    for (const { rate, sums } of byRate(linesOfInvoice.get(invoice.orderId))) {
      if (invoice.section === "b2b")
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
    const lines = linesOfNote.get(note.refundId);
    if (note.section === "b2cs") {
      const placeOfSupply = placeOfSupplyOf(note);
      for (const line of lines ?? []) addB2cs(placeOfSupply, line.rate, line, -1);
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
      if (note.section === "b2b")
        cdnr.push({
          gstin: note.buyerGstin ?? "",
          receiverName: note.receiverName,
          ...head,
          // The shop's buyers are regular ones: the template's type of a plain B2B supply.
          noteSupplyType: "Regular B2B",
          rate,
          ...inRupees(sums),
        });
      else cdnur.push({ ...head, rate, ...inRupees(sums) });
    }
  }

  // 3.1(a) is outward taxable supplies other than nil rated: a 0% row is left out. Every taxed row of
  // an invoice is in one of its HSN sums.
  const gstr3b = zero();
  for (const sums of read.invoices.hsn) if (sums.rate > 0) addTo(gstr3b, sums);
  for (const line of read.creditLines) if (line.rate > 0) addTo(gstr3b, line, -1);

  const b2csRows: GstB2csRow[] = [...b2cs.values()]
    .filter((row) => !isZero(row.sums))
    .sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate)
    .map((row) => ({ placeOfSupply: row.placeOfSupply, rate: row.rate, ...inRupees(row.sums) }));

  const notes = new Map(read.notes.map((note) => [note.refundId, note]));
  // Table 12 apart for registered buyers (a document with the buyer's GSTIN) and consumers.
  const registered = (note: InvoiceParty | undefined) => Boolean(note?.buyerGstin);
  const creditLinesOf = (buyer: boolean) =>
    read.creditLines.filter((line) => registered(notes.get(line.documentId)) === buyer);
  return {
    month,
    ...days,
    b2b,
    b2cl,
    b2cs: b2csRows,
    hsn: hsnRows(read.invoices.hsn, read.creditLines, notes),
    hsnB2b: hsnRows(
      read.invoices.hsn.filter((sums) => sums.registered),
      creditLinesOf(true),
      notes,
    ),
    hsnB2c: hsnRows(
      read.invoices.hsn.filter((sums) => !sums.registered),
      creditLinesOf(false),
      notes,
    ),
    cdnr,
    cdnur,
    docs: [
      ...docsRows("Invoices for outward supply", read.invoices.series),
      ...docsRows("Credit Note", seriesOf(read.notes.map((note) => note.noteNumber))),
    ],
    gstr3b: inRupees(gstr3b),
  };
}
