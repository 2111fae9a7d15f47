import { codConfirmationReport as words } from "@shop/shared/messages";
import type { ReportCodConfirmationDto } from "@shop/shared/schemas/report";
import { ReportCard } from "./report-card";

/**
 * Cash on delivery confirmation in the period: of the COD orders that asked for it, the share each
 * channel confirmed and the share left unconfirmed; and how often a confirmed order came back (returned
 * to origin) against one shipped without a confirmation.
 */
export function CodConfirmationCard({ figures }: { figures: ReportCodConfirmationDto }) {
  const rows = [
    ...figures.byChannel.map((row) => ({
      label: words.channels[row.channel],
      value: words.share(row.rate, row.confirmed),
      hint: null,
    })),
    {
      label: words.unconfirmed,
      value: words.share(figures.unconfirmedRate, figures.unconfirmed),
      hint: words.unconfirmedHint,
    },
  ];
  const unknown = figures.confirmed - figures.byChannel.reduce((sum, row) => sum + row.confirmed, 0);
  const { confirmed, unconfirmed } = figures.rto;
  return (
    <ReportCard title={words.title}>
      <p className="text-sm text-neutral-600">{words.asked(figures.orders)}</p>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <div>
          <dt className="text-sm text-neutral-600">{words.confirmed}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-neutral-900">
            {words.share(figures.rate, figures.confirmed)}
          </dd>
        </div>
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-neutral-600">{row.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums text-neutral-900">{row.value}</dd>
            {row.hint ? <dd className="mt-1 text-xs text-neutral-500">{row.hint}</dd> : null}
          </div>
        ))}
      </dl>
      {unknown > 0 ? <p className="mt-2 text-xs text-neutral-500">{words.unknownChannel(unknown)}</p> : null}
      <p className="mt-4 text-sm text-neutral-900">
        <span className="font-medium">{words.returnedTitle}:</span>{" "}
        {words.returned(words.returnedConfirmed, confirmed.rate, confirmed.returned, confirmed.shipped)}
        {" · "}
        {words.returned(
          words.returnedUnconfirmed,
          unconfirmed.rate,
          unconfirmed.returned,
          unconfirmed.shipped,
        )}
      </p>
      <p className="mt-1 text-xs text-neutral-500">{words.returnedHint}</p>
    </ReportCard>
  );
}
