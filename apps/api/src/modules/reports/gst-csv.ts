/**
 * The GSTR-1 report's tables as the GST portal's offline tool imports them (GET /reports/gst with
 * `format=csv`): its column headers, dates and cells.
 */
import type { GstReportDto, GstTable } from "@shop/shared/schemas/report-gst";
import { amountCell, type CsvRow, csvText } from "#api/core/csv";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-05" → "05-Nov-2026", as the offline tool writes a date. */
export function toolDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** A money cell: rupees with two decimals, a number (a negative B2CS value starts with "-"). */
const rupees = amountCell;

const B2B_TYPE = "Regular B2B";

/** One table as the offline tool's CSV rows, its header first (the column names are the tool's own). */
function tableRows(report: GstReportDto, table: GstTable): CsvRow[] {
  switch (table) {
    case "b2b":
      return [
        [
          "GSTIN/UIN of Recipient",
          "Receiver Name",
          "Invoice Number",
          "Invoice date",
          "Invoice Value",
          "Place Of Supply",
          "Reverse Charge",
          "Applicable % of Tax Rate",
          "Invoice Type",
          "E-Commerce GSTIN",
          "Rate",
          "Taxable Value",
          "Cess Amount",
        ],
        ...report.b2b.map((row) => [
          row.gstin,
          row.receiverName,
          row.invoiceNumber,
          toolDate(row.invoiceDate),
          rupees(row.invoiceValue),
          row.placeOfSupply,
          "N",
          "",
          B2B_TYPE,
          "",
          row.rate,
          rupees(row.taxableValue),
          rupees(row.cess),
        ]),
      ];
    case "b2cl":
      return [
        [
          "Invoice Number",
          "Invoice date",
          "Invoice Value",
          "Place Of Supply",
          "Applicable % of Tax Rate",
          "Rate",
          "Taxable Value",
          "Cess Amount",
          "E-Commerce GSTIN",
        ],
        ...report.b2cl.map((row) => [
          row.invoiceNumber,
          toolDate(row.invoiceDate),
          rupees(row.invoiceValue),
          row.placeOfSupply,
          "",
          row.rate,
          rupees(row.taxableValue),
          rupees(row.cess),
          "",
        ]),
      ];
    case "b2cs":
      return [
        [
          "Type",
          "Place Of Supply",
          "Rate",
          "Applicable % of Tax Rate",
          "Taxable Value",
          "Cess Amount",
          "E-Commerce GSTIN",
        ],
        // "OE": supplies other than through an e-commerce operator.
        ...report.b2cs.map((row) => [
          "OE",
          row.placeOfSupply,
          row.rate,
          "",
          rupees(row.taxableValue),
          rupees(row.cess),
          "",
        ]),
      ];
    case "cdnr":
      return [
        [
          "GSTIN/UIN of Recipient",
          "Receiver Name",
          "Note Number",
          "Note Date",
          "Note Type",
          "Place Of Supply",
          "Reverse Charge",
          "Note Supply Type",
          "Note Value",
          "Applicable % of Tax Rate",
          "Rate",
          "Taxable Value",
          "Cess Amount",
        ],
        ...report.cdnr.map((row) => [
          row.gstin,
          row.receiverName,
          row.noteNumber,
          toolDate(row.noteDate),
          "C",
          row.placeOfSupply,
          "N",
          row.noteSupplyType,
          rupees(row.noteValue),
          "",
          row.rate,
          rupees(row.taxableValue),
          rupees(row.cess),
        ]),
      ];
    case "cdnur":
      return [
        [
          "UR Type",
          "Note Number",
          "Note Date",
          "Note Type",
          "Place Of Supply",
          "Note Value",
          "Applicable % of Tax Rate",
          "Rate",
          "Taxable Value",
          "Cess Amount",
        ],
        ...report.cdnur.map((row) => [
          "B2CL",
          row.noteNumber,
          toolDate(row.noteDate),
          "C",
          row.placeOfSupply,
          rupees(row.noteValue),
          "",
          row.rate,
          rupees(row.taxableValue),
          rupees(row.cess),
        ]),
      ];
    case "hsn":
    case "hsnb2b":
    case "hsnb2c":
      return [
        [
          "HSN",
          "Description",
          "UQC",
          "Total Quantity",
          "Total Value",
          "Rate",
          "Taxable Value",
          "Integrated Tax Amount",
          "Central Tax Amount",
          "State/UT Tax Amount",
          "Cess Amount",
        ],
        ...report[table === "hsnb2b" ? "hsnB2b" : table === "hsnb2c" ? "hsnB2c" : "hsn"].map((row) => [
          row.hsn,
          row.description,
          row.uqc,
          row.quantity,
          rupees(row.totalValue),
          row.rate,
          rupees(row.taxableValue),
          rupees(row.igst),
          rupees(row.cgst),
          rupees(row.sgst),
          rupees(row.cess),
        ]),
      ];
    case "docs":
      return [
        ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
        ...report.docs.map((row) => [row.nature, row.from, row.to, row.total, row.cancelled]),
      ];
  }
}

/**
 * A table as the offline tool imports it (core/csv.ts): UTF-8 with its byte-order mark, CRLF rows,
 * numbers as numbers, and a text cell a spreadsheet would run as a formula prefixed with an apostrophe.
 */
export function gstCsv(report: GstReportDto, table: GstTable): string {
  return csvText(tableRows(report, table));
}

/** "gstr1-b2cs-2026-11.csv" */
export function gstFilename(report: Pick<GstReportDto, "month" | "gstin">, table: GstTable): string {
  return `gstr1-${report.gstin}-${table}-${report.month}.csv`;
}
