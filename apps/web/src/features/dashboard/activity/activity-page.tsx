import { ChevronDownIcon } from "@heroicons/react/20/solid";
import { DEFAULT_PAGE } from "@shop/shared/constants";
import { activityPage, listPaging } from "@shop/shared/messages";
import { ACTIVITY_KINDS, type ActivityEntryDto, type ActivityKind } from "@shop/shared/schemas/activity";
import { useCallback, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "#web/components/button";
import { SelectField } from "#web/components/select-field";
import { cx } from "#web/lib/cx";
import { formatDateTime } from "#web/lib/dates";
import { useListParams, useSearchParamsChanges } from "#web/lib/list-params";
import { PageMeta, pageTitle } from "#web/lib/page-meta";
import { cellClass, DataTable, endCellClass, growCellClass } from "../components/data-table";
import { PagedList } from "../components/paged-list";
import { SectionBody, SectionCard, SectionHeader } from "../components/section-header";
import { type DateRange, DateRangeFilter, isBackwards } from "../orders/components/date-range-filter";
import { type ActivityFilters, useActivity, useActivityActors } from "./api/get-activity";
import { ActivityChanges } from "./components/activity-changes";
import { changeRows } from "./components/change-rows";

const columns = activityPage.columns;
const COLUMNS = [
  { label: columns.at },
  { label: columns.actor },
  { label: columns.kind },
  { label: columns.subject },
  { label: columns.changes, srOnly: true },
] as const;

const ID = /^[0-9a-f]{24}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Filters {
  actor: string;
  kind: ActivityKind | "";
  range: DateRange;
}

/**
 * The log's filters in the address beside page, size and keyword (`?actor=…&kind=…&from=…&to=…`),
 * so that reload, back and a shared link keep them; anything unknown counts as not chosen, and a new
 * filter returns to page 1.
 */
function useFilters(): [Filters, (next: Partial<Filters>) => void] {
  const [searchParams, changeSearchParams] = useSearchParamsChanges();
  const read = (name: string, pattern: RegExp) => {
    const value = searchParams.get(name) ?? "";
    return pattern.test(value) ? value : "";
  };
  const kindParam = searchParams.get("kind");
  const filters: Filters = {
    actor: read("actor", ID),
    kind: ACTIVITY_KINDS.find((kind) => kind === kindParam) ?? "",
    range: { from: read("from", DAY), to: read("to", DAY) },
  };
  const setFilters = useCallback(
    (next: Partial<Filters>) =>
      changeSearchParams((params) => {
        params.set("page", String(DEFAULT_PAGE));
        const values: Record<string, string | undefined> = {
          actor: next.actor,
          kind: next.kind,
          from: next.range?.from,
          to: next.range?.to,
        };
        for (const [name, value] of Object.entries(values)) {
          if (value === undefined) continue;
          if (value) params.set(name, value);
          else params.delete(name);
        }
      }),
    [changeSearchParams],
  );
  return [filters, setFilters];
}

/** Where the thing an entry is about can be opened, when it still can. */
function subjectLink({ kind, subject }: ActivityEntryDto): string | undefined {
  if (kind.endsWith(".deleted")) return undefined;
  const id = encodeURIComponent(subject.id);
  switch (subject.type) {
    case "product":
      return `/dashboard/products/edit/${id}`;
    case "order":
      return `/dashboard/orders/order/${id}`;
    case "user":
      return `/dashboard/customers/${id}`;
    case "discount":
      return `/dashboard/discounts/${id}`;
    case "email":
      return `/dashboard/emails/${id}`;
    case "category":
      return "/dashboard/categories";
    case "return":
      return "/dashboard/returns";
    case "settings":
      return "/dashboard/settings";
    default:
      return undefined;
  }
}

function EntryRow({ entry }: { entry: ActivityEntryDto }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const count = changeRows(entry.before, entry.after).length;
  const link = subjectLink(entry);
  const label = entry.subject.label;
  return (
    <>
      <tr className={cx(open && "border-b-0 sm:bg-neutral-50/60")}>
        <td
          className={cx(
            cellClass,
            endCellClass,
            "whitespace-nowrap text-neutral-600 max-sm:order-2 max-sm:text-xs",
          )}
        >
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </td>
        <td className={cx(cellClass, growCellClass, "max-sm:order-4 sm:whitespace-nowrap")}>
          <p className="font-medium text-neutral-900">{entry.actor.name}</p>
          <p className="text-xs text-neutral-600 max-sm:[overflow-wrap:anywhere]">{entry.actor.email}</p>
        </td>
        <td
          className={cx(
            cellClass,
            growCellClass,
            "font-medium text-neutral-900 max-sm:order-1 sm:whitespace-nowrap",
          )}
        >
          {activityPage.kinds[entry.kind]}
        </td>
        <td className={cx(cellClass, "max-sm:order-3 max-sm:basis-full sm:min-w-48")}>
          <p className="text-xs text-neutral-500">{activityPage.subjects[entry.subject.type]}</p>
          {link ? (
            <Link to={link} className="[overflow-wrap:anywhere] text-brand-700 hover:underline">
              {label}
            </Link>
          ) : (
            <span className="[overflow-wrap:anywhere] text-neutral-900">{label}</span>
          )}
        </td>
        <td className={cx(cellClass, endCellClass, "max-sm:order-5")}>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={
              open
                ? activityPage.hideChanges(activityPage.changeCount(count), label)
                : activityPage.showChanges(activityPage.changeCount(count), label)
            }
            onClick={() => setOpen((was) => !was)}
          >
            {activityPage.changeCount(count)}
            <ChevronDownIcon
              className={cx("size-4 text-neutral-500 transition-transform", open && "rotate-180")}
              aria-hidden="true"
            />
          </Button>
        </td>
      </tr>
      {open ? (
        <tr className="sm:bg-neutral-50/60">
          <td colSpan={COLUMNS.length} className="max-sm:basis-full">
            <div id={detailsId} className="px-4 pt-1 pb-4 max-sm:px-0 sm:pl-8">
              <ActivityChanges entry={entry} />
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * /dashboard/activity (admins): every staff write, newest first, with who, when, what it was about
 * and the fields it changed, before and after; narrowed by staff member, kind and days, searched by
 * what it is about. On a phone each entry is a card.
 */
export function ActivityPage() {
  const head = <PageMeta title={pageTitle(activityPage.title)} />;
  const list = useListParams();
  const [filters, setFilters] = useFilters();
  const actors = useActivityActors();
  // A range that ends before it starts is shown as wrong, and not asked for.
  const days = isBackwards(filters.range)
    ? {}
    : { from: filters.range.from || undefined, to: filters.range.to || undefined };
  const asked: ActivityFilters = {
    actor: filters.actor || undefined,
    kind: filters.kind || undefined,
    ...days,
  };
  const query = useActivity({
    page: list.page,
    size: list.size,
    after: list.after,
    keyword: list.keyword || undefined,
    ...asked,
  });
  const names = actors.data ?? [];
  const shared = new Set(
    names.filter((a, i) => names.findIndex((b) => b.name === a.name) !== i).map((a) => a.name),
  );

  return (
    <>
      {head}

      <SectionHeader title={activityPage.title} />
      <SectionBody>
        <SectionCard title={activityPage.cardTitle}>
          <div className="mb-4 flex flex-wrap items-start gap-3">
            <SelectField
              label={activityPage.actor}
              value={filters.actor}
              disabled={actors.isPending}
              onChange={(event) => setFilters({ actor: event.target.value })}
              className="w-full sm:w-64"
            >
              <option value="">{activityPage.everyone}</option>
              {names.map((actor) => (
                <option key={actor._id} value={actor._id}>
                  {shared.has(actor.name) ? `${actor.name} (${actor.email})` : actor.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={activityPage.kind}
              value={filters.kind}
              onChange={(event) =>
                setFilters({ kind: ACTIVITY_KINDS.find((kind) => kind === event.target.value) ?? "" })
              }
              className="w-full sm:w-64"
            >
              <option value="">{activityPage.allKinds}</option>
              {ACTIVITY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {activityPage.kinds[kind]}
                </option>
              ))}
            </SelectField>
            <DateRangeFilter
              range={filters.range}
              onChange={(range) => setFilters({ range })}
              legend={activityPage.between}
            />
          </div>
          <PagedList
            list={list}
            searchLabel={activityPage.searchLabel}
            noun={listPaging.nouns.entries}
            query={query}
            empty={activityPage.empty}
          >
            {(entries) => (
              <DataTable caption={activityPage.cardTitle} columns={COLUMNS}>
                {entries.map((entry) => (
                  <EntryRow key={entry._id} entry={entry} />
                ))}
              </DataTable>
            )}
          </PagedList>
        </SectionCard>
      </SectionBody>
    </>
  );
}
