import { envelope } from "@shop/shared/api";

import { DashboardStatsDto, SalesDayDto, SalesQuery } from "@shop/shared/schemas/stats";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "#api/http/envelope";
import { requireStaff, userOf } from "#api/http/session";
import { dashboardStats, salesByDay } from "./service";

/**
 * Mounted at /api/users: GET /users/admin, the dashboard tiles (SPEC section 7).
 * NOTE: a static segment wins over the `/:id` of the user routes in find-my-way, whatever the order.
 */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin",
    {
      schema: {
        tags: ["stats"],
        operationId: "getDashboardStats",
        summary:
          "Dashboard figures as a key/value map: `revenue` is total sales of all time (what the invoices charged less what the credit notes gave back, as the sales report's `totalSales`), beside `refunds`, and `orders` counts the orders placed (staff; money and customers for admins only). Money is in the shop's currency; orders placed in another (before a switch) are counted apart in `otherCurrencies`",
        response: { 200: envelope(DashboardStatsDto) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { currency } = await app.settings.current();
      return ok(await dashboardStats(app.db, userOf(request).role, currency.code));
    },
  );
};

/** Mounted at /api/stats. */
export const salesStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sales",
    {
      schema: {
        tags: ["stats"],
        operationId: "getSalesByDay",
        summary:
          "Orders placed and total sales (the invoices dated that day less its credit notes) per day of the shop's " +
          "clock, for the last `days` days, oldest first (staff; total sales for admins only)",
        querystring: SalesQuery,
        response: { 200: envelope(z.array(SalesDayDto)) },
      },
      preValidation: requireStaff,
    },
    async (request) => {
      const { store, currency } = await app.settings.current();
      return ok(
        await salesByDay(app.db, userOf(request).role, request.query.days, {
          currency: currency.code,
          utcOffset: store.utcOffset,
        }),
      );
    },
  );
};
