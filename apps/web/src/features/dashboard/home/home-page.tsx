import {
  ArrowUturnLeftIcon,
  BanknotesIcon,
  ClockIcon,
  CubeIcon,
  ExclamationTriangleIcon,
  EyeSlashIcon,
  ShoppingBagIcon,
  TruckIcon,
  UsersIcon,
} from "@heroicons/react/24/outline";
import { empty, salesReports, successes } from "@shop/shared/messages";
import type { DashboardStatsDto } from "@shop/shared/schemas/stats";
import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { PageSpinner } from "#web/components/spinner";
import { formatPrice } from "#web/lib/money";
import { useSession } from "#web/lib/session";
import { OtherCurrencies } from "../components/other-currencies";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useOrders } from "../orders/api/get-orders";
import { OrdersTable } from "../orders/components/orders-table";
import { useSales } from "./api/get-sales";
import { useStats } from "./api/get-stats";
import { FailingEmailsTile } from "./components/failing-emails-tile";
import { SalesChart, SalesChartSkeleton } from "./components/sales-chart";

const CHART_DAYS = 30;
const RECENT_ORDERS = 5;

interface Tile {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  format?: (value: number) => string;
  /** Where the tile leads. */
  to?: string;
}

const { figures, withPeriod, allTime } = salesReports;

// SPEC section 2: tiles are built from the stats map; its keys are never shown, these labels are.
// The money tiles name their period: `revenue` is the total sales of all time (what the invoices
// charged less what the credit notes gave back), and the Reports page has them for any period.
type TileKey = Exclude<keyof DashboardStatsDto, "otherCurrencies">;

const TILES: Record<TileKey, Tile> = {
  revenue: {
    label: withPeriod(figures.totalSales, allTime),
    icon: BanknotesIcon,
    format: formatPrice,
    to: "/dashboard/reports",
  },
  refunds: { label: withPeriod(figures.refunds, allTime), icon: ArrowUturnLeftIcon, format: formatPrice },
  orders: {
    label: withPeriod(figures.ordersPlaced, allTime),
    icon: ShoppingBagIcon,
    to: "/dashboard/orders",
  },
  ordersToShip: { label: "Ready to ship", icon: TruckIcon, to: "/dashboard/orders/pending" },
  pendingOrders: { label: "Awaiting payment", icon: ClockIcon },
  customers: { label: "Customers", icon: UsersIcon, to: "/dashboard/customers" },
  products: { label: "Products", icon: CubeIcon, to: "/dashboard/products" },
  inactiveProducts: { label: "Inactive products", icon: EyeSlashIcon, to: "/dashboard/products/inactive" },
  lowStockProducts: { label: "Low stock variants (10 or fewer)", icon: ExclamationTriangleIcon },
};

const TILE_COUNT = Object.keys(TILES).length;
/** The tiles the API leaves out for managers (money and customers). */
const ADMIN_TILES: readonly TileKey[] = ["revenue", "refunds", "customers"];

function isTileKey(key: string): key is TileKey {
  return key in TILES;
}

export function DashboardHomePage() {
  const firstName = useSession((state) => state.user?.name.firstName ?? "");
  const isAdmin = useSession((state) => state.user?.role === "admin");
  const stats = useStats();
  const sales = useSales(CHART_DAYS);
  const recent = useOrders("processing", { page: 1, size: RECENT_ORDERS });

  return (
    <>
      <SectionHeader title="Dashboard" />
      <SectionBody>
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-neutral-900">{successes.welcomeAdmin}</h2>
          <p className="mt-1 text-neutral-600">Signed in as {firstName}. Here is how the shop is doing.</p>
        </div>

        <FailingEmailsTile />

        <QueryState
          query={stats}
          loading={
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {Array.from({ length: isAdmin ? TILE_COUNT : TILE_COUNT - ADMIN_TILES.length }, (_, slot) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders, all alike.
                <Skeleton key={slot} className="h-24 rounded-card" />
              ))}
            </div>
          }
          errorPrefix={false}
        >
          {(data) => (
            <>
              <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                {Object.entries(data).map(([key, value]) => {
                  if (!isTileKey(key) || typeof value !== "number") return null;
                  const tile = TILES[key];
                  const Icon = tile.icon;
                  // The figure's size follows the tile's width (a container), so that a phone's two columns
                  // still hold an amount like $14,419.86 on one line.
                  const box =
                    "@container relative rounded-card bg-white p-4 shadow-card ring-1 ring-neutral-200";
                  // NOTE: a dl may hold div groups but not links, so a linked tile stretches the link over
                  // its div from inside the dt.
                  return (
                    <div key={key} className={tile.to ? `${box} hover:ring-brand-300` : box}>
                      <dt className="flex items-center gap-2 text-sm text-neutral-600">
                        <Icon className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
                        {tile.to ? (
                          <Link to={tile.to} className="after:absolute after:inset-0 after:rounded-card">
                            {tile.label}
                          </Link>
                        ) : (
                          tile.label
                        )}
                      </dt>
                      <dd className="mt-2 text-base font-semibold break-words text-neutral-900 tabular-nums @min-[7rem]:text-lg @min-[8.5rem]:text-xl @min-[10rem]:text-2xl">
                        {tile.format ? tile.format(value) : value.toLocaleString("en-US")}
                      </dd>
                    </div>
                  );
                })}
              </dl>
              <OtherCurrencies
                rows={(data.otherCurrencies ?? []).map((row) => ({
                  currency: row.currency,
                  orders: row.orders,
                  amount: row.totalSales,
                }))}
              />
            </>
          )}
        </QueryState>

        <SectionCard
          title={
            isAdmin
              ? `Total sales and orders placed, last ${CHART_DAYS} days`
              : `Orders placed, last ${CHART_DAYS} days`
          }
        >
          <QueryState query={sales} loading={<SalesChartSkeleton />} errorPrefix={false}>
            {(days) => (
              <SalesChart
                days={days.map(({ date, orders, revenue }) => ({ date, orders, netSales: revenue }))}
                period={`Last ${CHART_DAYS} days`}
                moneyLabel={figures.totalSales}
              />
            )}
          </QueryState>
        </SectionCard>

        <SectionCard title="Recent orders to ship">
          <QueryState query={recent} loading={<PageSpinner />} empty={empty.recentOrders}>
            {({ items }) => <OrdersTable orders={items} caption="Recent orders to ship" />}
          </QueryState>
          <p className="mt-4 text-sm">
            <Link to="/dashboard/orders/pending" className="font-medium text-brand-700 hover:underline">
              See all orders ready to ship
            </Link>
          </p>
        </SectionCard>
      </SectionBody>
    </>
  );
}
