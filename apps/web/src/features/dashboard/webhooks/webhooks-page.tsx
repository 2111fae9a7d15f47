import { webhookWords } from "@shop/shared/messages";
import type { WebhookEndpointDto, WebhookEndpointWithSecretDto } from "@shop/shared/schemas/webhook";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "#web/components/button";
import { type EndpointState, StatusBadge } from "#web/components/status-badge";
import { cx } from "#web/lib/cx";
import { useListParams } from "#web/lib/list-params";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { ConfirmDialog } from "../components/confirm-dialog";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useDeleteWebhook } from "./api/delete-webhook";
import { useWebhooks } from "./api/get-webhooks";
import { useRotateWebhookSecret } from "./api/rotate-webhook-secret";
import { Deliveries } from "./components/deliveries";
import { EndpointDialog } from "./components/endpoint-dialog";
import { SecretDialog } from "./components/secret-dialog";

const { page: labels } = webhookWords;

const COLUMNS = [
  { label: labels.url },
  { label: labels.events },
  { label: labels.status },
  { label: labels.actions, srOnly: true },
] as const;

function stateOf(endpoint: WebhookEndpointDto): EndpointState {
  if (endpoint.enabled) return "enabled";
  return endpoint.disabledAt ? "failing" : "disabled";
}

const STATE_LABELS: Record<EndpointState, string> = {
  enabled: labels.on,
  disabled: labels.off,
  failing: labels.disabledByFailures,
};

/**
 * /dashboard/webhooks (admin): the endpoints the shop's events go to, newest first, each with its
 * events and state; adding, editing, rotating the secret (shown once, as at creation) and deleting;
 * and the deliveries of the endpoint chosen (`?endpoint=`), each sent again on demand.
 */
export function WebhooksPage() {
  const head = <PageMeta title={pageTitle(labels.title)} />;
  const list = useListParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const chosenId = searchParams.get("endpoint");
  const query = useWebhooks({ page: list.page, size: list.size, keyword: list.keyword || undefined });
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpointDto | null } | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecretDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointDto | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointDto | null>(null);
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const chosen = query.data?.items.find((endpoint) => endpoint._id === chosenId);

  const choose = (id: string | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (id) params.set("endpoint", id);
      else params.delete("endpoint");
      return params;
    });

  return (
    <>
      {head}

      <SectionHeader
        title={labels.title}
        action={
          <Button size="sm" onClick={() => setEditing({ endpoint: null })}>
            {labels.add}
          </Button>
        }
      />
      <SectionBody>
        <SectionCard title={labels.endpoints}>
          <PagedList list={list} searchLabel="endpoints" query={query} empty={labels.empty}>
            {(endpoints) => (
              <DataTable caption={labels.endpoints} columns={COLUMNS}>
                {endpoints.map((endpoint) => (
                  <tr key={endpoint._id} className={cx(endpoint._id === chosenId && "bg-brand-50/60")}>
                    <td
                      className={cx(
                        cellClass,
                        growCellClass,
                        "font-medium [overflow-wrap:anywhere] text-neutral-900 max-sm:basis-full sm:max-w-72",
                      )}
                    >
                      {endpoint.url}
                    </td>
                    <td className={cx(cellClass, "max-sm:basis-full sm:max-w-72")}>
                      <ul className="flex flex-wrap gap-1" aria-label={labels.events}>
                        {endpoint.events.map((event) => (
                          <li
                            key={event}
                            className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-xs text-neutral-700"
                          >
                            {event}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={cellClass}>
                      <StatusBadge
                        kind="endpoint"
                        status={stateOf(endpoint)}
                        label={STATE_LABELS[stateOf(endpoint)]}
                        className="normal-case"
                      />
                    </td>
                    <td className={cx(cellClass, endCellClass)}>
                      <div className="flex flex-wrap gap-2 sm:flex-nowrap sm:justify-end">
                        <Button
                          variant={endpoint._id === chosenId ? "primary" : "secondary"}
                          size="sm"
                          aria-pressed={endpoint._id === chosenId}
                          aria-label={`${labels.deliveries} ${endpoint.url}`}
                          onClick={() => choose(endpoint._id === chosenId ? null : endpoint._id)}
                        >
                          {labels.deliveries}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`${labels.edit} ${endpoint.url}`}
                          onClick={() => setEditing({ endpoint })}
                        >
                          {labels.edit}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`${labels.rotate} ${endpoint.url}`}
                          onClick={() => setRotating(endpoint)}
                        >
                          {labels.rotate}
                        </Button>
                        <Button
                          variant="danger"
                          size="sm"
                          aria-label={`${labels.delete} ${endpoint.url}`}
                          onClick={() => setDeleting(endpoint)}
                        >
                          {labels.delete}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
        {chosenId ? (
          <Deliveries key={chosenId} endpointId={chosenId} url={chosen?.url} onClose={() => choose(null)} />
        ) : null}
      </SectionBody>

      <EndpointDialog
        open={editing !== null}
        endpoint={editing?.endpoint ?? null}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setSecret(created);
          choose(created._id);
        }}
      />
      <SecretDialog endpoint={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={labels.deleteTitle}
        confirmLabel={labels.delete}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { _id } = deleting;
          remove.mutate(_id, {
            onSuccess: () => {
              if (chosenId === _id) choose(null);
            },
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p className="[overflow-wrap:anywhere]">{deleting?.url}</p>
        <p className="mt-2">{labels.deleteHint}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={rotating !== null}
        title={labels.rotateTitle}
        confirmLabel={labels.rotate}
        pending={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating._id, {
            onSuccess: (rotated) => setSecret(rotated),
            onSettled: () => setRotating(null),
          });
        }}
      >
        <p className="[overflow-wrap:anywhere]">{rotating?.url}</p>
        <p className="mt-2">{labels.rotateHint}</p>
      </ConfirmDialog>
    </>
  );
}
