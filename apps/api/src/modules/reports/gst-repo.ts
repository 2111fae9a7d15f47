/**
 * SQL for the GSTR-1 report (GET /reports/gst): a month's invoices and credit notes as their documents
 * printed them (the order's and its lines' taxable values, CGST, SGST, IGST; the credit note's lines),
 * never worked out again from today's settings. Amounts are read in integer cents (`bigint`).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import type { Period } from "./repo";

/** What the report needs of the invoice a document belongs to (its own, or the one a credit note corrects). */
export interface InvoiceParty {
  orderId: string;
  invoiceNumber: string;
  invoicedAt: Date;
  /** The invoice value, COD fee included (cents). */
  invoiceValue: number;
  buyerGstin: string | null;
  receiverName: string;
  supplyType: "intra-state" | "inter-state";
  /** The GST state code the order recorded ("27"), or null: then `state` (the address's, as typed) decides. */
  placeOfSupply: string | null;
  state: string;
  /** The HSN code and name of the order's principal supply: its highest-rate line (the largest on a tie). */
  principalHsn: string | null;
  principalName: string;
}

export interface CreditNoteRow extends InvoiceParty {
  refundId: string;
  noteNumber: string;
  refundedAt: Date;
  /** What the credit note gives back (cents), COD fee included. */
  noteValue: number;
}

