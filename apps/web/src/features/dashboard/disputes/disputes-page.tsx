import { ScaleIcon } from "@heroicons/react/24/outline";
import { type DisputeState, FINAL_DISPUTE_STATES } from "@shop/shared/constants";
import { disputeWords, empty } from "@shop/shared/messages";
import type { DisputeDto } from "@shop/shared/schemas/dispute";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { EmptyState } from "#web/components/empty-state";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { StatusBadge } from "#web/components/status-badge";
import { cx } from "#web/lib/cx";
import { formatDate } from "#web/lib/dates";
import { formatPrice } from "#web/lib/money";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { SectionBody, SectionCard, SectionHeader, type SectionLink } from "../components/section-header";
import { useDisputes } from "./api/get-disputes";
import { EvidenceDialog } from "./components/evidence-dialog";

export type DisputesView = "all" | "open" | "closed";

/** Each list's states, title and empty state (SPEC's words: "No open disputes.", "No closed disputes."). */
const VIEWS: Record<DisputesView, { states: readonly DisputeState[]; title: string; empty: string }> = {
  all: { states: [], title: disputeWords.links.all, empty: empty.disputes },
  open: { states: ["open", "under_review"], title: disputeWords.links.open, empty: empty.openDisputes },
  closed: { states: FINAL_DISPUTE_STATES, title: disputeWords.links.closed, empty: empty.closedDisputes },
};

const LINKS: readonly SectionLink[] = [
  { to: "/dashboard/disputes", label: disputeWords.links.all },
  { to: "/dashboard/disputes/open", label: disputeWords.links.open },
  { to: "/dashboard/disputes/closed", label: disputeWords.links.closed },
];

const { columns } = disputeWords;
const COLUMNS = [
  { label: columns.order },
  { label: columns.amount, className: "text-right" },
  { label: columns.reason },
  { label: columns.state },
  { label: columns.respondBy },
  { label: columns.evidence },
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A deadline this close (or past) is shown in warning colours. */
const DUE_SOON_MS = 3 * DAY_MS;

const isFinal = (state: DisputeState) => (FINAL_DISPUTE_STATES as readonly DisputeState[]).includes(state);

/** The respond-by date, flagged when the shop has 3 days or less left to answer, or none. */
function RespondBy({ dispute, now }: { dispute: DisputeDto; now: number }) {
  if (!dispute.respondBy) return <span className="text-neutral-500">{disputeWords.noDeadline}</span>;
  const left = Date.parse(dispute.respondBy) - now;
  const flag = isFinal(dispute.state)
    ? null
    : left < 0
      ? disputeWords.overdue
      : left <= DUE_SOON_MS
        ? disputeWords.dueSoon
        : null;
  return (
    <span className={cx("whitespace-nowrap", flag && "font-semibold text-danger-700")}>
      <time dateTime={dispute.respondBy}>{formatDate(dispute.respondBy)}</time>
      {flag ? <span className="ml-2 text-xs">{flag}</span> : null}
    </span>
  );
}

function DisputesSkeleton() {
  return (
    <div className="space-y-3" aria-label={disputeWords.loading} role="status">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** The disputes the payment providers reported: all, the open ones (open, under review), or those that ended. */
export function DisputesPage({ view }: { view: DisputesView }) {
  const { states, title, empty: emptyMessage } = VIEWS[view];
  const query = useDisputes(states);
  const [marking, setMarking] = useState<DisputeDto | null>(null);
  const now = Date.now();

  return (
    <>
      <SectionHeader title={disputeWords.title} links={LINKS} />
      <SectionBody>
        <SectionCard title={title}>
          <QueryState
            query={query}
            loading={<DisputesSkeleton />}
            empty={<EmptyState icon={ScaleIcon} title={emptyMessage} />}
          >
            {({ items }) => (
              <DataTable caption={title} columns={COLUMNS}>
                {items.map((dispute) => (
                  <tr key={dispute._id}>
                    <td className={cx(cellClass, growCellClass)}>
                      <Link
                        to={`/dashboard/orders/order/${dispute.order}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {disputeWords.orderNumber(dispute.orderNumber)}
                      </Link>
                      <p className="font-mono text-xs wrap-anywhere text-neutral-500">
                        {dispute.transactionId}
                      </p>
                    </td>
                    <td className={cx(cellClass, "font-medium whitespace-nowrap tabular-nums sm:text-right")}>
                      {formatPrice(dispute.amount, dispute.currency)}
                    </td>
                    <td className={cx(cellClass, "max-sm:basis-full sm:max-w-60")}>
                      <p>{dispute.reasonText}</p>
                      {dispute.reasonText !== dispute.reason ? (
                        <p className="font-mono text-xs wrap-anywhere text-neutral-500">{dispute.reason}</p>
                      ) : null}
                    </td>
                    <td className={cellClass}>
                      <StatusBadge kind="dispute" status={dispute.state} />
                      {/* The provider's phase (inquiry, chargeback, arbitration…), under the shop's state. */}
                      <p className="mt-1 text-xs text-neutral-500 capitalize">
                        <span className="sr-only">{columns.phase}: </span>
                        {dispute.phase.replace(/_/g, " ").toLowerCase()}
                      </p>
                    </td>
                    <td className={cellClass}>
                      <RespondBy dispute={dispute} now={now} />
                    </td>
                    <td className={cx(cellClass, endCellClass, "text-sm")}>
                      {dispute.evidence ? (
                        <>
                          <p className="whitespace-nowrap text-success-700">
                            {disputeWords.evidenceSentOn(formatDate(dispute.evidence.sentAt))}
                          </p>
                          {dispute.evidence.note ? (
                            <p className="text-xs text-neutral-500">{dispute.evidence.note}</p>
                          ) : null}
                        </>
                      ) : (
                        <p className="text-neutral-500">{disputeWords.evidenceNotSent}</p>
                      )}
                      {isFinal(dispute.state) ? null : (
                        <Button
                          size="sm"
                          variant="secondary"
                          className="mt-2 whitespace-nowrap"
                          onClick={() => setMarking(dispute)}
                        >
                          {disputeWords.markEvidence}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </QueryState>
        </SectionCard>
      </SectionBody>
      {marking ? <EvidenceDialog dispute={marking} onClose={() => setMarking(null)} /> : null}
    </>
  );
}
