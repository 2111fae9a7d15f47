/** Mounted at /api/cod-remittances: the aggregator's COD remittance files, uploaded by admins. */
import { envelope } from "@shop/shared/api";
import { remittanceApi } from "@shop/shared/messages";
import { REMITTANCE_MAX_ROWS, RemittanceUploadDto } from "@shop/shared/schemas/remittance";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "#api/http/envelope";
import { requireAdmin, userOf } from "#api/http/session";
import { COLUMN_NAMES } from "./remittance-csv";
import { uploadRemittances } from "./service";

/** Bytes of a file: its most rows at 200 bytes each (an AWB, an amount, a date, a UTR and a few more cells). */
const REMITTANCE_BODY_LIMIT = REMITTANCE_MAX_ROWS * 200;

/**
 * The body: the CSV file's text. NOTE: a union, so that a JSON body is told to come as CSV, and
 * optional so that a request without a body is told the file has no rows (as the PIN code lists do).
 */
const RemittanceCsv = z
  .union([z.string(), z.null()], { error: remittanceApi.csvBody })
  .optional()
  .describe("The remittance file as CSV: a header line, then a row per AWB remitted.");

const names = (list: readonly string[]) => list.map((name) => `"${name}"`).join(", ");

export const remittanceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file comes as its own text: no form, no JSON around it.
  app.addContentTypeParser(
    "text/csv",
    { parseAs: "string", bodyLimit: REMITTANCE_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.put(
    "/",
    {
      schema: {
        tags: ["payments"],
        operationId: "uploadCodRemittances",
        summary: `Upload a COD remittance file (text/csv, up to ${REMITTANCE_MAX_ROWS.toLocaleString("en-US")} rows): the COD parcels it names are marked remitted, every row is kept, and the rows whose money differs are answered (admin)`,
        description:
          `The header names four columns, in any order and case: the AWB (${names(COLUMN_NAMES.awb)}), the amount ` +
          `(${names(COLUMN_NAMES.amount)}), the date (${names(COLUMN_NAMES.date)}) and the UTR (${names(COLUMN_NAMES.utr)}); ` +
          'a missing one is 400 at `errors["columns.<column>"]`. Dates are YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY; amounts ' +
          'decimals with at most 2 places (commas allowed). A wrong row is 400 naming its line (`errors["lines.<line>"]`, ' +
          "lines of the file from 1, the header counted) and nothing is saved. `matched` counts the rows whose AWB is a COD " +
          "parcel booked through Shiprocket; `remitted` the parcels this upload marked remitted (on the row's day; collected " +
          "then too if they were not): a parcel remitted already, or a file uploaded again, remits nothing. `differences` lists " +
          "the rows whose amount is not the parcel's COD amount, and the rows of no COD parcel (`order` and `expected` null). " +
          "Every row is kept once per AWB and UTR.",
        consumes: ["text/csv"],
        body: RemittanceCsv,
        response: { 200: envelope(RemittanceUploadDto) },
      },
      bodyLimit: REMITTANCE_BODY_LIMIT,
      preValidation: requireAdmin,
    },
    async (request) => {
      const { store } = await app.settings.current();
      const uploaded = await uploadRemittances(app.db, request.body ?? "", userOf(request), store.utcOffset);
      return ok(uploaded, remittanceApi.uploaded(uploaded.remitted));
    },
  );
};
