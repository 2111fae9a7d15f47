/**
 * SQL for the GSTR-1 report (GET /reports/gst): a month's invoices and credit notes as their documents
 * printed them (the order's and its lines' taxable values, CGST, SGST, IGST; the credit note's lines),
 * never worked out again from today's settings. Amounts are read in integer cents (`bigint`).
 */
import { sql } from "drizzle-orm";
import type { Database } from "#api/db/client";
import { inCodeOrder, type Period } from "./repo";

/** What the report needs of the invoice a document belongs to (its own, or the one a credit note corrects). */
export interface InvoiceParty {
  orderId: string;
  invoiceNumber: string;
  invoicedAt: Date;
  /** The invoice value, COD fee included (cents). */
  invoiceValue: number;
  buyerGstin: string | null;
  /** The business's legal name the order's address gave with its GSTIN, else the person's name. */
  receiverName: string;
  supplyType: "intra-state" | "inter-state";
  /** The GST state code the order recorded ("27"), or null: then `state` (the address's, as typed) decides. */
  placeOfSupply: string | null;
  state: string;
  /**
   * The HSN code and name of the order's principal supply: its highest-rate line (the largest on a
   * tie). Read for credit notes; null for the invoices readInvoiceSums lists, whose sums already put
   * the taxed charges (shipping, the COD fee) under it.
   */
  principalHsn: string | null;
  /** Its HSN code's description as the line recorded it ("" for a line from before: its chapter's name). */
  principalName: string;
  /** Its unit (UQC), which taxed shipping is counted under in table 12. */
  principalUqc: string;
  /** The GSTR-1 table the invoice goes to (sectionOf). */
  section: Section;
}

/** The GSTR-1 table of an invoice: to a registered buyer, inter-state above the B2CL limit, or any other. */
export type Section = "b2b" | "b2cl" | "b2cs";

/**
 * Inter-state invoices to unregistered buyers go to B2CL above this value (cents), and above
 * `aboveBefore` when dated before `loweredAt` (gst-service.ts names the law).
 */
export interface B2clLimit {
  above: number;
  aboveBefore: number;
  loweredAt: Date;
}

export interface CreditNoteRow extends InvoiceParty {
  refundId: string;
  noteNumber: string;
  refundedAt: Date;
  /** What the credit note gives back (cents), COD fee included. */
  noteValue: number;
}

