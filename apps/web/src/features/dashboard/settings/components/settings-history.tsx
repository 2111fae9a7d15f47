import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from "@shop/shared/constants";
import { settingsPage } from "@shop/shared/messages";
import { useState } from "react";
import { Pagination } from "#web/components/pagination";
import { QueryState } from "#web/components/query-state";
import { Skeleton } from "#web/components/skeleton";
import {
  cellClass,
  DataTable,
  endCellClass,
  growCellClass,
} from "#web/features/dashboard/components/data-table";
import { SectionCard } from "#web/features/dashboard/components/section-header";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { useSettingsHistory } from "../api/get-settings-history";

const { history, sections } = settingsPage;

const COLUMNS = [{ label: history.section }, { label: history.at }, { label: history.by }] as const;

function HistorySkeleton() {
  return (
    <div className="space-y-3">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-6 w-full" />
      ))}
    </div>
  );
}

/** Change history (admins): which section was changed, when and by whom, newest first, a page at a time. */
export function SettingsHistory() {
  const [page, setPage] = useState<number>(DEFAULT_PAGE);
  const [size, setSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const query = useSettingsHistory({ page, size });
  const { data } = query;

  return (
    <SectionCard title={history.title}>
      <div
        aria-busy={query.isFetching || undefined}
        className={cx("space-y-4 transition-opacity", query.isPlaceholderData && "opacity-60")}
      >
        <QueryState query={query} loading={<HistorySkeleton />} empty={history.empty}>
          {({ items }) => (
            <DataTable caption={history.title} columns={COLUMNS}>
              {items.map((change) => (
                <tr key={change._id}>
                  <td className={cx(cellClass, growCellClass, "font-medium text-neutral-900")}>
                    {sections[change.section].title}
                  </td>
                  <td className={cx(cellClass, "whitespace-nowrap text-neutral-600")}>
                    <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                  </td>
                  <td className={cx(cellClass, endCellClass, "text-neutral-700")}>{change.by.name}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
        {data && data.items.length > 0 ? (
          <Pagination
            page={page}
            pageCount={data.meta.pageCount}
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
