import { RETURN_STATUSES, type ReturnStatus } from "@shop/shared/constants";
import { listPaging, returnWords as words } from "@shop/shared/messages";
import type { ReturnDto } from "@shop/shared/schemas/returns";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "#web/components/button";
import { SelectField } from "#web/components/select-field";
import { StatusBadge } from "#web/components/status-badge";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { useListParams } from "#web/lib/list-params";
import { formatPrice } from "#web/lib/money";
import { useSession } from "#web/lib/session";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import type { ReturnAction } from "./api/act-on-return";
import { useReturns } from "./api/get-returns";
import { ACTION_LABELS, ReturnActionDialog } from "./components/return-action-dialog";

type Filter = ReturnStatus | "all";
const FILTERS: readonly Filter[] = ["all", ...RETURN_STATUSES];

const COLUMNS = [
  { label: words.columns.order },
  { label: words.columns.items },
  { label: words.columns.reason },
  { label: words.columns.status },
  { label: words.columns.actions },
] as const;

/** The steps staff can take from each status; refunding moves money, so admins alone. */
function actionsFor(status: ReturnStatus, admin: boolean): ReturnAction[] {
  switch (status) {
    case "requested":
      return ["approve", "reject"];
    case "approved":
      return ["receive", "reject"];
    case "received":
      return admin ? ["refund"] : [];
    default:
      return [];
  }
}

/** The list's status, kept in the address (`?status=requested`); choosing one returns to page 1. */
function useStatusFilter(): [Filter, (next: Filter) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get("status");
  const status = FILTERS.find((filter) => filter === value) ?? "all";
  const set = (next: Filter) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set("page", "1");
      if (next === "all") updated.delete("status");
      else updated.set("status", next);
      return updated;
    });
  return [status, set];
}

/**
 * /dashboard/returns (staff): the shoppers' returns, newest first, by status, with the step each
 * can take next: approve or reject a request, receive an approved parcel, refund a received one.
 */
export function ReturnsPage() {
  const list = useListParams();
  const [status, setStatus] = useStatusFilter();
  const admin = useSession((state) => state.user?.role === "admin");
  const query = useReturns(status, { page: list.page, size: list.size, keyword: list.keyword || undefined });
  const [open, setOpen] = useState<{ ret: ReturnDto; action: ReturnAction } | null>(null);
  const title = status === "all" ? words.title : `${words.title}: ${words.statuses[status]}`;

  const filters = (
    <SelectField
      label={words.columns.status}
      layout="inline"
      value={status}
      onChange={(event) => setStatus(FILTERS.find((filter) => filter === event.target.value) ?? "all")}
    >
      {FILTERS.map((filter) => (
        <option key={filter} value={filter}>
          {filter === "all" ? words.all : words.statuses[filter]}
        </option>
      ))}
    </SelectField>
  );

  return (
    <>
      <SectionHeader title={words.title} />
      <SectionBody>
        <SectionCard title={title}>
          <PagedList
            list={list}
            searchLabel="returns"
            noun={listPaging.nouns.returns}
            query={query}
            empty={words.none}
            filters={filters}
          >
            {(returns) => (
              <DataTable caption={title} columns={COLUMNS}>
                {returns.map((ret) => (
                  <tr key={ret._id}>
                    <td className={cx(cellClass, growCellClass)}>
                      <Link
                        to={`/dashboard/orders/order/${ret.order._id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        #{ret.order.number}
                      </Link>
                      <p className="text-neutral-700">{ret.user.name}</p>
                      <p className="text-xs text-neutral-500">
                        <time dateTime={ret.createdAt}>{formatDateTime(ret.createdAt)}</time>
                      </p>
                    </td>
                    <td className={cx(cellClass, "max-sm:basis-full")}>
                      <ul className="text-neutral-700">
                        {ret.lines.map((line) => (
                          <li key={line.line}>
                            {words.line(
                              line.quantity,
                              [line.name, ...Object.values(line.options)].join(" · "),
                            )}
                          </li>
                        ))}
                      </ul>
                      <p className="font-medium text-neutral-900 tabular-nums">
                        {formatPrice(ret.amount, ret.currency)}
                      </p>
                    </td>
                    <td className={cx(cellClass, "max-sm:basis-full sm:max-w-56")}>
                      <p className="text-neutral-900">{words.reasons[ret.reason]}</p>
                      {ret.note ? <p className="break-words text-neutral-600">{ret.note}</p> : null}
                      {ret.message ? (
                        <p className="break-words text-xs text-neutral-500">
                          {words.yourMessage(ret.message)}
                        </p>
                      ) : null}
                    </td>
                    <td className={cellClass}>
                      <StatusBadge kind="return" status={ret.status} />
                    </td>
                    <td className={cx(cellClass, endCellClass)}>
                      <div className="flex flex-wrap gap-2">
                        {actionsFor(ret.status, admin).map((action) => (
                          <Button
                            key={action}
                            size="sm"
                            variant={action === "reject" ? "secondary" : "primary"}
                            aria-label={words.actionOf(ACTION_LABELS[action], ret.order.number)}
                            onClick={() => setOpen({ ret, action })}
                          >
                            {ACTION_LABELS[action]}
                          </Button>
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
      {open ? <ReturnActionDialog ret={open.ret} action={open.action} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
