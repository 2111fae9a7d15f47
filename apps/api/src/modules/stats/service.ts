/** The dashboard's figures. Managers get everything but money and customers (docs/design.md section 5). */
import type { Role } from "@shop/shared/constants";
import type { DashboardStatsDto, SalesDayDto } from "@shop/shared/schemas/stats";
import type { Database } from "#api/db/client";
import { readSalesByDay, readStats } from "./repo";

/** Whether a role may see revenue and customer figures: only admins see payments and customers. */
function seesMoney(role: Role) {
  return role === "admin";
}

/** The Home tiles as a key/value map. */
export async function dashboardStats(db: Database, role: Role): Promise<DashboardStatsDto> {
  const { revenue, customers, ...rest } = await readStats(db);
  return seesMoney(role) ? { revenue: Math.round(revenue * 100) / 100, customers, ...rest } : rest;
}

/** Orders and (for admins) revenue per day for the last `days` days. */
export async function salesByDay(db: Database, role: Role, days: number): Promise<SalesDayDto[]> {
  const rows = await readSalesByDay(db, days);
  return seesMoney(role) ? rows : rows.map(({ date, orders }) => ({ date, orders }));
}
