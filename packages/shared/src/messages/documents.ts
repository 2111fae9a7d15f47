/** Invoices, credit notes and packing slips: their titles, columns and notes. */

import { percent } from "./format";

export const documents = {
  downloadInvoice: "Download invoice",
  /** The shopper's order page: a credit note per refund, downloaded as the invoice is. */
  creditNotes: "Credit notes",
  downloadCreditNote: (creditNoteNumber: string) => `Download credit note ${creditNoteNumber}`,
  invoice: "Invoice",
  packingSlip: "Packing slip",
  taxInvoice: "Tax Invoice",
  packingSlipTitle: "Packing Slip",
  /** The packing slip of one shipment names it. */
  shipmentLine: (carrier: string, trackingNumber: string | null) =>
    `Shipment: ${carrier}${trackingNumber ? ` ${trackingNumber}` : ""}`,
  /** The link to one shipment's packing slip. */
  shipmentPackingSlip: "Packing slip",
  seller: "Seller",
  billTo: "Bill to",
  shipTo: "Ship to",
  gstin: (gstin: string) => `GSTIN: ${gstin}`,
  /** "State: 27-Maharashtra": a state with its GST code. */
  state: (state: string) => `State: ${state}`,
  /** The supplier's trade name, under its legal name when they differ. */
  tradeName: (name: string) => `Trade name: ${name}`,
  /** Rule 46(p): a shop's sales never put the tax on the buyer. */
  reverseCharge: "Tax payable on reverse charge: No",
  invoiceNumber: (invoiceNumber: string) => `Invoice number: ${invoiceNumber}`,
  invoiceDate: (date: string) => `Invoice date: ${date}`,
  order: (number: number) => `Order: #${number}`,
  orderDate: (date: string) => `Order date: ${date}`,
  phone: (phone: string) => `Phone: ${phone}`,
  placeOfSupply: (state: string) => `Place of supply: ${state}`,
  /** A parcel's e-way bill (its invoice value above ₹50,000), one line per parcel that has one. */
  ewaybill: (number: string) => `E-way bill: ${number}`,
  columns: {
    line: "#",
    item: "Item",
    sku: "SKU",
    quantity: "Qty",
    unitPrice: "Unit price",
    discount: "Discount",
    taxableValue: "Taxable value",
    rate: "Rate",
    tax: "Tax",
    total: "Total",
  },
  skuOf: (sku: string) => `SKU: ${sku}`,
  cgst: "CGST 9%",
  sgst: "SGST 9%",
  igst: "IGST 18%",
  /** The GST of one rate: "CGST 2.5%" and "SGST 2.5%" for 5% within the state, "IGST 5%" across. */
  cgstAt: (rate: number) => `CGST ${percent(rate / 2)}`,
  sgstAt: (rate: number) => `SGST ${percent(rate / 2)}`,
  igstAt: (rate: number) => `IGST ${percent(rate)}`,
  /** A union territory without a legislature levies UTGST in place of SGST (GST.md). */
  utgstAt: (rate: number) => `UTGST ${percent(rate / 2)}`,
  cgstAndUtgst: "CGST\nUTGST",
  utgstOnly: "UTGST",
  /** The tax columns' heads when an invoice's lines have different rates. */
  cgstAndSgst: "CGST\nSGST",
  cgstOnly: "CGST",
  sgstOnly: "SGST",
  igstOnly: "IGST",
  hsn: (code: string) => `HSN: ${code}`,
  /** An HSN code with the description the owner keeps for it (or its chapter's name), as table 12 prints it. */
  hsnWith: (code: string, description: string) =>
    description ? `HSN: ${code} ${description}` : `HSN: ${code}`,
  /** A quantity with its unit (UQC): "2 NOS". */
  quantityOf: (quantity: number, uqc: string) => `${quantity} ${uqc}`,
  rateOf: (rate: number) => percent(rate),
  shippingBy: (method: string) => `Shipping (${method})`,
  pricesIncludeTax: "Prices include GST: the unit prices and discounts are shown with it.",
  shipping: "Shipping",
  /** A cash on delivery order's fee: a charge outside GST, or a taxed row with the charges taxed. */
  codFee: "Cash on delivery fee",
  /** What prices including GST hold beyond the rows' taxable values and GST: outside GST. */
  roundOff: "Round off",
  /** Under an invoice's totals: what its lines' discounts hold of the online payment discount (before GST). */
  onlineDiscount: (amount: string) =>
    `The discounts above include an online payment discount of ${amount}; the taxable values and GST are after it.`,
  taxableTotal: "Taxable value",
  totalTax: "Total tax",
  grandTotal: "Total",
  amountInWords: (words: string) => `Amount in words: ${words}`,
  /** Under an invoice's totals: what paid it, part by part ("Store credit INR 1,299.00, Razorpay · UPI INR 2,249.00"). */
  paidWith: (parts: string) => `Paid: ${parts}`,
  itemCount: (units: number) => `${units} item${units === 1 ? "" : "s"} in this parcel`,
  /** Rule 46(q): the signatory block that ends every invoice and credit note. */
  forSupplier: (legalName: string) => `For ${legalName}`,
  signatory: (name: string, designation: string) => `${name}, ${designation}`,
  authorisedSignatory: "Authorised Signatory",
  /** Above the signatory's name when the PDF carries the shop's digital signature. */
  digitallySigned: "Digitally signed",
  /** The reason a signed PDF's signature gives. */
  signatureReason: (documentNumber: string) => `Issued ${documentNumber}`,
  creditNote: "Credit note",
  creditNoteTitle: "Credit Note",
  creditNoteNumber: (creditNoteNumber: string) => `Credit note number: ${creditNoteNumber}`,
  creditNoteDate: (date: string) => `Credit note date: ${date}`,
  againstInvoice: (invoiceNumber: string) => `Against invoice: ${invoiceNumber}`,
  /** Rule 53(1A)(g): the date of the invoice a credit note corrects. */
  againstInvoiceDate: (date: string) => `Invoice date: ${date}`,
  refundReason: (reason: string) => `Reason: ${reason}`,
  /** How a refund given by hand went back (a UPI or bank transfer reference): on its credit note and the order page. */
  refundReference: (reference: string) => `Refund reference: ${reference}`,
  returnedItems: "Returned to stock",
  /** A credit note line of goods given back as value only (goodwill), beside the line's name. */
  valueOnly: "Value only, no goods",
  buyerGstin: (gstin: string) => `GSTIN: ${gstin}`,
} as const;
