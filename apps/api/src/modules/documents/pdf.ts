/**
 * The shop's PDFs, drawn with pdfkit in its built-in Helvetica. Amounts are written in the order's
 * currency by `pdfMoney`: with the currency's sign where Helvetica has it ($, €, £), else with its code
 * (INR 1,23,456.00: Helvetica has no rupee sign). Text is real text, so that it can be read back and
 * searched.
 */
import { documents as words } from "@shop/shared/messages";
import PDFDocument from "pdfkit";
import type {
  CreditNoteFigures,
  CreditNoteLineFigures,
  GstSplit,
  InvoiceFigures,
  InvoiceLineFigures,
  TaxedFigures,
} from "./figures";
import { addSignaturePlaceholder, type SignatureDetails, type SigningKey, signPdf } from "./signing";

/** Writes an amount. */
export type Money = (amount: number) => string;

/** What Helvetica's WinAnsi encoding prints: Latin-1 and, among the currency signs beyond it, the euro's. */
const PRINTABLE = /^[\u0020-\u00ff\u20ac]*$/;

/** No-break spaces (Intl puts them between a code and its amount) as plain ones, as the PDF's text reads. */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/**
 * Amounts in `code` as `locale` writes them ($80.00 for USD in en-US), with the currency's code
 * instead of its sign when Helvetica cannot print the sign.
 */
export function pdfMoney({ code, locale }: { code: string; locale: string }): Money {
  const symbol = new Intl.NumberFormat(locale, { style: "currency", currency: code });
  const format = PRINTABLE.test(plainSpaces(symbol.format(1234.5)))
    ? symbol
    : new Intl.NumberFormat(locale, { style: "currency", currency: code, currencyDisplay: "code" });
  return (amount) => plainSpaces(format.format(amount));
}

type Doc = PDFKit.PDFDocument;

export interface Party {
  name: string;
  lines: string[];
}

export interface DocumentLine {
  name: string;
  /** "Size: 9, Colour: Blue"; empty for a product without options. */
  options: string;
  sku: string;
  /** The unit its quantity is counted in (UQC: "NOS"). */
  uqc: string;
  /** The description of its HSN code, as the line recorded it (table 12 prints the same). */
  hsnDescription: string;
}

/**
 * The block that ends an invoice and a credit note (rule 46(q)): "For <legal name>", the signatory's
 * name and designation, "Authorised Signatory"; with `signing`, the PDF also carries the owner's
 * digital signature.
 */
export interface Signature {
  legalName: string;
  signatory: { name: string; designation: string } | null;
  /** The owner's certificate (INVOICE_SIGNING_P12); absent: the block alone. */
  signing?: { key: SigningKey; location: string; contactInfo: string };
}

export interface InvoiceContent {
  seller: Party;
  buyer: Party;
  shipTo: Party;
  invoiceNumber: string;
  invoiceDate: string;
  /** The order's number people say (#1001). */
  orderNumber: number;
  /** "27-Maharashtra". */
  placeOfSupply: string;
  /** The place of supply levies UTGST in place of SGST. */
  utgst: boolean;
  /** The e-way bills of its parcels (each above ₹50,000), as staff gave them when booking. */
  ewaybills: string[];
  lines: DocumentLine[];
  figures: InvoiceFigures;
  /** The shipping method's name, as the order kept it. */
  shippingMethod: string;
  amountInWords: string;
  /** "Store credit INR 1,299.00, Razorpay · UPI INR 2,249.00": what paid it; null while unpaid (cash on delivery). */
  paidWith: string | null;
  money: Money;
  signature: Signature;
}

export interface PackingSlipContent {
  seller: Party;
  shipTo: Party;
  /** None yet for a cash on delivery order being packed: the slip names the order alone. */
  invoiceNumber: string | null;
  orderNumber: number;
  orderDate: string;
  /** A shipment's slip: "Shipment: Blue Dart 1234567890"; absent for the whole order's. */
  shipment?: string;
  lines: (DocumentLine & { quantity: number })[];
}

export interface CreditNoteContent {
  seller: Party;
  buyer: Party;
  shipTo: Party;
  creditNoteNumber: string;
  creditNoteDate: string;
  invoiceNumber: string;
  /** The date of the invoice it corrects (rule 53(1A)(g)). */
  invoiceDate: string;
  orderNumber: number;
  /** "27-Maharashtra". */
  placeOfSupply: string;
  utgst: boolean;
  reason: string;
  /** How a refund given by hand went back (cash on delivery: the UPI or bank transfer reference); else null. */
  reference: string | null;
  /**
   * Each line's name (goods: the product, its options and SKU; shipping; the COD fee), HSN code and
   * its description, and unit, as `figures.lines`.
   */
  lines: { label: string; hsnCode: string | null; hsnDescription: string; uqc: string }[];
  figures: CreditNoteFigures;
  amountInWords: string;
  money: Money;
  signature: Signature;
}

