/** Mounted at /api/reports: the sales report and the GSTR-1 report for staff, as JSON or one table as CSV. */
import { envelope } from "@shop/shared/api";
import { SalesReportDto, SalesReportQuery } from "@shop/shared/schemas/report";
import { GstReportDto, GstReportQuery } from "@shop/shared/schemas/report-gst";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileAnswer, ok, sendDownload } from "#api/http/envelope";
import { requireStaff } from "#api/http/session";
import { gstCsv, gstFilename } from "./gst-csv";
import { gstReport } from "./gst-service";
import { reportCsv, reportFilename, salesReport } from "./service";

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sales",
    {
      schema: {
        tags: ["reports"],
        operationId: "getSalesReport",
        summary: "What the shop sold, gave back and kept from `from` to `to` (staff)",
        description:
          "Both days included, as the shop's clock reads them; the last 30 days when left out. Sales and GST follow " +
          "the documents' dates (an invoice on its date, a credit note on its refund's), `paymentsTaken` and " +
          "`refunds` the days the money moved. `netSales` = `grossSales` − `discounts` − `returns` (goods before GST); " +
          "`totalSales` = `netSales` + `shipping` + GST + `codFees`; `byDay` adds up to both. Every figure is in the shop's " +
          "`currency`; orders placed in another (before a switch) are counted apart in `otherCurrencies`, never summed in. With `format=csv` and " +
          "`table` (byDay, topProducts, byCategory or " +
          "byDiscountCode) the answer is that table as a UTF-8 CSV file (text/csv) instead.",
        querystring: SalesReportQuery,
        response: { 200: envelope(SalesReportDto) },
        "x-file-alternatives": {
          200: fileAnswer(
            "text/csv",
            "With `format=csv`: the table as UTF-8 CSV with a header row (Content-Disposition).",
          ),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const { store, currency } = await app.settings.current();
      const report = await salesReport(app.db, request.query, {
        utcOffset: store.utcOffset,
        currency: currency.code,
      });
      const { format, table } = request.query;
      if (format !== "csv" || !table) return ok(report);
      return sendDownload(reply, {
        contentType: "text/csv; charset=utf-8",
        filename: reportFilename(report, table),
        body: reportCsv(report, table),
      });
    },
  );
  app.get(
    "/gst",
    {
      schema: {
        tags: ["reports"],
        operationId: "getGstReport",
        summary: "A month's GSTR-1 tables and GSTR-3B 3.1(a) figures (staff)",
        description:
          "The invoices and credit notes of one GSTIN (`gstin`, the store's now when left out; `otherGstins` names the " +
          "shop's others with documents in the month) dated in `month` (YYYY-MM, as the shop's clock reads it; the month a return " +
          "is due for, the one before today's, when left out), in the tables " +
          "of the GST portal's GSTR-1 offline tool: B2B and B2CL invoice by invoice and rate, B2CS by place of " +
          "supply and rate net of its credit notes, CDNR and CDNUR, the HSN summary and the documents issued; " +
          "with the month's GSTR-3B 3.1(a) figures. With `format=csv` and `table` the answer is that table as the " +
          "offline tool's UTF-8 CSV (text/csv) instead.",
        querystring: GstReportQuery,
        response: { 200: envelope(GstReportDto) },
        "x-file-alternatives": {
          200: fileAnswer(
            "text/csv",
            "With `format=csv`: the table as UTF-8 CSV with the offline tool's header row (Content-Disposition).",
          ),
        },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const { month, gstin, format, table } = request.query;
      const { store } = await app.settings.current();
      const report = await gstReport(app.db, month, {
        utcOffset: store.utcOffset,
        gstin: gstin ?? store.gstin,
      });
      if (format !== "csv" || !table) return ok(report);
      return sendDownload(reply, {
        contentType: "text/csv; charset=utf-8",
        filename: gstFilename(report, table),
        body: gstCsv(report, table),
      });
    },
  );
};
