/**
 * A cash on delivery remittance file (PUT /cod-remittances): the aggregator's rows of the COD cash it
 * paid the shop, by AWB, and what the upload made of them.
 */
import { z } from "zod";

/** The most rows a remittance file holds (the upload's body limit follows from it). */
export const REMITTANCE_MAX_ROWS = 10_000;

/**
 * A row whose money is not what the shop expected: an AWB of a COD parcel whose amount differs from
 * what its courier was to collect, or an AWB of no COD parcel of the shop (`order` and `expected` null).
 */
export const RemittanceDifferenceDto = z.object({
  awb: z.string(),
  /** The parcel's order number (#1001 is 1001); null for an AWB of no COD parcel. */
  order: z.number().int().nullable(),
  /** What the courier was to collect; null for an AWB of no COD parcel (or a parcel that names no amount). */
  expected: z.number().nullable(),
  /** What the file says was remitted. */
  remitted: z.number(),
});
export type RemittanceDifferenceDto = z.infer<typeof RemittanceDifferenceDto>;

/** What an upload did: rows of COD parcels, parcels marked remitted by it, and the rows to look into. */
export const RemittanceUploadDto = z.object({
  /** Rows whose AWB is a COD parcel of the shop. */
  matched: z.number().int(),
  /** Parcels this upload marked remitted (none already remitted: a file uploaded again remits nothing). */
  remitted: z.number().int(),
  differences: z.array(RemittanceDifferenceDto),
});
export type RemittanceUploadDto = z.infer<typeof RemittanceUploadDto>;
