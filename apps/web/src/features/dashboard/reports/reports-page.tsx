import { salesReports, validation } from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { EmptyState } from "#web/components/empty-state";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { isApiError } from "#web/lib/api";
import { cx } from "#web/lib/cx";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { OtherCurrencies } from "../components/other-currencies";
import { SectionBody, SectionHeader } from "../components/section-header";
import { SalesChart, SalesChartSkeleton } from "../home/components/sales-chart";
import { salesReportCsvUrl, useSalesReport } from "./api/get-sales-report";
import { CartRemindersCard } from "./components/cart-reminders-card";
import { CodCashCard } from "./components/cod-cash-card";
import { CodConfirmationCard } from "./components/cod-confirmation-card";
import { PaymentMethodsCard } from "./components/payment-methods-card";
import { PeriodPicker } from "./components/period-picker";
import { ReportCard } from "./components/report-card";
import { ReportFigures, ReportFiguresSkeleton } from "./components/report-figures";
import {
  CategoriesTable,
  DiscountCodesTable,
  ProductsTable,
  ReturnedToOriginTables,
} from "./components/report-tables";
import { StoreCreditCard } from "./components/store-credit-card";
import {
  coveringText,
  type DayRange,
  DEFAULT_PERIOD,
  isDay,
  PERIODS,
  type Period,
  presetRange,
  shopToday,
} from "./period";
import { REPORT_LINKS } from "./report-links";

const { tables } = salesReports;

function isPeriod(value: string | null): value is Period {
  return PERIODS.some((period) => period === value);
}

/**
 * The period in the address (`period`, and `from` and `to` for a custom range), so that reload, back
 * and a shared link keep it. A preset's days are worked out from the shop's today each time; a custom
 * range keeps a day left empty as empty, and without its days in the address starts as the default.
 */
function useReportPeriod() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get("period");
  const period = isPeriod(raw) ? raw : DEFAULT_PERIOD;
  const today = shopToday();
  let range: DayRange;
  if (period === "custom") {
    const fallback = presetRange(DEFAULT_PERIOD, today);
    const from = searchParams.get("from");
    const to = searchParams.get("to");
    range = {
      from: from === null ? fallback.from : isDay(from) ? from : "",
      to: to === null ? fallback.to : isDay(to) ? to : "",
    };
  } else {
    range = presetRange(period, today);
  }

  const update = useCallback(
    (next: Period, days?: DayRange) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_PERIOD) params.delete("period");
        else params.set("period", next);
        for (const key of ["from", "to"] as const) {
          if (days) params.set(key, days[key]);
          else params.delete(key);
        }
        return params;
      }),
    [setSearchParams],
  );
  // A custom range starts from the days on screen.
  const setPeriod = (next: Period) => update(next, next === "custom" ? range : undefined);
  const setRange = (days: DayRange) => update("custom", days);
  return { period, range, setPeriod, setRange };
}

function ReportView({ report }: { report: SalesReportDto }) {
  const range = { from: report.from, to: report.to };
  const covering = coveringText(report);
  return (
    <>
      <ReportFigures report={report} />
      <OtherCurrencies
        rows={report.otherCurrencies.map((row) => ({
          currency: row.currency,
          orders: row.orders,
          amount: row.totalSales,
        }))}
      />
      <ReportCard title={tables.byDay} csvUrl={salesReportCsvUrl(range, "byDay")}>
        <SalesChart days={report.byDay} period={covering} />
      </ReportCard>
      <div className="grid gap-6 xl:grid-cols-2">
        <ReportCard title={tables.topProducts} csvUrl={salesReportCsvUrl(range, "topProducts")}>
          <ProductsTable rows={report.topProducts} caption={tables.topProducts} />
        </ReportCard>
        {/* The API has no CSV of this table: the products by net sales' file has the units too. */}
        <ReportCard title={tables.topProductsByUnits}>
          <ProductsTable rows={report.topProductsByUnits} caption={tables.topProductsByUnits} />
        </ReportCard>
        <ReportCard title={tables.byCategory} csvUrl={salesReportCsvUrl(range, "byCategory")}>
          <CategoriesTable rows={report.byCategory} />
        </ReportCard>
        <ReportCard title={tables.byDiscountCode} csvUrl={salesReportCsvUrl(range, "byDiscountCode")}>
          <DiscountCodesTable rows={report.byDiscountCode} />
        </ReportCard>
      </div>
      <ReportCard title={tables.returnedToOrigin}>
        <ReturnedToOriginTables rto={report.returnedToOrigin} />
      </ReportCard>
      <CodConfirmationCard figures={report.codConfirmation} />
      <CodCashCard report={report} />
      <CartRemindersCard reminders={report.cartReminders} />
      <PaymentMethodsCard report={report} />
      <StoreCreditCard credit={report.storeCredit} />
    </>
  );
}

/** While the first report loads: every part in its place and at its size, the figures greyed. */
function ReportSkeleton() {
  return (
    <>
      <ReportFiguresSkeleton />
      <ReportCard title={tables.byDay}>
        <SalesChartSkeleton />
      </ReportCard>
      <div className="grid gap-6 xl:grid-cols-2">
        {[tables.topProducts, tables.topProductsByUnits, tables.byCategory, tables.byDiscountCode].map(
          (title) => (
            <ReportCard key={title} title={title}>
              <Skeleton className="h-48 w-full" />
            </ReportCard>
          ),
        )}
      </div>
    </>
  );
}

/** /dashboard/reports (admins and managers): what the shop sold, gave back and kept in a period. */
export function ReportsPage() {
  const head = <PageMeta title={pageTitle(salesReports.title)} />;
  const { period, range, setPeriod, setRange } = useReportPeriod();
  const complete = range.from !== "" && range.to !== "";
  const report = useSalesReport(complete ? range : null);
  // A refused range names its field (`to` for one that ends before it starts or is too long).
  const refused = isApiError(report.error) && report.error.status === 400 ? report.error.errors : {};
  const fieldErrors = {
    from: range.from === "" ? validation.required : refused.from,
    to: range.to === "" ? validation.required : refused.to,
  };

  return (
    <>
      {head}

      <SectionHeader title={salesReports.title} links={REPORT_LINKS} />
      <SectionBody>
        <PeriodPicker
          period={period}
          range={range}
          onPeriod={setPeriod}
          onRange={setRange}
          errors={fieldErrors}
        />
        {complete ? (
          <div
            aria-busy={report.isFetching || undefined}
            className={cx("space-y-6 transition-opacity", report.isPlaceholderData && "opacity-60")}
          >
            <QueryState query={report} loading={<ReportSkeleton />}>
              {(data) => <ReportView report={data} />}
            </QueryState>
          </div>
        ) : (
          <EmptyState title={salesReports.chooseDays} />
        )}
      </SectionBody>
    </>
  );
}
