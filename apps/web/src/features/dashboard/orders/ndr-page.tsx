import type { NdrActionName } from "@shop/shared/constants";
import { ndrPage as words } from "@shop/shared/messages";
import type { NdrParcelDto } from "@shop/shared/schemas/tracking";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { ConfirmDialog } from "../components/confirm-dialog";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { useNdrParcels } from "./api/get-ndr-parcels";
import { useNdrAction } from "./api/ndr-action";
import { useOrdersLinks } from "./orders-links";

const COLUMNS = [
  { label: words.columns.order },
  { label: words.columns.parcel },
  { label: words.columns.reason },
  { label: words.columns.attempts, className: "text-right" },
  { label: words.columns.at },
  { label: words.columns.actions, srOnly: true },
] as const;

/**
 * Orders → Undelivered parcels (staff): the parcels Shiprocket's couriers could not deliver (NDR),
 * each with why and how often they tried; staff ask for another attempt, or for the parcel to come
 * back to the shop (asked first: it cannot be undone).
 */
export function NdrPage() {
  const query = useNdrParcels();
  const links = useOrdersLinks();
  const act = useNdrAction();
  const [returning, setReturning] = useState<NdrParcelDto | null>(null);
  const pendingFor = (parcel: NdrParcelDto, action: NdrActionName) =>
    act.isPending && act.variables?.shipmentId === parcel.shipmentId && act.variables.action === action;

  return (
    <>
      <SectionHeader title="Orders" links={links} />
      <SectionBody>
        <SectionCard title={words.title}>
          <p className="mb-4 max-w-prose text-sm text-neutral-600">{words.intro}</p>
          <QueryState
            query={query}
            loading={<Skeleton className="h-40 w-full" />}
            empty={words.empty}
            isEmpty={(data) => data.items.length === 0}
          >
            {({ items }) => (
              <DataTable caption={words.title} columns={COLUMNS}>
                {items.map((parcel) => (
                  <tr key={parcel.shipmentId}>
                    <td className={cx(cellClass, growCellClass)}>
                      <Link
                        to={`/dashboard/orders/order/${parcel.orderId}`}
                        className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                      >
                        #{parcel.orderNumber}
                      </Link>
                      <p className="text-neutral-700">{parcel.customerName}</p>
                    </td>
                    <td className={cellClass}>
                      <p className="text-neutral-900">{parcel.courier}</p>
                      <p className="font-mono text-xs break-all text-neutral-600">{parcel.awb}</p>
                    </td>
                    <td className={cx(cellClass, "max-sm:w-full")}>{parcel.reason}</td>
                    <td className={cx(cellClass, "text-right tabular-nums")}>
                      <span className="sm:hidden">{words.columns.attempts}: </span>
                      {parcel.attempts}
                    </td>
                    <td className={cx(cellClass, "whitespace-nowrap text-neutral-600")}>
                      <time dateTime={parcel.ndrAt}>{formatDateTime(parcel.ndrAt)}</time>
                    </td>
                    <td className={cx(cellClass, endCellClass)}>
                      <div className="flex flex-wrap justify-end gap-2">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={words.reattemptOf(parcel.orderNumber)}
                          loading={pendingFor(parcel, "reattempt")}
                          disabled={act.isPending}
                          onClick={() => act.mutate({ shipmentId: parcel.shipmentId, action: "reattempt" })}
                        >
                          {words.reattempt}
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={words.returnToOriginOf(parcel.orderNumber)}
                          loading={pendingFor(parcel, "return")}
                          disabled={act.isPending}
                          onClick={() => setReturning(parcel)}
                        >
                          {words.returnToOrigin}
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </QueryState>
        </SectionCard>
      </SectionBody>
      <ConfirmDialog
        open={returning !== null}
        title={words.confirmReturnTitle}
        confirmLabel={words.returnToOrigin}
        pending={act.isPending}
        onClose={() => setReturning(null)}
        onConfirm={() => {
          if (returning)
            act.mutate(
              { shipmentId: returning.shipmentId, action: "return" },
              { onSettled: () => setReturning(null) },
            );
        }}
      >
        {returning ? words.confirmReturn(returning.orderNumber, returning.awb) : null}
      </ConfirmDialog>
    </>
  );
}