const MARGIN = 40;
const MUTED = "#555555";
const RULE = "#cccccc";

/**
 * Draws a document and answers its bytes; signed with the owner's certificate when `signed` gives
 * one (the placeholder goes on the last page before the document ends).
 */
async function render(
  title: string,
  draw: (doc: Doc) => void,
  signed?: { key: SigningKey; details: SignatureDetails },
): Promise<Buffer> {
  const pdf = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: title }, bufferPages: false });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    try {
      draw(doc);
      if (signed) addSignaturePlaceholder(doc, signed.details);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
  return signed ? signPdf(pdf, signed.key) : pdf;
}

const width = (doc: Doc) => doc.page.width - MARGIN * 2;

function party(doc: Doc, heading: string, who: Party, x: number, y: number, w: number): number {
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, y, { width: w });
  doc.font("Helvetica-Bold").fontSize(10).fillColor("black").text(who.name, { width: w });
  doc.font("Helvetica").fontSize(9);
  for (const line of who.lines) doc.text(line, { width: w });
  return doc.y;
}

function rule(doc: Doc, y: number) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width(doc), y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

interface Column {
  title: string;
  width: number;
  align: "left" | "right";
}

/** A table row: each cell's text in its column; answers the row's bottom. */
function row(
  doc: Doc,
  columns: readonly Column[],
  cells: readonly string[],
  y: number,
  bold = false,
): number {
  let x = MARGIN;
  let bottom = y;
  doc
    .font(bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(FONT_SIZE)
    .fillColor("black");
  columns.forEach((column, i) => {
    const text = cells[i] ?? "";
    const size = column.align === "right" ? fittedSize(doc, text, column.width - 4, FONT_SIZE) : FONT_SIZE;
    doc.fontSize(size).text(text, x + 2, y, { width: column.width - 4, align: column.align });
    doc.fontSize(FONT_SIZE);
    bottom = Math.max(bottom, doc.y);
    x += column.width;
  });
  return bottom + 4;
}

const FONT_SIZE = 8.5;

/**
 * The size at which each line of `text` fits `room` on one line (at most `size`): an amount or a
 * quantity is never wrapped ("INR" above "1,41,600.00" read as "INR INR 1,41,600.00").
 */
function fittedSize(doc: Doc, text: string, room: number, size: number): number {
  doc.fontSize(size);
  const widest = Math.max(0, ...text.split("\n").map((line) => doc.widthOfString(line)));
  // NOTE: a hair under the room: pdfkit wraps a line that fills its width to the last point.
  return widest <= room - 0.5 ? size : Math.floor((size * (room - 0.5) * 100) / widest) / 100;
}

function rowHeight(doc: Doc, columns: readonly Column[], cells: readonly string[]): number {
  doc.font("Helvetica").fontSize(8.5);
  return Math.max(
    ...columns.map((column, i) => doc.heightOfString(cells[i] ?? "", { width: column.width - 4 })),
  );
}

/** Rows under a header, starting a new page (with the header again) when one does not fit. */
function table(doc: Doc, columns: readonly Column[], rows: readonly string[][], top: number): number {
  const header = () => {
    const y = doc.y;
    const bottom = row(
      doc,
      columns,
      columns.map((column) => column.title),
      y,
      true,
    );
    rule(doc, bottom - 2);
    return bottom + 2;
  };
  doc.y = top;
  let y = header();
  for (const cells of rows) {
    if (y + rowHeight(doc, columns, cells) > doc.page.height - MARGIN - 20) {
      doc.addPage();
      doc.y = MARGIN;
      y = header();
    }
    y = row(doc, columns, cells, y);
    rule(doc, y - 2);
    y += 2;
  }
  return y;
}

function heading(doc: Doc, title: string, seller: Party, right: string[]) {
  doc.font("Helvetica-Bold").fontSize(18).fillColor("black").text(title, MARGIN, MARGIN);
  const top = doc.y + 8;
  const half = width(doc) / 2;
  const left = party(doc, words.seller, seller, MARGIN, top, half - 10);
  doc.font("Helvetica").fontSize(9).fillColor("black");
  let y = top;
  for (const line of right) {
    doc.text(line, MARGIN + half, y, { width: half, align: "right" });
    y = doc.y;
  }
  return Math.max(left, y) + 12;
}

/** A line of goods as documents name it: the product, its options and its SKU. */
export function lineLabel(line: DocumentLine): string {
  return [line.name, line.options, words.skuOf(line.sku)].filter(Boolean).join("\n");
}

function taxCell(row: TaxedFigures, split: GstSplit, money: Money): string {
  return split === "intra-state" ? `${money(row.cgst)}\n${money(row.sgst)}` : money(row.igst);
}

/** The tax column's head: CGST and SGST (or UTGST) within the state, IGST across. */
function taxHead(split: GstSplit, utgst: boolean): string {
  if (split === "inter-state") return words.igstOnly;
  return utgst ? words.cgstAndUtgst : words.cgstAndSgst;
}

/** The totals under a document's table, the last one in bold; answers where they end. */
function totalsBlock(doc: Doc, totals: readonly [string, string][], top: number): number {
  let y = top;
  if (y + totals.length * 14 + 60 > doc.page.height - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  const labelX = MARGIN + width(doc) - 230;
  y += 6;
  totals.forEach(([name, amount], i) => {
    const last = i === totals.length - 1;
    doc
      .font(last ? "Helvetica-Bold" : "Helvetica")
      .fontSize(last ? 11 : 9)
      .fillColor("black");
    const size = last ? 11 : 9;
    doc.text(name, labelX, y, { width: 140 });
    doc
      .fontSize(fittedSize(doc, amount, 90, size))
      .text(amount, labelX + 140, y, { width: 90, align: "right" });
    y = Math.max(doc.y, y + size + 2) + 3;
  });
  return y;
}

/** The GST of each rate as the totals list it: CGST and SGST (or UTGST) at half the rate, or IGST at the rate. */
function rateTotals(
  figures: Pick<InvoiceFigures, "split" | "rates">,
  utgst: boolean,
  money: Money,
): [string, string][] {
  const intra = figures.split === "intra-state";
  return figures.rates
    .filter((rate) => rate.tax > 0)
    .flatMap((rate): [string, string][] =>
      intra
        ? [
            [words.cgstAt(rate.rate), money(rate.cgst)],
            [utgst ? words.utgstAt(rate.rate) : words.sgstAt(rate.rate), money(rate.sgst)],
          ]
        : [[words.igstAt(rate.rate), money(rate.igst)]],
    );
}

/**
 * The signatory block at the foot of the page (rule 46(q)), right-aligned: "For <legal name>", room
 * to sign (or "Digitally signed"), the signatory's name and designation, "Authorised Signatory".
 */
function signatureBlock(doc: Doc, signature: Signature, top: number) {
  const w = 230;
  const x = MARGIN + width(doc) - w;
  let y = top;
  if (y + 70 > doc.page.height - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font("Helvetica-Bold").fontSize(9).fillColor("black");
  doc.text(words.forSupplier(signature.legalName), x, y, { width: w, align: "right" });
  doc.font("Helvetica").fontSize(8).fillColor(MUTED);
  doc.text(signature.signing ? words.digitallySigned : " ", x, doc.y + 6, { width: w, align: "right" });
  doc.fontSize(9).fillColor("black");
  const { signatory } = signature;
  const named = signatory ? words.signatory(signatory.name, signatory.designation) : " ";
  doc.text(named, x, doc.y + 14, { width: w, align: "right" });
  doc.font("Helvetica-Bold").text(words.authorisedSignatory, x, doc.y + 2, { width: w, align: "right" });
}

/** What a signed document's signature says of itself, when the owner gave a certificate. */
function signedWith(signature: Signature, documentNumber: string) {
  const { signing } = signature;
  if (!signing) return undefined;
  return {
    key: signing.key,
    details: {
      name: signature.legalName,
      location: signing.location,
      contactInfo: signing.contactInfo,
      reason: words.signatureReason(documentNumber),
    },
  };
}

/** An item cell: the line's name, options and SKU, and its HSN code with the code's description. */
function itemCell(label: string, hsnCode: string | null, hsnDescription: string): string {
  return [label, hsnCode ? words.hsnWith(hsnCode, hsnDescription) : ""].filter(Boolean).join("\n");
}

/** The GST tax invoice of a paid order. */
export function invoicePdf(content: InvoiceContent): Promise<Buffer> {
  const { money } = content;
  const signed = signedWith(content.signature, content.invoiceNumber);
  return render(
    `${words.taxInvoice} ${content.invoiceNumber}`,
    (doc) => {
      let y = heading(doc, words.taxInvoice, content.seller, [
        words.invoiceNumber(content.invoiceNumber),
        words.invoiceDate(content.invoiceDate),
        words.order(content.orderNumber),
        words.placeOfSupply(content.placeOfSupply),
        words.reverseCharge,
        ...content.ewaybills.map(words.ewaybill),
      ]);
      const half = width(doc) / 2;
      const bottom = Math.max(
        party(doc, words.billTo, content.buyer, MARGIN, y, half - 10),
        party(doc, words.shipTo, content.shipTo, MARGIN + half, y, half),
      );
      const { figures } = content;
      const c = words.columns;
      // NOTE: an amount too long for its column is set smaller, never wrapped (row). The discount's
      // column holds "INR 99,999.99" at the row's size: a line's discount is its quantity times its
      // saving, often longer than its unit price (48 points set a sofa's $100,000.00 at 7.8); the
      // item keeps room for a 24-character SKU on one line.
      const columns: Column[] = [
        { title: c.line, width: 14, align: "left" },
        { title: c.item, width: 140, align: "left" },
        { title: c.quantity, width: 40, align: "right" },
        { title: c.unitPrice, width: 55, align: "right" },
        { title: c.discount, width: 60, align: "right" },
        { title: c.taxableValue, width: 60, align: "right" },
        { title: c.rate, width: 24, align: "right" },
        { title: taxHead(figures.split, content.utgst), width: 56, align: "right" },
        { title: c.total, width: 66, align: "right" },
      ];
      const rows = content.lines.map((line, i) => {
        const f: InvoiceLineFigures | undefined = figures.lines[i];
        if (!f) throw new Error("an invoice line without its figures");
        return [
          String(i + 1),
          itemCell(lineLabel(line), f.hsnCode, line.hsnDescription),
          words.quantityOf(f.quantity, line.uqc),
          money(f.unitPrice),
          money(f.discount),
          money(f.taxableValue),
          words.rateOf(f.rate),
          taxCell(f, figures.split, money),
          money(f.total),
        ];
      });
      // The charges taxed with the goods are rows of their own (decision 047); outside GST, totals.
      const { shippingRow: shipping, codFeeRow: fee } = figures;
      for (const [label, row] of [
        [words.shippingBy(content.shippingMethod), shipping],
        [words.codFee, fee],
      ] as const)
        if (row)
          rows.push([
            "",
            label,
            "",
            "",
            "",
            money(row.taxableValue),
            words.rateOf(row.rate),
            taxCell(row, figures.split, money),
            money(row.total),
          ]);
      y = table(doc, columns, rows, bottom + 14);

      const totals: [string, string][] = [
        [words.taxableTotal, money(figures.taxableValue)],
        ...rateTotals(figures, content.utgst, money),
        [words.totalTax, money(figures.tax)],
        ...(shipping ? [] : ([[words.shipping, money(figures.shipping)]] as [string, string][])),
        ...(!fee && figures.codFee > 0
          ? ([[words.codFee, money(figures.codFee)]] as [string, string][])
          : []),
        ...(figures.roundOff !== 0
          ? ([[words.roundOff, money(figures.roundOff)]] as [string, string][])
          : []),
        [words.grandTotal, money(figures.total)],
      ];
      y = totalsBlock(doc, totals, y);
      doc
        .font("Helvetica")
        .fontSize(9)
        .text(words.amountInWords(content.amountInWords), MARGIN, y + 10, { width: width(doc) });
      if (content.paidWith)
        doc.text(words.paidWith(content.paidWith), MARGIN, doc.y + 4, { width: width(doc) });
      if (figures.onlineDiscount > 0)
        doc
          .fontSize(8)
          .fillColor(MUTED)
          .text(words.onlineDiscount(money(figures.onlineDiscount)), MARGIN, doc.y + 6, {
            width: width(doc),
          });
      if (figures.pricesIncludeTax)
        doc
          .fontSize(8)
          .fillColor(MUTED)
          .text(words.pricesIncludeTax, MARGIN, doc.y + 6, { width: width(doc) });
      signatureBlock(doc, content.signature, doc.y + 16);
    },
    signed,
  );
}

/** What the packer needs: the address and the units of each variant, without prices. */
export function packingSlipPdf(content: PackingSlipContent): Promise<Buffer> {
  const named = content.invoiceNumber ?? words.order(content.orderNumber);
  return render(`${words.packingSlipTitle} ${named}`, (doc) => {
    const y = heading(doc, words.packingSlipTitle, content.seller, [
      ...(content.invoiceNumber ? [words.invoiceNumber(content.invoiceNumber)] : []),
      words.order(content.orderNumber),
      words.orderDate(content.orderDate),
      ...(content.shipment ? [content.shipment] : []),
    ]);
    const bottom = party(doc, words.shipTo, content.shipTo, MARGIN, y, width(doc) / 2);
    const c = words.columns;
    const columns: Column[] = [
      { title: c.line, width: 25, align: "left" },
      { title: c.item, width: 300, align: "left" },
      { title: c.sku, width: 130, align: "left" },
      { title: c.quantity, width: 60, align: "right" },
    ];
    const rows = content.lines.map((line, i) => [
      String(i + 1),
      [line.name, line.options].filter(Boolean).join("\n"),
      line.sku,
      words.quantityOf(line.quantity, line.uqc),
    ]);
    const end = table(doc, columns, rows, bottom + 14);
    const units = content.lines.reduce((sum, line) => sum + line.quantity, 0);
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(words.itemCount(units), MARGIN, end + 10, { width: width(doc) });
  });
}

/**
 * The credit note of a refund (CGST Act section 34, rule 53(1A)): what went back against which
 * invoice, line by line with each line's HSN, units, taxable value, rate and GST as the invoice charged it.
 */
export function creditNotePdf(content: CreditNoteContent): Promise<Buffer> {
  const signed = signedWith(content.signature, content.creditNoteNumber);
  return render(
    `${words.creditNoteTitle} ${content.creditNoteNumber}`,
    (doc) => {
      let y = heading(doc, words.creditNoteTitle, content.seller, [
        words.creditNoteNumber(content.creditNoteNumber),
        words.creditNoteDate(content.creditNoteDate),
        words.againstInvoice(content.invoiceNumber),
        words.againstInvoiceDate(content.invoiceDate),
        words.order(content.orderNumber),
        words.placeOfSupply(content.placeOfSupply),
      ]);
      const half = width(doc) / 2;
      const bottom = Math.max(
        party(doc, words.billTo, content.buyer, MARGIN, y, half - 10),
        party(doc, words.shipTo, content.shipTo, MARGIN + half, y, half),
      );
      const { figures, money } = content;
      const c = words.columns;
      const columns: Column[] = [
        { title: c.line, width: 14, align: "left" },
        { title: c.item, width: 180, align: "left" },
        { title: c.quantity, width: 46, align: "right" },
        { title: c.taxableValue, width: 75, align: "right" },
        { title: c.rate, width: 30, align: "right" },
        { title: taxHead(figures.split, content.utgst), width: 75, align: "right" },
        { title: c.total, width: 95, align: "right" },
      ];
      const rows = figures.lines.map((line: CreditNoteLineFigures, i) => {
        const named = content.lines[i];
        if (!named) throw new Error("a credit note line without its name");
        const goods = line.kind === "goods";
        return [
          String(i + 1),
          [
            itemCell(named.label, named.hsnCode, named.hsnDescription),
            goods && line.quantity === 0 ? words.valueOnly : "",
          ]
            .filter(Boolean)
            .join("\n"),
          goods && line.quantity > 0 ? words.quantityOf(line.quantity, named.uqc) : "",
          line.outsideGst ? "" : money(line.taxableValue),
          line.outsideGst ? "" : words.rateOf(line.rate),
          line.outsideGst ? "" : taxCell(line, figures.split, money),
          money(line.total),
        ];
      });
      y = table(doc, columns, rows, bottom + 14);
      doc
        .font("Helvetica")
        .fontSize(9)
        .fillColor("black")
        .text(words.refundReason(content.reason), MARGIN, y + 4, { width: width(doc) });
      if (content.reference) doc.text(words.refundReference(content.reference), { width: width(doc) });
      const totals: [string, string][] = [
        [words.taxableTotal, money(figures.taxableValue)],
        ...rateTotals(figures, content.utgst, money),
        [words.totalTax, money(figures.tax)],
        ...(figures.roundOff !== 0
          ? ([[words.roundOff, money(figures.roundOff)]] as [string, string][])
          : []),
        [words.grandTotal, money(figures.total)],
      ];
      y = totalsBlock(doc, totals, doc.y + 4);
      doc
        .font("Helvetica")
        .fontSize(9)
        .text(words.amountInWords(content.amountInWords), MARGIN, y + 10, { width: width(doc) });
      signatureBlock(doc, content.signature, doc.y + 16);
    },
    signed,
  );
}
