import { activityPage } from "@shop/shared/messages";
import type { ActivityEntryDto } from "@shop/shared/schemas/activity";
import { changeRows, formatValue } from "./change-rows";

/** One value of a change: struck through before, marked after; a dash where there was none. */
function Value({ value, side }: { value: unknown; side: "before" | "after" }) {
  const text = formatValue(value);
  const none = value === undefined || text === activityPage.none;
  return (
    <span
      className={
        none
          ? "text-neutral-500"
          : side === "before"
            ? "rounded-sm bg-danger-50 px-1 text-danger-700 line-through decoration-danger-700/50"
            : "rounded-sm bg-success-50 px-1 text-success-700"
      }
    >
      {text}
    </span>
  );
}

/** The fields an entry changed, each as before → after. */
export function ActivityChanges({ entry }: { entry: ActivityEntryDto }) {
  const rows = changeRows(entry.before, entry.after);
  if (rows.length === 0) return <p className="text-sm text-neutral-600">{activityPage.noChanges}</p>;
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,max-content)_1fr]">
      {rows.map((row) => (
        <div key={row.field} className="contents">
          <dt className="font-medium [overflow-wrap:anywhere] text-neutral-700">{row.field}</dt>
          <dd className="-mt-2 [overflow-wrap:anywhere] whitespace-pre-wrap text-neutral-900 sm:mt-0">
            <span className="sr-only">{activityPage.before}: </span>
            <Value value={row.before} side="before" />
            <span aria-hidden="true" className="mx-2 text-neutral-400">
              →
            </span>
            <span className="sr-only">, {activityPage.after}: </span>
            <Value value={row.after} side="after" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
