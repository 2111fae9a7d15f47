/** The dashboard's figures. Managers get everything but money and customers (docs/design.md section 5). */
import type { Role } from "@shop/shared/constants";
import { fromCents } from "@shop/shared/pricing";
import type { DashboardStatsDto, SalesDayDto } from "@shop/shared/schemas/stats";
import type { Database } from "#api/db/client";
import { readSalesByDay, readStats } from "./repo";

/** Whether a role may see revenue and customer figures: only admins see payments and customers. */
function seesMoney(role: Role) {
  return role === "admin";
}

/** The Home tiles as a key/value map. */
export async function dashboardStats(db: Database, role: Role): Promise<DashboardStatsDto> {
  const { totalSales, refunds, customers, ...rest } = await readStats(db);
  return seesMoney(role)
    ? { revenue: fromCents(totalSales), refunds: fromCents(refunds), customers, ...rest }
    : rest;
}

/** Orders placed and (for admins) total sales per day of the shop's clock, for the last `days` days. */
export async function salesByDay(
  db: Database,
  role: Role,
  days: number,
  utcOffset?: string,
): Promise<SalesDayDto[]> {
  const rows = await readSalesByDay(db, days, new Date(), utcOffset);
  return rows.map(({ date, orders, totalSales }) =>
    seesMoney(role) ? { date, orders, revenue: fromCents(totalSales) } : { date, orders },
  );
}
