/**
 * SQL of the COD remittance files (db/schema/shipments.ts): the COD parcels of a file's AWBs, their
 * marking as remitted, and the file's rows kept; and the report's figures of COD money.
 */
import { sql } from "drizzle-orm";
import { newId } from "#api/core/ids";
import type { Database } from "#api/db/client";
import { codRemittances, orderShipments } from "#api/db/schema/shipments";

/** A cash on delivery parcel booked through Shiprocket, found by its AWB. */
export interface CodParcel {
  id: string;
  awb: string;
  /** Its order's number (#1001 is 1001). */
  orderNumber: number;
  /** What its courier was to collect, in paise; null when the parcel names no amount. */
  expectedCents: number | null;
  remitted: boolean;
}

/** Text of a numeric money column as integer paise, exactly ("1299.50" → 129950). */
export function centsOfNumeric(text: string | null): number | null {
  if (text === null) return null;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}

/**
 * The COD parcels of these AWBs, their rows locked for the upload's transaction (two uploads of one
 * parcel's rows wait on each other): one look-up of the AWB index per AWB.
 */
export async function codParcelsByAwb(db: Database, awbs: readonly string[]): Promise<CodParcel[]> {
  if (awbs.length === 0) return [];
  const rows = await db.execute<{
    id: string;
    awb: string;
    number: number;
    cod_amount: string | null;
    remitted: boolean;
  }>(sql`
    select s.id, s.tracking_number as awb, o.number, s.cod_amount::text as cod_amount,
           s.cod_remitted_at is not null as remitted
    from order_shipments s
    join orders o on o.id = s.order_id
    where s.provider = 'shiprocket' and s.cash_on_delivery
      and s.tracking_number = any(${sql.param([...awbs])}::text[])
    for update of s`);
  return rows.rows.map((row) => ({
    id: row.id,
    awb: row.awb,
    orderNumber: Number(row.number),
    expectedCents: centsOfNumeric(row.cod_amount),
    remitted: row.remitted,
  }));
}

/**
 * Marks parcels remitted on the day given (the shop's midnight of it); one the courier had not been
 * seen collecting is collected as of then (the money came, so it was). One not remitted already only:
 * the ids of those it marked.
 */
export async function markRemitted(
  db: Database,
  parcels: readonly { id: string; at: Date }[],
): Promise<string[]> {
  if (parcels.length === 0) return [];
  const rows = await db.execute<{ id: string }>(sql`
    update ${orderShipments} s
    set cod_remitted_at = r.at, cod_collected_at = coalesce(s.cod_collected_at, r.at)
    from unnest(${sql.param(parcels.map((p) => p.id))}::char(24)[],
                ${sql.param(parcels.map((p) => p.at.toISOString()))}::timestamptz[]) as r(id, at)
    where s.id = r.id and s.cod_remitted_at is null
    returning s.id`);
  return rows.rows.map((row) => row.id);
}

/** A file's row as kept: its parcel (null for an AWB of no COD parcel) and what it expected, in paise. */
export interface RemittanceRecord {
  awb: string;
  shipmentId: string | null;
  amountCents: number;
  expectedCents: number | null;
  remittedOn: string;
  utr: string;
}

/** Paise as numeric's text (129950 → "1299.50"), with no float on the way. */
function decimalOf(cents: number | null): string | null {
  if (cents === null) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Rows written per statement. */
const INSERT_BATCH = 5_000;

/** Keeps a file's rows; a row of an AWB and UTR kept already is left as it was. Answers how many were new. */
export async function insertRemittances(db: Database, rows: readonly RemittanceRecord[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const part = rows.slice(start, start + INSERT_BATCH);
    const result = await db.execute<{ id: string }>(sql`
      insert into ${codRemittances} (id, awb, shipment_id, amount, expected, remitted_on, utr)
      select r.id, r.awb, r.shipment_id, r.amount, r.expected, r.remitted_on, r.utr
      from unnest(${sql.param(part.map(() => newId()))}::char(24)[],
                  ${sql.param(part.map((row) => row.awb))}::text[],
                  ${sql.param(part.map((row) => row.shipmentId))}::char(24)[],
                  ${sql.param(part.map((row) => decimalOf(row.amountCents)))}::numeric(12,2)[],
                  ${sql.param(part.map((row) => decimalOf(row.expectedCents)))}::numeric(12,2)[],
                  ${sql.param(part.map((row) => row.remittedOn))}::date[],
                  ${sql.param(part.map((row) => row.utr))}::text[])
        as r(id, awb, shipment_id, amount, expected, remitted_on, utr)
      on conflict (awb, utr) do nothing
      returning id`);
    inserted += result.rows.length;
  }
  return inserted;
}

/** The report's COD money, in paise: collected and remitted in the period, held by couriers now. */
export interface CodMoneyRow {
  collectedCents: number;
  awaitingCount: number;
  awaitingCents: number;
  remittedCents: number;
}

/**
 * One statement of three sums in numeric: the COD parcels collected in the period (from `since` to
 * before `before`), those collected and not remitted now (the partial index
 * order_shipments_cod_awaiting_idx holds exactly them), and the remittance rows dated from `from` to
 * `to` (the shop's days).
 */
export async function readCodMoney(
  db: Database,
  period: { since: Date; before: Date; from: string; to: string },
): Promise<CodMoneyRow> {
  const rows = await db.execute<{
    collected: string;
    awaiting_count: string;
    awaiting: string;
    remitted: string;
  }>(sql`
    select
      (select coalesce(sum(cod_amount), 0)::text from order_shipments
        where cash_on_delivery and cod_collected_at >= ${period.since} and cod_collected_at < ${period.before})
        as collected,
      a.count as awaiting_count, a.amount as awaiting,
      (select coalesce(sum(amount), 0)::text from cod_remittances
        where remitted_on >= ${period.from}::date and remitted_on <= ${period.to}::date) as remitted
    from (
      select count(*)::text as count, coalesce(sum(cod_amount), 0)::text as amount from order_shipments
      where cod_collected_at is not null and cod_remitted_at is null
    ) a`);
  const row = rows.rows[0];
  return {
    collectedCents: centsOfNumeric(row?.collected ?? "0") ?? 0,
    awaitingCount: Number(row?.awaiting_count ?? 0),
    awaitingCents: centsOfNumeric(row?.awaiting ?? "0") ?? 0,
    remittedCents: centsOfNumeric(row?.remitted ?? "0") ?? 0,
  };
}
