/**
 * The documents of an order: its GST tax invoice, for its owner and staff, and its
 * packing slip, for staff. Both exist once the order has its invoice number (at payment, or for cash
 * on delivery with its first parcel, decision 025); a cash on delivery order being prepared has its
 * packing slip before its invoice, since it is packed first.
 * Each refund has a credit note (numbered `CN/2026-27/...` from a counter of its own in
 * modules/invoices), for the same viewers as the invoice.
 */

import { hsnChapterName } from "@shop/shared/gst-codes";
import { indianState, placeOfSupplyLabel } from "@shop/shared/india";
import { api, documents as words } from "@shop/shared/messages";
import { fullName } from "@shop/shared/names";
import { isTaken } from "@shop/shared/orders";
import { isStaff, seesCustomerDetails, type SignedInViewer as Viewer } from "@shop/shared/roles";
import type { Settings } from "@shop/shared/schemas/settings";
import { tenderName, tenderPart, tenderParts, tendersOf } from "@shop/shared/tenders";
import { AppError } from "#api/core/errors";
import type { Database } from "#api/db/client";
import type { OrderShippingAddress, SupplierDetails } from "#api/db/schema/orders";
import {
  findOrderById,
  findOrderLines,
  findShipmentsOfOrders,
  type OrderLineRow,
  type OrderRow,
} from "#api/modules/orders/service";
import { findRefund, findRefundLines } from "#api/modules/refunds/service";
import { offsetMs } from "#api/modules/reports/service";
import { creditNoteFigures, invoiceFigures } from "./figures";
import {
  creditNotePdf,
  type DocumentLine,
  invoicePdf,
  lineLabel,
  type Party,
  packingSlipPdf,
  pdfMoney,
  type Signature,
} from "./pdf";
import type { SigningKey } from "./signing";
import { amountInWords } from "./words";

/**
 * The supplier as a document names it (rule 46(a)): its legal and trade names, address, GSTIN, state,
 * signatory, as recorded on the document when it was issued (modules/invoices/supplier.ts).
 */
export type Supplier = SupplierDetails;

/**
 * The seller as documents name it: the supplier as the store settings have it now, how it writes
 * amounts, and the owner's certificate when the shop signs its documents.
 */
export interface Seller extends Supplier {
  /** The locale amounts are written in (the order's own currency is the one written). */
  locale: string;
  /** The shop's clock ("+05:30"): the documents' dates. */
  utcOffset: string;
  /** The owner's certificate (INVOICE_SIGNING_P12): invoices and credit notes are signed with it. */
  signingKey?: SigningKey;
  /** Who to ask about a signature: the store's email. */
  email: string;
}

/** The seller as the store settings have it now, signing with the owner's certificate when there is one. */
export function sellerOf(
  { store, currency }: Pick<Settings, "store" | "currency">,
  signingKey: SigningKey | undefined,
): Seller {
  return {
    legalName: store.legalName ?? store.name,
    name: store.name,
    address: store.address,
    gstin: store.gstin,
    stateCode: indianState(store.state)?.code ?? store.gstin.slice(0, 2),
    stateName: store.state,
    signatory: store.signatory,
    locale: currency.locale,
    utcOffset: store.utcOffset,
    email: store.email,
    ...(signingKey ? { signingKey } : {}),
  };
}

export interface OrderDocument {
  pdf: Buffer;
  /** "invoice-INV-2026-27-000001.pdf": the name a browser saves it under. */
  filename: string;
}

const DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "2-digit",
  month: "short",
  year: "numeric",
});

/** "25 Nov 2026": the day the shop's clock (its offset from UTC) reads at `at`. */
function shopDate(at: Date, utcOffset: string): string {
  return DAY.format(new Date(at.getTime() + offsetMs(utcOffset)));
}

type Row = NonNullable<OrderRow>;

