import { salesReports } from "@shop/shared/messages";
import type { SalesReportDto } from "@shop/shared/schemas/report";
import { formatPrice } from "#web/lib/money";
import { tenderName } from "#web/lib/payment-words";
import { ReportCard } from "./report-card";

const words = salesReports.paymentsByMethod;

/**
 * The period's payments taken by what took them (decision 042): store credit its own row, each
 * provider and method what it took; the rows add up to the payments taken, said at the foot.
 */
export function PaymentMethodsCard({
  report,
}: {
  report: Pick<SalesReportDto, "paymentsByMethod" | "paymentsTaken">;
}) {
  const rows = report.paymentsByMethod;
  return (
    <ReportCard title={words.title}>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-600">{words.none}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{words.title}</caption>
          <thead>
            <tr className="border-b border-neutral-200 text-left text-neutral-600">
              <th scope="col" className="py-2 font-medium">
                {words.method}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {words.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}:${row.method ?? ""}`} className="border-b border-neutral-100">
                <th scope="row" className="py-2 text-left font-normal text-neutral-900">
                  {tenderName(row)}
                </th>
                <td className="py-2 text-right tabular-nums text-neutral-900">{formatPrice(row.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-neutral-900">
              <th scope="row" className="pt-2 text-left">
                {words.total}
              </th>
              <td className="pt-2 text-right tabular-nums">{formatPrice(report.paymentsTaken)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </ReportCard>
  );
}
