/**
 * COD remittance files: what the aggregator (Shiprocket) paid the shop of the cash its couriers
 * collected, parcel by parcel. An upload marks the COD parcels it names remitted, keeps every row, and
 * answers the rows whose money is not what the shop expected, all in one transaction.
 */

import { remittanceApi } from "@shop/shared/messages";
import { fromCents } from "@shop/shared/pricing";
import type { RemittanceDifferenceDto, RemittanceUploadDto } from "@shop/shared/schemas/remittance";
import type { Database } from "#api/db/client";
import { type ActivityActor, recordActivity } from "#api/modules/activity/record";
import { readRemittanceCsv } from "./remittance-csv";
import {
  type CodMoneyRow,
  type CodParcel,
  codParcelsByAwb,
  insertRemittances,
  markRemitted,
  readCodMoney,
} from "./repo";

/**
 * The sales report's COD money, in paise (one statement, in the report's snapshot): the cash couriers
 * collected in the period, what they hold now not yet remitted, and what was remitted in the period.
 */
export function codMoneyFigures(
  db: Database,
  period: { since: Date; before: Date; from: string; to: string },
): Promise<CodMoneyRow> {
  return readCodMoney(db, period);
}

/**
 * Reads an uploaded remittance file (remittance-csv.ts: a wrong row refuses it all, 400) and, in one
 * transaction: each row's COD parcel found by its AWB (`matched` counts those rows); each matched
 * parcel not remitted yet marked remitted on its row's day (its earliest, for a parcel paid in parts)
 * and collected then if it was not (`remitted`); every row kept, a row of an AWB and UTR kept already
 * left as it was, so that a file uploaded twice remits nothing twice; the upload in the activity log.
 * `differences`: rows whose amount is not the parcel's COD amount, and rows of no COD parcel.
 * `utcOffset`: the shop's clock, whose midnight of a row's day the parcel is remitted at.
 */
export async function uploadRemittances(
  db: Database,
  csv: string,
  actor: ActivityActor,
  utcOffset: string,
): Promise<RemittanceUploadDto> {
  const rows = readRemittanceCsv(csv);
  return db.transaction(async (tx) => {
    const parcels = new Map<string, CodParcel>(
      (await codParcelsByAwb(tx, [...new Set(rows.map((row) => row.awb))])).map((p) => [p.awb, p]),
    );
    const differences: RemittanceDifferenceDto[] = [];
    // The day each parcel not yet remitted is remitted on: its earliest row's.
    const days = new Map<string, string>();
    let matched = 0;
    for (const row of rows) {
      const parcel = parcels.get(row.awb);
      if (!parcel) {
        differences.push({ awb: row.awb, order: null, expected: null, remitted: fromCents(row.amountCents) });
        continue;
      }
      matched += 1;
      if (parcel.expectedCents !== row.amountCents)
        differences.push({
          awb: row.awb,
          order: parcel.orderNumber,
          expected: parcel.expectedCents === null ? null : fromCents(parcel.expectedCents),
          remitted: fromCents(row.amountCents),
        });
      const day = days.get(parcel.id);
      if (!parcel.remitted && (day === undefined || row.remittedOn < day))
        days.set(parcel.id, row.remittedOn);
    }
    const marked = await markRemitted(
      tx,
      [...days].map(([id, day]) => ({ id, at: new Date(`${day}T00:00:00${utcOffset}`) })),
    );
    const kept = await insertRemittances(
      tx,
      rows.map((row) => {
        const parcel = parcels.get(row.awb);
        return {
          awb: row.awb,
          shipmentId: parcel?.id ?? null,
          amountCents: row.amountCents,
          expectedCents: parcel?.expectedCents ?? null,
          remittedOn: row.remittedOn,
          utr: row.utr,
        };
      }),
    );
    const utrs = [...new Set(rows.map((row) => row.utr))].sort();
    // The file is filed under the shipping settings' section: it is about no one order.
    await recordActivity(
      tx,
      actor,
      "shipment.cod_remitted",
      { type: "settings", id: "shipping", label: remittanceApi.activityLabel },
      null,
      {
        rows: rows.length,
        kept,
        matched,
        remitted: marked.length,
        differences: differences.length,
        utrs: utrs.slice(0, 20),
      },
    );
    return { matched, remitted: marked.length, differences };
  });
}