/** The supplier under its legal name, its trade name beside when it differs, and its state with its code. */
function sellerParty(supplier: Supplier): Party {
  return {
    name: supplier.legalName,
    lines: [
      ...(supplier.name !== supplier.legalName ? [words.tradeName(supplier.name)] : []),
      supplier.address,
      words.gstin(supplier.gstin),
      words.state(`${supplier.stateCode}-${supplier.stateName}`),
    ],
  };
}

/** An address's lines, its state with its GST code ("29-Karnataka, India"). */
function addressLines(address: OrderShippingAddress): string[] {
  return [
    address.building,
    address.street,
    `${address.city} ${address.pinCode}`,
    `${placeOfSupplyLabel(address.state)}, ${address.country}`,
  ];
}

function shipToParty(address: OrderShippingAddress, withPhone: boolean): Party {
  return {
    name: fullName(address.name),
    lines: [
      ...addressLines(address),
      ...(withPhone ? [words.phone(`+${address.countryCode} ${address.phoneNumber}`)] : []),
    ],
  };
}

function documentLine({ item }: OrderLineRow): DocumentLine {
  const options = Object.entries(item.variantOptions)
    .map(([name, value]) => `${name}: ${value}`)
    .join(", ");
  return {
    name: item.name,
    options,
    sku: item.variantSku,
    uqc: item.uqc,
    // A line from before descriptions were kept: its code's chapter, as table 12 names it.
    hsnDescription: item.hsnDescription || hsnChapterName(item.hsnCode),
  };
}

/** The signatory block of a document, with the owner's certificate when the shop signs. */
function signatureOf(supplier: Supplier, seller: Seller): Signature {
  return {
    legalName: supplier.legalName,
    signatory: supplier.signatory,
    ...(seller.signingKey
      ? { signing: { key: seller.signingKey, location: supplier.stateName, contactInfo: seller.email } }
      : {}),
  };
}

/** "INV/2026-27/000001" → "INV-2026-27-000001", safe in a file name. */
const fileSafe = (invoiceNumber: string) => invoiceNumber.replace(/[^A-Za-z0-9-]/g, "-");

/** The paid order behind a document: 404 when missing or not the viewer's to see, 409 while unpaid. */
async function paidOrder(db: Database, viewer: Viewer, orderId: string, unpaid: string) {
  const row = await findOrderById(db, orderId);
  if (!row || (row.order.userId !== viewer.id && !isStaff(viewer)))
    throw new AppError("NOT_FOUND", api.orderNotFound);
  const { invoiceNumber, invoicedAt } = row.order;
  if (!invoiceNumber || !invoicedAt) throw new AppError("CONFLICT", unpaid);
  return { row, invoiceNumber, invoicedAt, lines: await findOrderLines(db, orderId) };
}

/** The buyer: their name, their email for those who may see it, and their GSTIN when they gave one (rule 46). */
/**
 * The order behind a packing slip: a paid one with its invoice number, or a cash on delivery order
 * being prepared, whose invoice waits for its first parcel (the slip names the order alone). 404 as
 * paidOrder, 409 otherwise.
 */
async function packedOrder(db: Database, viewer: Viewer, orderId: string) {
  const row = await findOrderById(db, orderId);
  if (!row || (row.order.userId !== viewer.id && !isStaff(viewer)))
    throw new AppError("NOT_FOUND", api.orderNotFound);
  const { invoiceNumber, status } = row.order;
  const toPack = status === "processing" && row.payment?.paymentGateway === "cod";
  if (!invoiceNumber && !toPack) throw new AppError("CONFLICT", api.packingSlipNotReady);
  return { row, invoiceNumber, lines: await findOrderLines(db, orderId) };
}

/** A slip's file is named by its invoice, or by the order's number before it has one. */
const slipName = (row: Row, invoiceNumber: string | null) =>
  invoiceNumber ? fileSafe(invoiceNumber) : `order-${row.order.number}`;

/**
 * The buyer (rule 46(e)): billed at the order's address (checkout asks for no other), a registered
 * buyer under the business's legal name with its GSTIN, the email for those who may see it.
 */
