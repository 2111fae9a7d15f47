import { codCashReport as words } from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { formatPrice } from "#web/lib/money";
import { ReportCard } from "./report-card";

type CodCash = Pick<SalesReportDto, "codCollected" | "codAwaitingRemittance" | "codRemitted">;

/**
 * Cash on delivery money: what couriers collected in the period, what they hold now (not yet paid to
 * the shop, whatever the period) and what the remittance files say was paid in the period.
 */
export function CodCashCard({ report }: { report: CodCash }) {
  const figures = [
    { label: words.collected, hint: words.collectedHint, value: formatPrice(report.codCollected) },
    {
      label: words.awaiting,
      hint: words.awaitingHint(report.codAwaitingRemittance.count),
      value: formatPrice(report.codAwaitingRemittance.amount),
    },
    { label: words.remitted, hint: words.remittedHint, value: formatPrice(report.codRemitted) },
  ];
  return (
    <ReportCard title={words.title}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-sm text-neutral-600">{figure.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-neutral-900">{figure.value}</dd>
            <dd className="mt-1 text-xs text-neutral-500">{figure.hint}</dd>
          </div>
        ))}
      </dl>
    </ReportCard>
  );
}
