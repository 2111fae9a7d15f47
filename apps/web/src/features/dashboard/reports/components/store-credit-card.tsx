import { storeCreditReport as words } from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { formatPrice } from "#web/lib/money";
import { ReportCard } from "./report-card";

/** Store credit in the period: what orders spent of it (within payments taken) and what refunds gave to it (within refunds). */
export function StoreCreditCard({ credit }: { credit: SalesReportDto["storeCredit"] }) {
  const figures = [
    { label: words.used, hint: words.usedHint, value: formatPrice(credit.used) },
    { label: words.refunded, hint: words.refundedHint, value: formatPrice(credit.refunded) },
  ];
  return (
    <ReportCard title={words.title}>
      <dl className="grid gap-4 sm:grid-cols-2">
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
