/** The orders as a CSV file for staff, with the lists' filters (modules/orders/export.ts). */
import { OrderExportQuery } from "@shop/shared/schemas/order";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileAnswer, sendDownload } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { exportFilename, exportOrdersCsv } from "./export";

export const orderExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/export.csv",
    {
      schema: {
        tags: ["orders"],
        operationId: "exportOrdersCsv",
        summary:
          "The orders a list's filters find (status, from, to, keyword), one row per order line, streamed as CSV; " +
          "a manager's file leaves the shoppers' emails and phones empty (staff). Times are the shop's clock's (its " +
          "offset written), the file is named by the shop's day; on every row `Order subtotal` − `Order discount` + " +
          "`Order shipping` + `COD fee` (+ `Order tax` when prices exclude GST) = `Order total`, and `Taxable value`, " +
          "`CGST`, `SGST`, `IGST` and `Place of supply` are the invoice's",
        querystring: OrderExportQuery,
        response: {
          200: fileAnswer(
            "text/csv",
            "UTF-8 CSV with a header row, named after the day (Content-Disposition).",
          ),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const { store } = await app.settings.current();
      const csv = exportOrdersCsv(app.db, userOf(request), request.query, {
        utcOffset: store.utcOffset,
        onError: (error) => request.log.error({ err: error }, "the orders export stopped"),
      });
      return sendDownload(reply, {
        contentType: "text/csv; charset=utf-8",
        filename: exportFilename(new Date(), store.utcOffset),
        body: csv,
      });
    },
  );
};
