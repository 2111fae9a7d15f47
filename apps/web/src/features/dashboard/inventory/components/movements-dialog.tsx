import { inventoryPage } from "@shop/shared/messages";
import type { StockMovement } from "@shop/shared/schemas/inventory";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { Dialog } from "#web/components/dialog";
import { QueryState } from "#web/components/query-state";
import { PageSpinner } from "#web/components/spinner";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { useStockMovements } from "../api/inventory";

const PAGE_SIZE = 10;

/** Where a movement came from: its order's page, or its return among the returns of that order. */
function CauseLink({ movement }: { movement: StockMovement }) {
  const { order } = movement;
  if (!order) return null;
  const to = movement.return
    ? `/dashboard/returns?keyword=${encodeURIComponent(`#${order.number}`)}`
    : `/dashboard/orders/order/${encodeURIComponent(order._id)}`;
  return (
    <>
      {" · "}
      <Link to={to} className="font-medium text-brand-700 hover:underline">
        {movement.return
          ? inventoryPage.movementReturn(order.number)
          : inventoryPage.movementOrder(order.number)}
      </Link>
    </>
  );
}

/** A variant's stock movements, newest first, ten at a time with "Show older", each linked to its order or return. */
export function MovementsDialog({
  variantId,
  label,
  onClose,
}: {
  variantId: string;
  label: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const query = useStockMovements(variantId, page, PAGE_SIZE);
  const columns = inventoryPage.logColumns;
  return (
    <Dialog open onClose={onClose} title={inventoryPage.logTitle(label)} size="lg">
      <QueryState query={query} empty={inventoryPage.logEmpty} loading={<PageSpinner />}>
        {({ items, meta }) => (
          <div className="space-y-3">
            <ol className="divide-y divide-neutral-100" aria-label={inventoryPage.logOf(label)}>
              {items.map((row) => (
                <li key={row._id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2 text-sm">
                  <span
                    className={cx(
                      "w-14 font-semibold tabular-nums",
                      row.change < 0 ? "text-danger-700" : "text-success-700",
                    )}
                  >
                    <span className="sr-only">{columns.change}: </span>
                    {row.change > 0 ? `+${row.change}` : row.change}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-neutral-900">{inventoryPage.causes[row.cause]}</span>
                    <CauseLink movement={row} />
                    {row.reason ? (
                      <span className="text-neutral-600">
                        {" · "}
                        {inventoryPage.reasons[row.reason as keyof typeof inventoryPage.reasons] ??
                          row.reason}
                      </span>
                    ) : null}
                    {row.note ? <span className="block text-neutral-600">{row.note}</span> : null}
                    <span className="block text-xs text-neutral-500">
                      <time dateTime={row.at}>{formatDateTime(row.at)}</time>
                      {" · "}
                      {row.by.name ?? inventoryPage.system}
                    </span>
                  </span>
                  <span className="text-neutral-700 tabular-nums">
                    {columns.after}: {row.stockAfter}
                  </span>
                </li>
              ))}
            </ol>
            <div className="flex justify-between gap-3">
              {page > 1 ? (
                <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)}>
                  {inventoryPage.newer}
                </Button>
              ) : (
                <span />
              )}
              {page < meta.pageCount ? (
                <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)}>
                  {inventoryPage.more}
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </QueryState>
    </Dialog>
  );
}