/** A taxed row of a document: a goods line, or its shipping or COD fee taxed with the goods, as printed (cents). */
export interface TaxedLine {
  /** The order (for an invoice) or refund (for a credit note) it belongs to. */
  documentId: string;
  /** The order line it is or gives back from (null for a charge). */
  line: string | null;
  kind: "goods" | "shipping" | "cod_fee";
  hsn: string | null;
  /** The HSN code's description as the line recorded it (its principal supply's, for shipping). */
  name: string;
  /** The unit (UQC) of its units: its line's, or its principal supply's for shipping. */
  uqc: string;
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

/** The GSTR-1 table of the invoice of `orders o`: its buyer, its supply type and its value on its own date. */
const sectionOf = (limit: B2clLimit) => sql`case
    when o.buyer_gstin is not null and o.buyer_gstin <> '' then 'b2b'
    when o.supply_type = 'inter-state' and ${cents("o.total_amount")} > (case when o.invoiced_at < ${limit.loweredAt}
      then ${limit.aboveBefore}::bigint else ${limit.above}::bigint end) then 'b2cl'
    else 'b2cs' end`;

/** The sums of taxed rows `l`, in cents. */
const SUMS = sql`sum(l."taxableValue")::bigint as "taxableValue", sum(l.igst)::bigint as igst,
  sum(l.cgst)::bigint as cgst, sum(l.sgst)::bigint as sgst`;

/** The invoice's party columns of `orders o`, without its principal line. */
const PARTY_ALONE = sql`
  o.id as "orderId", o.invoice_number as "invoiceNumber", o.invoiced_at as "invoicedAt",
  ${cents("o.total_amount")} as "invoiceValue", o.buyer_gstin as "buyerGstin",
  coalesce(nullif(trim(o.shipping_address ->> 'legalName'), ''),
    trim(coalesce(o.shipping_address -> 'name' ->> 'firstName', '') || ' ' ||
    coalesce(o.shipping_address -> 'name' ->> 'lastName', ''))) as "receiverName",
  o.supply_type as "supplyType", o.place_of_supply as "placeOfSupply",
  coalesce(o.shipping_address ->> 'state', '') as "state"`;

/** The invoice's party columns of `orders o`, with its principal line `p` (PRINCIPAL). */
const PARTY = sql`${PARTY_ALONE}, p.hsn_code as "principalHsn", coalesce(p.hsn_description, '') as "principalName",
  coalesce(p.uqc, 'NOS') as "principalUqc"`;

/** The order's principal supply: the highest-rate line, the largest taxable value first on a tie. */
const PRINCIPAL = sql`left join lateral (
    select i.hsn_code, i.hsn_description, i.uqc from order_items i where i.order_id = o.id
    order by i.tax_rate desc, i.taxable_value desc, i.id limit 1
  ) p on true`;

type Raw<T> = {
  [K in keyof T]: T[K] extends number ? string | number : T[K] extends Date ? string | Date : T[K];
};

function party(row: Raw<InvoiceParty>): InvoiceParty {
  return { ...row, invoiceValue: Number(row.invoiceValue), invoicedAt: new Date(row.invoicedAt) };
}

/** The sums of taxed rows: taxable value, IGST, CGST, SGST (cents). */
export interface Sums {
  taxableValue: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/** Adds `line`'s sums into `sums` (takes them away with `sign` -1). */
export function addTo(sums: Sums, line: Sums, sign: 1 | -1 = 1) {
  sums.taxableValue += sign * line.taxableValue;
  sums.igst += sign * line.igst;
  sums.cgst += sign * line.cgst;
  sums.sgst += sign * line.sgst;
}

/** The B2CS invoices' taxed rows of one place of supply (as the order recorded it) and rate, summed. */
export interface ConsumerSums extends Sums {
  placeOfSupply: string | null;
  state: string;
  rate: number;
}

/**
 * The invoices' taxed rows of one HSN code and rate, for registered buyers or consumers, summed; taxed
 * shipping goes under the HSN code of its order's principal supply, adding no quantity.
 */
export interface HsnSums extends Sums {
  registered: boolean;
  hsn: string;
  /** The unit (UQC) the group's units are counted in. */
  uqc: string;
  rate: number;
  quantity: number;
  /** The HSN description of the group's largest goods line (its principal supply's, for shipping alone). */
  description: string;
  /** That line's taxable value (cents); null when the group holds shipping alone. */
  largest: number | null;
  /** That line's id (null for shipping alone): the first by id names the group on a tie. */
  largestLine: string | null;
  /** The group's largest row, goods or shipping (cents): names a group of shipping alone. */
  largestRow: number;
}

/** A numbering series of invoices: the number without its running digits, its first and last, how many. */
export interface Series {
  prefix: string;
  first: string;
  last: string;
  total: number;
}

/** A month's invoices as GSTR-1 reads them, summed in SQL: only B2B and B2CL list each document. */
export interface InvoiceSums {
  /** The B2B and B2CL invoices, by number. */
  invoices: InvoiceParty[];
  /** Their taxed rows. */
  lines: TaxedLine[];
  consumers: ConsumerSums[];
  hsn: HsnSums[];
  series: Series[];
}

/**
 * The invoices dated in the period, summed where GSTR-1 sums them: the B2CS invoices by place of
 * supply and rate, every invoice's taxed rows by HSN code and rate, their numbers by series; the B2B
 * and B2CL invoices are listed with their rows. NOTE: one statement: a month at a million orders
 * holds 42 000 invoices and 85 000 lines, which sent whole to be added up in Node.js cost more than
 * reading them.
 */
export async function readInvoiceSums(
  db: Database,
  period: Pick<Period, "since" | "before">,
  limit: B2clLimit,
  gstin: string,
): Promise<InvoiceSums> {
  const result = await db.execute<{
    invoices: Raw<InvoiceParty>[];
    lines: Raw<TaxedLine>[];
    consumers: ConsumerSums[];
    hsn: HsnSums[];
    series: Series[];
  }>(sql`
    with invoice as materialized (
      select o.id, o.invoice_number, ${sectionOf(limit)} as section, o.buyer_gstin is not null and o.buyer_gstin <> '' as registered,
        o.place_of_supply, coalesce(o.shipping_address ->> 'state', '') as state, o.shipping_tax_rate,
        o.shipping_taxable, o.shipping_tax, o.shipping_cgst, o.shipping_sgst, o.shipping_igst,
        o.cod_fee_tax_rate, o.cod_fee_taxable, o.cod_fee_cgst, o.cod_fee_sgst, o.cod_fee_igst
      from orders o
      where o.invoice_number is not null and o.invoiced_at >= ${period.since} and o.invoiced_at < ${period.before}
        and o.invoice_gstin = ${gstin}
    ),
    -- Each taxed row with what the tables group it by: its invoice's table, buyer and place of supply,
    -- and its HSN code and name (a taxed charge's, shipping's or the COD fee's, are its order's principal
    -- supply's, PRINCIPAL; a charge outside GST records no taxable value or GST and is no row).
    line as materialized (
      select o.id as "documentId", i.id as line, 'goods' as kind, i.hsn_code as hsn,
        coalesce(i.hsn_description, '') as name, i.uqc, i.quantity,
        i.tax_rate as rate, ${cents("i.taxable_value")} as "taxableValue", ${cents("i.cgst")} as cgst,
        ${cents("i.sgst")} as sgst, ${cents("i.igst")} as igst, o.section, o.registered, o.place_of_supply,
        o.state, coalesce(i.hsn_code, '') as group_hsn, coalesce(i.hsn_description, '') as group_name
      from invoice o join order_items i on i.order_id = o.id
      union all
      select o.id, null, 'shipping', null, '', coalesce(p.uqc, 'NOS'), 0, o.shipping_tax_rate,
        ${cents("o.shipping_taxable")}, ${cents("o.shipping_cgst")},
        ${cents("o.shipping_sgst")}, ${cents("o.shipping_igst")}, o.section, o.registered, o.place_of_supply,
        o.state, coalesce(p.hsn_code, ''), coalesce(p.hsn_description, '')
      from invoice o ${PRINCIPAL}
      where o.shipping_taxable <> 0 or o.shipping_tax <> 0
      union all
      select o.id, null, 'cod_fee', null, '', coalesce(p.uqc, 'NOS'), 0, o.cod_fee_tax_rate,
        ${cents("o.cod_fee_taxable")}, ${cents("o.cod_fee_cgst")},
        ${cents("o.cod_fee_sgst")}, ${cents("o.cod_fee_igst")}, o.section, o.registered, o.place_of_supply,
        o.state, coalesce(p.hsn_code, ''), coalesce(p.hsn_description, '')
      from invoice o ${PRINCIPAL}
      where o.cod_fee_taxable <> 0 or o.cod_fee_cgst + o.cod_fee_sgst + o.cod_fee_igst <> 0
    ),
    hsn as materialized (
      select l.registered, l.group_hsn as hsn, l.uqc, l.rate, sum(l.quantity) as quantity, ${SUMS},
        max(case when l.kind = 'goods' then l."taxableValue" end) as largest, max(l."taxableValue") as "largestRow"
      from line l group by 1, 2, 3, 4
    ),
    -- Each group named by its largest goods row (the first by id on a tie), a group of shipping alone by
    -- its largest row's principal supply. NOTE: the rows of a group's largest value are picked first,
    -- then joined to their group: an ordered aggregate, or a join of every row, sorted all of a month's
    -- 85 000 lines (150-230 ms).
    hsn_named as (
      select distinct on (h.registered, h.hsn, h.uqc, h.rate) h.*, l.group_name as description, l.line as "largestLine"
      from hsn h join line l on l.registered = h.registered and l.group_hsn = h.hsn and l.uqc = h.uqc and l.rate = h.rate
        and l."taxableValue" = coalesce(h.largest, h."largestRow") and (h.largest is null or l.kind = 'goods')
      where l."taxableValue" = any(array(select coalesce(x.largest, x."largestRow") from hsn x))
      order by h.registered, h.hsn, h.uqc, h.rate, l.line collate "C"
    ),
    -- An invoice number's series (the number without its running digits) and its running number.
    numbered as materialized (
      select n.prefix, n.number, coalesce(nullif(substr(n.number, length(n.prefix) + 1), '')::numeric, 0) as running
      from (select o.invoice_number as number, rtrim(o.invoice_number, '0123456789') as prefix from invoice o) n
    ),
    series as (
      select n.prefix, count(*)::integer as total, min(n.running) as low, max(n.running) as high
      from numbered n group by n.prefix
    )
    select
      (select coalesce(json_agg(d order by d."invoiceNumber" collate "C"), '[]') from (
        select ${PARTY_ALONE}, v.section, null as "principalHsn", '' as "principalName", 'NOS' as "principalUqc"
        from invoice v join orders o on o.id = v.id where v.section <> 'b2cs'
      ) d) as invoices,
      (select coalesce(json_agg(l), '[]') from (
        select l."documentId", l.line, l.kind, l.hsn, l.name, l.uqc, l.quantity, l.rate, l."taxableValue", l.cgst, l.sgst, l.igst
        from line l where l.section <> 'b2cs'
      ) l) as lines,
      (select coalesce(json_agg(c), '[]') from (
        select l.place_of_supply as "placeOfSupply", l.state, l.rate, ${SUMS}
        from line l where l.section = 'b2cs'
        group by l.place_of_supply, l.state, l.rate
      ) c) as consumers,
      (select coalesce(json_agg(h), '[]') from (
        select h.registered, h.hsn, h.uqc, h.rate, h.quantity, h."taxableValue", h.igst, h.cgst, h.sgst, h.description,
          h.largest, h."largestLine", h."largestRow"
        from hsn_named h
      ) h) as hsn,
      -- A series' first and last: the lowest and highest running digits, the first number by
      -- character on a tie ("07" before "7").
      (select coalesce(json_agg(s), '[]') from (
        select s.prefix, s.total,
          (select min(n.number collate "C") from numbered n where n.prefix = s.prefix and n.running = s.low) as first,
          (select max(n.number collate "C") from numbered n where n.prefix = s.prefix and n.running = s.high) as last
        from series s
      ) s) as series
  `);
  const row = result.rows[0];
  return {
    invoices: (row?.invoices ?? []).map(party),
    lines: (row?.lines ?? []).map(taxedLine),
    consumers: row?.consumers ?? [],
    hsn: row?.hsn ?? [],
    series: row?.series ?? [],
  };
}

/**
 * A document number's place in its series: its running digits as a number (of any length, as SQL's
 * numeric reads them), then the whole number.
 */
export function beforeInSeries(a: string, b: string): number {
  const running = (number: string) => BigInt(/[0-9]*$/.exec(number)?.[0] || "0");
  const [x, y] = [running(a), running(b)];
  return x < y ? -1 : x > y ? 1 : inCodeOrder(a, b);
}

/**
 * The sums of invoices read in parts of a period (readInvoiceSums of each), as one read of the whole
 * would answer them: sums added, each HSN group named by its largest line over all parts (the first by
 * id on a tie), each series from the first of its firsts to the last of its lasts, the listed
 * invoices by number.
 */
export function mergeInvoiceSums(parts: readonly InvoiceSums[]): InvoiceSums {
  const consumers = new Map<string, ConsumerSums>();
  const hsn = new Map<string, HsnSums>();
  const series = new Map<string, Series>();
  for (const part of parts) {
    for (const row of part.consumers) {
      const key = JSON.stringify([row.placeOfSupply, row.state, row.rate]);
      const found = consumers.get(key);
      if (found) addTo(found, row);
      else consumers.set(key, { ...row });
    }
    for (const row of part.hsn) {
      const key = JSON.stringify([row.registered, row.hsn, row.uqc, row.rate]);
      const found = hsn.get(key);
      if (!found) {
        hsn.set(key, { ...row });
        continue;
      }
      addTo(found, row);
      found.quantity += row.quantity;
      // Named by the largest goods line; a group of shipping alone by its largest row.
      const names =
        found.largest === null && row.largest === null
          ? row.largestRow > found.largestRow
          : row.largest !== null &&
            (found.largest === null ||
              row.largest > found.largest ||
              (row.largest === found.largest &&
                inCodeOrder(row.largestLine ?? "", found.largestLine ?? "") < 0));
      if (names) {
        found.description = row.description;
        found.largest = row.largest;
        found.largestLine = row.largestLine;
      }
      found.largestRow = Math.max(found.largestRow, row.largestRow);
    }
    for (const row of part.series) {
      const found = series.get(row.prefix);
      if (!found) {
        series.set(row.prefix, { ...row });
        continue;
      }
      found.total += row.total;
      if (beforeInSeries(row.first, found.first) < 0) found.first = row.first;
      if (beforeInSeries(found.last, row.last) < 0) found.last = row.last;
    }
  }
  return {
    invoices: parts
      .flatMap((part) => part.invoices)
      .sort((a, b) => inCodeOrder(a.invoiceNumber, b.invoiceNumber)),
    lines: parts.flatMap((part) => part.lines),
    consumers: [...consumers.values()],
    hsn: [...hsn.values()],
    series: [...series.values()],
  };
}

/** The credit notes dated in the period (completed refunds), by number, with the invoice each corrects. */
export async function readCreditNotes(
  db: Database,
  period: Pick<Period, "since" | "before">,
  limit: B2clLimit,
  gstin: string,
): Promise<CreditNoteRow[]> {
  const result = await db.execute<Raw<CreditNoteRow>>(sql`
    select r.id as "refundId", r.credit_note_number as "noteNumber", r.refunded_at as "refundedAt",
      ${cents("r.amount")} as "noteValue", ${PARTY}, ${sectionOf(limit)} as section
    from refunds r join orders o on o.id = r.order_id ${PRINCIPAL}
    where r.status = 'completed' and r.credit_note_number is not null
      and r.refunded_at >= ${period.since} and r.refunded_at < ${period.before}
      and r.credit_note_gstin = ${gstin}
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
 * The credit notes' goods lines, with their invoice line's HSN code, and their charges (shipping, the
 * COD fee) where the invoice taxed them: a charge outside GST gives back no taxable value or GST.
 */
export async function readCreditNoteLines(
  db: Database,
  period: Pick<Period, "since" | "before">,
  gstin: string,
): Promise<TaxedLine[]> {
  const result = await db.execute<Raw<TaxedLine>>(sql`
    select l.refund_id as "documentId", l.item_id as line, l.kind, i.hsn_code as hsn,
      coalesce(i.hsn_description, '') as name, coalesce(i.uqc, 'NOS') as uqc, l.quantity,
      l.rate, ${cents("l.taxable_value")} as "taxableValue", ${cents("l.cgst")} as cgst,
      ${cents("l.sgst")} as sgst, ${cents("l.igst")} as igst
    from refunds r
    join orders o on o.id = r.order_id
    join refund_lines l on l.refund_id = r.id
    left join order_items i on i.id = l.item_id
    where r.status = 'completed' and r.credit_note_number is not null
      and r.refunded_at >= ${period.since} and r.refunded_at < ${period.before}
      and r.credit_note_gstin = ${gstin}
      -- NOTE: a charge is a taxed supply only where its invoice taxed it (decision 047); one outside
      -- GST comes back outside GST (no taxable value, no tax) and stays out of the tables.
      and (l.kind = 'goods' or l.taxable_value <> 0 or l.cgst + l.sgst + l.igst <> 0)
    order by r.credit_note_number, l.position
  `);
  return result.rows.map(taxedLine);
}

/**
 * The GSTINs other than `gstin` that issued documents dated in the period: a month in which the shop
 * changed its registration files a return under each (decision 048).
 */
export async function readOtherRegistrations(
  db: Database,
  period: Pick<Period, "since" | "before">,
  gstin: string,
): Promise<string[]> {
  const result = await db.execute<{ gstin: string }>(sql`
    select distinct o.invoice_gstin as gstin from orders o
    where o.invoice_number is not null and o.invoiced_at >= ${period.since} and o.invoiced_at < ${period.before}
      and o.invoice_gstin <> ${gstin}
    union
    select distinct r.credit_note_gstin from refunds r
    where r.status = 'completed' and r.refunded_at >= ${period.since} and r.refunded_at < ${period.before}
      and r.credit_note_gstin <> ${gstin}
    order by 1
  `);
  return result.rows.map((row) => row.gstin);
}

function taxedLine(row: Raw<TaxedLine>): TaxedLine {
  return {
    documentId: row.documentId,
    line: row.line,
    kind: row.kind,
    hsn: row.hsn,
    name: row.name,
    uqc: row.uqc,
    quantity: Number(row.quantity),
    rate: Number(row.rate),
    taxableValue: Number(row.taxableValue),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
  };
}