function buyerParty(row: Row, viewer: Viewer): Party {
  const { user, order } = row;
  const address = order.shippingAddress;
  const person = fullName(user) || fullName(address.name);
  const business = order.buyerGstin ? address.legalName : null;
  return {
    name: business || person,
    lines: [
      ...addressLines(address),
      ...(order.buyerGstin ? [words.buyerGstin(order.buyerGstin)] : []),
      ...(seesCustomerDetails(viewer, user.id) ? [user.email] : []),
    ],
  };
}

/** The place of supply as the documents print it ("27-Maharashtra"), and whether it levies UTGST. */
function supplyOf(order: Row["order"]) {
  return {
    placeOfSupply: placeOfSupplyLabel(order.shippingAddress.state),
    utgst: indianState(order.shippingAddress.state)?.utgst ?? false,
  };
}

/** The GST tax invoice of a paid order, for its owner or staff. */
export async function orderInvoice(
  db: Database,
  viewer: Viewer,
  orderId: string,
  seller: Seller,
): Promise<OrderDocument> {
  const { row, invoiceNumber, invoicedAt, lines } = await paidOrder(
    db,
    viewer,
    orderId,
    api.invoiceNotIssued,
  );
  const { order } = row;
  const figures = invoiceFigures(
    order,
    lines.map(({ item }) => item),
  );
  const money = pdfMoney({ code: order.currency, locale: seller.locale });
  const { payment } = row;
  // The supplier as the invoice stated it when issued; today's store only for one issued before invoices kept it.
  const supplier: Supplier = order.invoiceSupplier ?? seller;
  const pdf = await invoicePdf({
    seller: sellerParty(supplier),
    buyer: buyerParty(row, viewer),
    shipTo: shipToParty(order.shippingAddress, false),
    invoiceNumber,
    invoiceDate: shopDate(invoicedAt, seller.utcOffset),
    orderNumber: order.number,
    ...supplyOf(order),
    ewaybills: (await findShipmentsOfOrders(db, [order.id])).flatMap((parcel) =>
      parcel.ewaybillNo ? [parcel.ewaybillNo] : [],
    ),
    lines: lines.map(documentLine),
    figures,
    shippingMethod: order.shippingMethodName,
    amountInWords: amountInWords(figures.total, order.currency),
    // What paid it, part by part (decision 042); none yet for cash on delivery still to collect.
    paidWith:
      payment?.id && isTaken(payment.status)
        ? tenderParts(
            tendersOf(payment, order.storeCreditUsed).map((tender) =>
              tenderPart(tenderName(tender), money(tender.amount)),
            ),
          )
        : null,
    money,
    signature: signatureOf(supplier, seller),
  });
  return { pdf, filename: `invoice-${fileSafe(invoiceNumber)}.pdf` };
}

/**
 * The packing slip of a paid order, or of a cash on delivery order being prepared, for staff: lines,
 * SKUs and quantities, the address, no prices.
 */
export async function orderPackingSlip(
  db: Database,
  viewer: Viewer,
  orderId: string,
  seller: Seller,
): Promise<OrderDocument> {
  const { row, invoiceNumber, lines } = await packedOrder(db, viewer, orderId);
  const { order, user } = row;
  const pdf = await packingSlipPdf({
    seller: sellerParty(seller),
    shipTo: shipToParty(order.shippingAddress, seesCustomerDetails(viewer, user.id)),
    invoiceNumber,
    orderNumber: order.number,
    orderDate: shopDate(order.createdAt, seller.utcOffset),
    lines: lines.map((line) => ({ ...documentLine(line), quantity: line.item.quantity })),
  });
  return { pdf, filename: `packing-slip-${slipName(row, invoiceNumber)}.pdf` };
}

