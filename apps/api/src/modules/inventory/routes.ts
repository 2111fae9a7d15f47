/** Mounted at /api/inventory (staff): the variants' stock, adjustments, the movement log and its CSV. */
import { envelope, listEnvelope } from "@shop/shared/api";
import { api } from "@shop/shared/messages";
import {
  AdjustmentInput,
  AdjustmentResult,
  InventoryExportQuery,
  InventoryQuery,
  InventoryRow,
  MovementsQuery,
  StockMovement,
  VariantParams,
} from "@shop/shared/schemas/inventory";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CAPPED_LIST_NOTE, fileAnswer, list, ok, refusals, sendDownload } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import {
  adjustVariantStock,
  exportInventoryCsv,
  getInventory,
  getMovements,
  inventoryFilename,
} from "./service";

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    {
      schema: {
        tags: ["inventory"],
        operationId: "listInventory",
        summary:
          "Current variants with product, options, SKU, stock and units sold in 30 days; `filter=low` (at or under the settings' low-stock threshold, out of stock included) or `out`, `keyword` in the product name or SKU; by product name, `after` (a page's `meta.next`) reading on by keyset (staff)",
        description: CAPPED_LIST_NOTE,
        querystring: InventoryQuery,
        response: { 200: listEnvelope(InventoryRow) },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { inventory } = await app.settings.current();
      const { page, size } = request.query;
      const { items, ...read } = await getInventory(app.db, request.query, inventory.lowStockThreshold);
      return list(items, { page, size, ...read });
    },
  );

  app.get(
    "/export.csv",
    {
      schema: {
        tags: ["inventory"],
        operationId: "exportInventoryCsv",
        summary: "The variants the inventory list's filter and keyword find, streamed as CSV (staff)",
        querystring: InventoryExportQuery,
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
      const { inventory } = await app.settings.current();
      const csv = exportInventoryCsv(app.db, request.query, inventory.lowStockThreshold, (error) =>
        request.log.error({ err: error }, "the inventory export stopped"),
      );
      return sendDownload(reply, {
        contentType: "text/csv; charset=utf-8",
        filename: inventoryFilename(),
        body: csv,
      });
    },
  );

  app.post(
    "/:variantId/adjustments",
    {
      schema: {
        tags: ["inventory"],
        operationId: "adjustVariantStock",
        summary:
          "Change a variant's stock by a number of units (never below 0) with a reason and a note; the movement log records it with who (staff)",
        params: VariantParams,
        body: AdjustmentInput,
        response: { 201: envelope(AdjustmentResult), ...refusals(404, 409) },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      const result = await adjustVariantStock(
        app.db,
        userOf(request),
        request.params.variantId,
        request.body,
      );
      return reply.status(201).send(ok(result, api.stockAdjusted));
    },
  );

  app.get(
    "/:variantId/movements",
    {
      schema: {
        tags: ["inventory"],
        operationId: "listStockMovements",
        summary:
          "A variant's stock movements, newest first: the change, the stock after, the cause, the reason, the note and who (staff)",
        description: CAPPED_LIST_NOTE,
        params: VariantParams,
        querystring: MovementsQuery,
        response: { 200: listEnvelope(StockMovement), ...refusals(404) },
      },
      preValidation: requireStaff,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { page, size } = request.query;
      const { items, ...read } = await getMovements(app.db, request.params.variantId, { page, size });
      return list(items, { page, size, ...read });
    },
  );
};
