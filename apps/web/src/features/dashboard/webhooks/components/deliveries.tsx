import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "@shop/shared/constants";
import { webhookWords } from "@shop/shared/messages";
import type { WebhookDeliveryDto } from "@shop/shared/schemas/webhook";
import { useState } from "react";
import { Button } from "#web/components/button";
import { Pagination } from "#web/components/pagination";
import { QueryState } from "#web/components/query-state";
import { PageSpinner } from "#web/components/spinner";
import { StatusBadge } from "#web/components/status-badge";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
} from "#web/features/dashboard/components/data-table";
import { SectionCard } from "#web/features/dashboard/components/section-header";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { useWebhookDeliveries } from "../api/get-webhook-deliveries";
import { useRedeliverWebhook } from "../api/redeliver-webhook";

const { page: labels } = webhookWords;

const COLUMNS = [
  { label: labels.event },
  { label: labels.status },
  { label: labels.response },
  { label: labels.attempts },
  { label: labels.time },
  { label: labels.actions, srOnly: true },
] as const;

/** The last answer: its HTTP status, or why none came (refused, timed out). */
function Response({ delivery }: { delivery: WebhookDeliveryDto }) {
  if (delivery.attempts === 0 && delivery.responseStatus === null)
    return <span className="text-neutral-500">–</span>;
  const error =
    delivery.lastError && delivery.lastError !== `HTTP ${delivery.responseStatus}`
      ? delivery.lastError
      : null;
  return (
    <>
      <span className="font-mono text-neutral-900 tabular-nums">
        {delivery.responseStatus ?? labels.noResponse}
      </span>
      {error ? (
        <span className="block max-w-56 truncate text-xs text-danger-700" title={error}>
          {error}
        </span>
      ) : null}
    </>
  );
}

/**
 * An endpoint's deliveries, newest first, a page at a time: the event, its status, the last answer,
 * the attempts and when it was made (and last tried); each can be sent again.
 */
export function Deliveries({
  endpointId,
  url,
  onClose,
}: {
  endpointId: string;
  /** The endpoint's URL, when the page of endpoints shown holds it. */
  url: string | undefined;
  onClose: () => void;
}) {
  const [page, setPage] = useState<number>(DEFAULT_PAGE);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useWebhookDeliveries(endpointId, { page, size });
  const redeliver = useRedeliverWebhook();
  const { data } = query;
  const title = url ? labels.deliveriesOf(url) : labels.deliveries;

  return (
    <SectionCard title={title}>
      <div
        aria-busy={query.isFetching || undefined}
        className={cx("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}
      >
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={onClose}>
            {labels.hideDeliveries}
          </Button>
        </div>
        <QueryState query={query} loading={<PageSpinner />} empty={labels.noDeliveries}>
          {({ items }) => (
            <DataTable caption={title} columns={COLUMNS}>
              {items.map((delivery) => (
                <tr key={delivery._id}>
                  <td className={cx(cellClass, growCellClass)}>
                    <p className="font-mono text-xs font-semibold text-neutral-900">{delivery.type}</p>
                    <p className="font-mono text-xs text-neutral-500">{delivery._id}</p>
                  </td>
                  <td className={cellClass}>
                    <StatusBadge
                      kind="delivery"
                      status={delivery.status}
                      label={webhookWords.deliveryStatuses[delivery.status]}
                    />
                  </td>
                  <td className={cellClass}>
                    <span className="text-neutral-500 sm:sr-only">{labels.response} </span>
                    <Response delivery={delivery} />
                  </td>
                  <td className={cx(cellClass, "whitespace-nowrap tabular-nums")}>
                    <span className="text-neutral-500 sm:sr-only">{labels.attempts} </span>
                    {delivery.attempts}
                  </td>
                  <td className={cx(cellClass, "whitespace-nowrap text-neutral-600")}>
                    <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
                    {delivery.lastAttemptAt &&
                    formatDateTime(delivery.lastAttemptAt) !== formatDateTime(delivery.createdAt) ? (
                      <p className="text-xs text-neutral-500">
                        {labels.lastTried}{" "}
                        <time dateTime={delivery.lastAttemptAt}>
                          {formatDateTime(delivery.lastAttemptAt)}
                        </time>
                      </p>
                    ) : null}
                  </td>
                  <td className={cx(cellClass, endCellClass)}>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${labels.redeliver} ${delivery.type} ${delivery._id}`}
                      loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery._id}
                      onClick={() => redeliver.mutate({ endpointId, deliveryId: delivery._id })}
                    >
                      {labels.redeliver}
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
        {data && data.items.length > 0 ? (
          <Pagination
            page={page}
            pageCount={data.meta.pageCount}
            more={data.meta.totalCapped}
            size={size}
            onPageChange={setPage}
            onSizeChange={(next) => {
              setSize(next);
              setPage(DEFAULT_PAGE);
            }}
          />
        ) : null}
      </div>
    </SectionCard>
  );
}
