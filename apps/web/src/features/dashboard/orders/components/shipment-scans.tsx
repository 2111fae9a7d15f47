import { shiprocketParcel as words } from "@shop/shared/messages";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import { formatDateTime } from "#web/lib/dates";
import { useShipmentScans } from "../api/get-shipment-scans";

/** A Shiprocket parcel's scans by its courier, oldest first: when, what, where. Fetched when opened. */
export function ShipmentScans({
  orderId,
  shipmentId,
  id,
}: {
  orderId: string;
  shipmentId: string;
  id: string;
}) {
  const query = useShipmentScans(orderId, shipmentId);
  return (
    <div id={id} className="mt-2 rounded-control bg-neutral-50 p-3">
      <QueryState
        query={query}
        loading={
          <div role="status" aria-label={words.loadingScans} className="space-y-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        }
        empty={<p className="text-sm text-neutral-600">{words.noScans}</p>}
      >
        {({ items }) => (
          <ol aria-label={words.scansTitle} className="relative space-y-3 border-l border-neutral-300 pl-4">
            {items.map((scan) => (
              <li key={`${scan.at}-${scan.status}-${scan.activity}`} className="relative text-sm">
                <span
                  className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-brand-600 ring-2 ring-neutral-50"
                  aria-hidden="true"
                />
                <p className="font-medium text-neutral-900">{scan.activity || scan.status}</p>
                <p className="text-xs text-neutral-600">
                  <time dateTime={scan.at}>{formatDateTime(scan.at)}</time>
                  {scan.location ? ` · ${scan.location}` : null}
                  {scan.activity && scan.status ? ` · ${scan.status}` : null}
                </p>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
    </div>
  );
}
