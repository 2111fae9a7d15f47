/** The dashboard's figures. Managers get everything but money and customers (docs/design.md section 5). */
import type { Role } from "@shop/shared/constants";
import { fromCents } from "@shop/shared/pricing";
import type { DashboardStatsDto, SalesDayDto } from "@shop/shared/schemas/stats";
import type { Database } from "#api/db/client";
import { readOtherCurrencies, readSalesByDay, readStats } from "./repo";

/** Whether a role may see revenue and customer figures: only admins see payments and customers. */
function seesMoney(role: Role) {
  return role === "admin";
}

/** The Home tiles as a key/value map, money in the shop's `currency` and other currencies' orders apart. */
export async function dashboardStats(db: Database, role: Role, currency: string): Promise<DashboardStatsDto> {
  const { totalSales, refunds, customers, ...rest } = await readStats(db, currency);
  if (!seesMoney(role)) return rest;
  const others = await readOtherCurrencies(db, currency);
  return {
    revenue: fromCents(totalSales),
    refunds: fromCents(refunds),
    otherCurrencies: others.map((row) => ({ ...row, totalSales: fromCents(row.totalSales) })),
    customers,
    ...rest,
  };
}

/** Orders placed and (for admins) total sales per day of the shop's clock, for the last `days` days. */
export async function salesByDay(
  db: Database,
  role: Role,
  days: number,
  { currency, utcOffset }: { currency: string; utcOffset?: string },
): Promise<SalesDayDto[]> {
  const rows = await readSalesByDay(db, days, { currency, ...(utcOffset ? { utcOffset } : {}) });
  return rows.map(({ date, orders, totalSales }) =>
    seesMoney(role) ? { date, orders, revenue: fromCents(totalSales) } : { date, orders },
  );
}
