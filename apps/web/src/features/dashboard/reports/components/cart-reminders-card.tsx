import { salesReports } from "@shop/shared/messages";
import type { ReportCartRemindersDto } from "@shop/shared/schemas/report";
import { formatPrice } from "#web/lib/money";
import { ReportCard } from "./report-card";

const words = salesReports.cartReminders;

/** The period's abandoned-checkout reminders: how many went, the carts they brought back and what those orders came to. */
export function CartRemindersCard({ reminders }: { reminders: ReportCartRemindersDto }) {
  const figures = [
    { label: words.sent, value: reminders.sent.toLocaleString("en-US") },
    { label: words.recovered, value: reminders.recovered.toLocaleString("en-US") },
    { label: words.recoveredSales, value: formatPrice(reminders.recoveredSales) },
  ];
  return (
    <ReportCard title={words.title}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map((figure, index) => (
          <div key={figure.label} className={index === 2 ? "col-span-2 sm:col-span-1" : undefined}>
            <dt className="text-sm text-neutral-600">{figure.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-neutral-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-neutral-500">{words.note}</p>
    </ReportCard>
  );
}