/** A taxed row of a document: a goods line or its shipping, as printed (cents). */
export interface TaxedLine {
  /** The order (for an invoice) or refund (for a credit note) it belongs to. */
  documentId: string;
  /** The order line it is or gives back from (null for shipping). */
  line: string | null;
  kind: "goods" | "shipping";
  hsn: string | null;
  name: string;
  /** Units: an invoice line's, or those a credit note line gives back (0 for shipping and value alone). */
  quantity: number;
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** A money column (or a difference of two) in cents; `expr` is always a literal of this file. */
const cents = (expr: string) => sql.raw(`(${expr} * 100)::bigint`);

/** The invoice's party columns of `orders o`, without its principal line. */
const PARTY_ALONE = sql`
  o.id as "orderId", o.invoice_number as "invoiceNumber", o.invoiced_at as "invoicedAt",
  ${cents("o.total_amount")} as "invoiceValue", o.buyer_gstin as "buyerGstin",
  trim(coalesce(o.shipping_address -> 'name' ->> 'firstName', '') || ' ' ||
    coalesce(o.shipping_address -> 'name' ->> 'lastName', '')) as "receiverName",
  o.supply_type as "supplyType", o.place_of_supply as "placeOfSupply",
  coalesce(o.shipping_address ->> 'state', '') as "state"`;

/** The invoice's party columns of `orders o`, with its principal line `p` (PRINCIPAL). */
const PARTY = sql`${PARTY_ALONE}, p.hsn_code as "principalHsn", coalesce(p.name, '') as "principalName"`;

/** The order's principal supply: the highest-rate line, the largest taxable value first on a tie. */
const PRINCIPAL = sql`left join lateral (
    select i.hsn_code, i.name from order_items i where i.order_id = o.id
    order by i.tax_rate desc, i.taxable_value desc, i.id limit 1
  ) p on true`;

type Raw<T> = {
  [K in keyof T]: T[K] extends number ? string | number : T[K] extends Date ? string | Date : T[K];
};

function party(row: Raw<InvoiceParty>): InvoiceParty {
  return { ...row, invoiceValue: Number(row.invoiceValue), invoicedAt: new Date(row.invoicedAt) };
}

/**
 * The invoices dated in the period, by number, without their principal supply (`principalHsn` null):
 * gst-service.ts finds it among the lines readInvoiceLines reads. NOTE: looked up here, a month's tens
 * of thousands of invoices each read and sorted their lines a second time.
 */
export async function readInvoices(
  db: Database,
  period: Pick<Period, "since" | "before">,
): Promise<InvoiceParty[]> {
  const result = await db.execute<Raw<InvoiceParty>>(sql`
    select ${PARTY_ALONE}, null as "principalHsn", '' as "principalName"
    from orders o
    where o.invoice_number is not null and o.invoiced_at >= ${period.since} and o.invoiced_at < ${period.before}
    order by o.invoice_number
  `);
  return result.rows.map(party);
}

/** The invoices' goods lines, and their shipping when its price carried GST (a taxed row of the invoice). */
export async function readInvoiceLines(
  db: Database,
  period: Pick<Period, "since" | "before">,
): Promise<TaxedLine[]> {
  const result = await db.execute<Raw<TaxedLine>>(sql`
    with invoice as (
      -- NOTE: only the columns read below: the whole of each order (its addresses and the rest) kept
      -- for the two reads of it took most of this statement at a month's 42 000 invoices.
      select o.id, o.shipping_tax_rate, o.shipping_amount, o.shipping_tax, o.shipping_cgst, o.shipping_sgst,
        o.shipping_igst
      from orders o
      where o.invoice_number is not null and o.invoiced_at >= ${period.since} and o.invoiced_at < ${period.before}
    )
    select i.order_id as "documentId", i.id as line, 'goods' as kind, i.hsn_code as hsn, i.name, i.quantity,
      i.tax_rate as rate, ${cents("i.taxable_value")} as "taxableValue", ${cents("i.cgst")} as cgst,
      ${cents("i.sgst")} as sgst, ${cents("i.igst")} as igst
    from invoice o join order_items i on i.order_id = o.id
    union all
    select o.id, null, 'shipping', null, '', 0, o.shipping_tax_rate,
      ${cents("(o.shipping_amount - o.shipping_tax)")}, ${cents("o.shipping_cgst")},
      ${cents("o.shipping_sgst")}, ${cents("o.shipping_igst")}
    from invoice o
    where o.shipping_tax > 0
  `);
  return result.rows.map(taxedLine);
}

/** The credit notes dated in the period (completed refunds), by number, with the invoice each corrects. */
export async function readCreditNotes(
  db: Database,
  period: Pick<Period, "since" | "before">,
): Promise<CreditNoteRow[]> {
  const result = await db.execute<Raw<CreditNoteRow>>(sql`
    select r.id as "refundId", r.credit_note_number as "noteNumber", r.refunded_at as "refundedAt",
      ${cents("r.amount")} as "noteValue", ${PARTY}
    from refunds r join orders o on o.id = r.order_id ${PRINCIPAL}
    where r.status = 'completed' and r.credit_note_number is not null
      and r.refunded_at >= ${period.since} and r.refunded_at < ${period.before}
    order by r.credit_note_number
  `);
  return result.rows.map((row) => ({
    ...party(row),
    refundId: row.refundId,
    noteNumber: row.noteNumber,
    refundedAt: new Date(row.refundedAt),
    noteValue: Number(row.noteValue),
  }));
}

/**
 * The credit notes' goods lines, with their invoice line's HSN code, and their shipping where the invoice
 * taxed it (the COD fee is outside GST).
 */
export async function readCreditNoteLines(
  db: Database,
  period: Pick<Period, "since" | "before">,
): Promise<TaxedLine[]> {
  const result = await db.execute<Raw<TaxedLine>>(sql`
    select l.refund_id as "documentId", l.item_id as line, l.kind, i.hsn_code as hsn, coalesce(i.name, '') as name, l.quantity,
      l.rate, ${cents("l.taxable_value")} as "taxableValue", ${cents("l.cgst")} as cgst,
      ${cents("l.sgst")} as sgst, ${cents("l.igst")} as igst
    from refunds r
    join orders o on o.id = r.order_id
    join refund_lines l on l.refund_id = r.id
    left join order_items i on i.id = l.item_id
    where r.status = 'completed' and r.credit_note_number is not null
      and r.refunded_at >= ${period.since} and r.refunded_at < ${period.before}
      -- NOTE: shipping is a taxed supply only where its invoice taxed it (GST within its price); shipping
      -- charged beside the tax comes back as its invoice charged it, outside the tables like the COD fee.
      and (l.kind = 'goods' or (l.kind = 'shipping' and o.shipping_tax > 0))
    order by r.credit_note_number, l.position
  `);
  return result.rows.map(taxedLine);
}

function taxedLine(row: Raw<TaxedLine>): TaxedLine {
  return {
    documentId: row.documentId,
    line: row.line,
    kind: row.kind,
    hsn: row.hsn,
    name: row.name,
    quantity: Number(row.quantity),
    rate: Number(row.rate),
    taxableValue: Number(row.taxableValue),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
  };
}