/** The packing slip of one shipment of an order: only its lines and units, with its carrier and number (staff). */
export async function shipmentPackingSlip(
  db: Database,
  viewer: Viewer,
  orderId: string,
  shipmentId: string,
  seller: Seller,
): Promise<OrderDocument> {
  const { row, invoiceNumber, lines } = await packedOrder(db, viewer, orderId);
  const shipment = (await findShipmentsOfOrders(db, [orderId])).find((found) => found.id === shipmentId);
  if (!shipment) throw new AppError("NOT_FOUND", api.shipmentNotFound);
  const units = new Map(shipment.lines.map((line) => [line.itemId, line.quantity]));
  const { order, user } = row;
  const pdf = await packingSlipPdf({
    seller: sellerParty(seller),
    shipTo: shipToParty(order.shippingAddress, seesCustomerDetails(viewer, user.id)),
    invoiceNumber,
    orderNumber: order.number,
    orderDate: shopDate(order.createdAt, seller.utcOffset),
    shipment: words.shipmentLine(shipment.carrier, shipment.trackingNumber),
    lines: lines
      .filter((line) => units.has(line.item.id))
      .map((line) => ({ ...documentLine(line), quantity: units.get(line.item.id) ?? 0 })),
  });
  return { pdf, filename: `packing-slip-${slipName(row, invoiceNumber)}-${shipment.id.slice(-6)}.pdf` };
}

/** The credit note of a completed refund of an order, for the order's owner or staff; 404 for anything else. */
export async function orderCreditNote(
  db: Database,
  viewer: Viewer,
  orderId: string,
  refundId: string,
  seller: Seller,
): Promise<OrderDocument> {
  // An unpaid order has no refunds: its credit notes are as missing as anyone else's.
  const { row, invoiceNumber, invoicedAt, lines } = await paidOrder(
    db,
    viewer,
    orderId,
    api.creditNoteNotFound,
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "CONFLICT")
      throw new AppError("NOT_FOUND", api.creditNoteNotFound);
    throw error;
  });
  const refund = await findRefund(db, refundId);
  if (
    !refund ||
    refund.orderId !== orderId ||
    refund.status !== "completed" ||
    !refund.creditNoteNumber ||
    !refund.refundedAt
  )
    throw new AppError("NOT_FOUND", api.creditNoteNotFound);
  const { order } = row;
  const recorded = await findRefundLines(db, refund.id);
  const figures = creditNoteFigures(order.supplyType, recorded, refund.amount);
  const byId = new Map(lines.map((line) => [line.item.id, line]));
  const named = recorded.map((line) => {
    const item = line.itemId ? byId.get(line.itemId) : undefined;
    if (item) {
      const document = documentLine(item);
      return { label: lineLabel(document), hsnCode: item.item.hsnCode, ...document };
    }
    return {
      label: line.kind === "shipping" ? words.shippingBy(order.shippingMethodName) : words.codFee,
      hsnCode: null,
      hsnDescription: "",
      uqc: "",
    };
  });
  // The supplier as the note stated it when issued; today's store only for a note issued before notes kept it.
  const supplier: Supplier = refund.creditNoteSupplier ?? seller;
  const pdf = await creditNotePdf({
    seller: sellerParty(supplier),
    buyer: buyerParty(row, viewer),
    shipTo: shipToParty(order.shippingAddress, false),
    creditNoteNumber: refund.creditNoteNumber,
    creditNoteDate: shopDate(refund.refundedAt, seller.utcOffset),
    invoiceNumber,
    invoiceDate: shopDate(invoicedAt, seller.utcOffset),
    orderNumber: order.number,
    ...supplyOf(order),
    reason: refund.reason,
    reference: refund.reference,
    lines: named,
    figures,
    amountInWords: amountInWords(figures.total, order.currency),
    money: pdfMoney({ code: order.currency, locale: seller.locale }),
    signature: signatureOf(supplier, seller),
  });
  return { pdf, filename: `credit-note-${fileSafe(refund.creditNoteNumber)}.pdf` };
}
