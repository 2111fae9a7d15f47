/**
 * GET /reports/gst: a month's GSTR-1 tables, as the GST portal's offline tool fills them, and its
 * GSTR-3B 3.1(a) figures (docs/gst.md, "GSTR-1"). A document belongs to the month of its own date
 * as the shop's clock reads it. Amounts are rupees with two decimals, worked out in paise.
 */
import { z } from "zod";
import { gstReport, validation } from "../messages";
import { oneOf } from "./common";
import { GSTIN_PATTERN } from "./settings";

/** The tables a month's report gives one at a time as CSV, named as the offline tool names them. */
export const GST_TABLES = [
  "b2b",
  "b2cl",
  "b2cs",
  "cdnr",
  "cdnur",
  "hsn",
  "hsnb2b",
  "hsnb2c",
  "docs",
] as const;
export type GstTable = (typeof GST_TABLES)[number];

/** "2026-11": a calendar month. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const Month = z
  .string({ error: (issue) => (issue.input === undefined ? validation.required : gstReport.month) })
  .regex(MONTH_PATTERN, gstReport.month);

/**
 * `month` (YYYY-MM; the month a return is due for, the one before the shop's today, when left out);
 * `format=csv` with `table` answers one table as the offline tool's CSV.
 */
export const GstReportQuery = z
  .object({
    month: Month.optional(),
    /** The registration whose return it is: the store's GSTIN now when left out. */
    gstin: z
      .string({ error: validation.gstin })
      .trim()
      .toUpperCase()
      .regex(GSTIN_PATTERN, validation.gstin)
      .optional(),
    format: oneOf(["json", "csv"] as const).optional(),
    table: oneOf(GST_TABLES).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.format === "csv" && !query.table)
      ctx.addIssue({ code: "custom", path: ["table"], message: validation.required });
  });
export type GstReportQuery = z.infer<typeof GstReportQuery>;

const money = z.number();
/** A GST rate in percent (5, 18). */
const rate = z.number();
/** A day as YYYY-MM-DD (the CSV writes it as the offline tool does: "05-Nov-2026"). */
const day = z.string();
/** "27-Maharashtra": the GST state code and the state's name (the address's state as typed when it is none of India's). */
const placeOfSupply = z.string();

/** The GST a row's taxable value carries, as its documents printed it (cess is never charged: 0). */
const taxes = { igst: money, cgst: money, sgst: money, cess: money };

/** B2B (table 4): an invoice to a registered buyer, one row per rate. */
export const GstB2bRow = z.object({
  gstin: z.string(),
  receiverName: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: day,
  invoiceValue: money,
  placeOfSupply,
  rate,
  taxableValue: money,
  ...taxes,
});
export type GstB2bRow = z.infer<typeof GstB2bRow>;

/** B2CL (table 5): an inter-state invoice to an unregistered buyer above ₹1 lakh, one row per rate. */
export const GstB2clRow = z.object({
  invoiceNumber: z.string(),
  invoiceDate: day,
  invoiceValue: money,
  placeOfSupply,
  rate,
  taxableValue: money,
  ...taxes,
});
export type GstB2clRow = z.infer<typeof GstB2clRow>;

/** B2CS (table 7): every other supply to unregistered buyers, by place of supply and rate, net of its credit notes. */
export const GstB2csRow = z.object({ placeOfSupply, rate, taxableValue: money, ...taxes });
export type GstB2csRow = z.infer<typeof GstB2csRow>;

/** CDNR (table 9B): a credit note of a B2B invoice, one row per rate. */
export const GstCdnrRow = z.object({
  gstin: z.string(),
  receiverName: z.string(),
  noteNumber: z.string(),
  noteDate: day,
  /** The invoice it corrects (not a column of the offline tool's sheet). */
  invoiceNumber: z.string(),
  placeOfSupply,
  /** The template's "Note Supply Type", the values of B2B's "Invoice Type": "Regular B2B". */
  noteSupplyType: z.enum([
    "Regular B2B",
    "SEZ supplies with payment",
    "SEZ supplies without payment",
    "Deemed Exp",
  ]),
  noteValue: money,
  rate,
  taxableValue: money,
  ...taxes,
});
export type GstCdnrRow = z.infer<typeof GstCdnrRow>;

/** CDNUR (table 9B): a credit note of a B2CL invoice, one row per rate. */
export const GstCdnurRow = z.object({
  noteNumber: z.string(),
  noteDate: day,
  invoiceNumber: z.string(),
  placeOfSupply,
  noteValue: money,
  rate,
  taxableValue: money,
  ...taxes,
});
export type GstCdnurRow = z.infer<typeof GstCdnurRow>;

/** HSN summary (table 12): by HSN code and rate, net of the month's credit notes. */
export const GstHsnRow = z.object({
  /** Empty for lines sold without an HSN code. */
  hsn: z.string(),
  /** The HSN code's description (at most 30 characters of the offline tool's alphabet). */
  description: z.string(),
  /** The unit the quantity counts, as the template writes it ("NOS-NUMBERS"). */
  uqc: z.string(),
  /** Units invoiced less units credited. */
  quantity: z.number().int(),
  /** Taxable value and tax. */
  totalValue: money,
  rate,
  taxableValue: money,
  ...taxes,
});
export type GstHsnRow = z.infer<typeof GstHsnRow>;

export const GST_DOCUMENT_NATURES = ["Invoices for outward supply", "Credit Note"] as const;

/** Documents issued (table 13): a numbering series' first and last number of the month. */
export const GstDocsRow = z.object({
  nature: z.enum(GST_DOCUMENT_NATURES),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  cancelled: z.number().int(),
});
export type GstDocsRow = z.infer<typeof GstDocsRow>;

/** GSTR-3B 3.1(a): outward taxable supplies (not nil rated), net of the month's credit notes. */
export const Gstr3bDto = z.object({ taxableValue: money, ...taxes });
export type Gstr3bDto = z.infer<typeof Gstr3bDto>;

export const GstReportDto = z.object({
  month: z.string(),
  /** The GSTIN whose return this is: its documents alone are in it (a new registration files its own). */
  gstin: z.string(),
  /** The shop's other GSTINs that issued documents dated in the month (a registration changed in it). */
  otherGstins: z.array(z.string()),
  /** The month's first and last day. */
  from: day,
  to: day,
  b2b: z.array(GstB2bRow),
  b2cl: z.array(GstB2clRow),
  b2cs: z.array(GstB2csRow),
  hsn: z.array(GstHsnRow),
  /**
   * The same summary apart for supplies to registered buyers (B2B: documents with the buyer's GSTIN)
   * and to consumers (B2C), as the current form of table 12 asks; together they are `hsn`.
   */
  hsnB2b: z.array(GstHsnRow),
  hsnB2c: z.array(GstHsnRow),
  cdnr: z.array(GstCdnrRow),
  cdnur: z.array(GstCdnurRow),
  docs: z.array(GstDocsRow),
  gstr3b: Gstr3bDto,
});
export type GstReportDto = z.infer<typeof GstReportDto>;
