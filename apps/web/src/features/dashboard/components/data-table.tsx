import type { ReactNode } from "react";
import { cx } from "#web/lib/cx";

interface DataTableProps {
  /** The table's name for screen readers, e.g. "Orders". */
  caption: string;
  columns: readonly { label: string; className?: string; srOnly?: boolean }[];
  children: ReactNode;
}

/**
 * A dashboard table. On a small screen each row is a card whose cells wrap onto as many lines as
 * they need, so that no action a task needs sits in a column scrolled out of view; from `sm` up it
 * is a table, which scrolls sideways rather than squeezing its columns. The scroller takes focus,
 * so that a keyboard can scroll it too.
 */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus for the keyboard to scroll it (WCAG 2.1.1).
      tabIndex={0}
      className="rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:overflow-x-auto"
    >
      <table className="min-w-full divide-y divide-neutral-200 text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cx(
                  "px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-neutral-500 uppercase",
                  column.className,
                )}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100 max-sm:block max-sm:[&>tr]:flex max-sm:[&>tr]:flex-wrap max-sm:[&>tr]:items-center max-sm:[&>tr]:gap-x-3 max-sm:[&>tr]:gap-y-2 max-sm:[&>tr]:py-3 max-sm:[&>tr>td]:p-0">
          {children}
        </tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-3 align-middle text-neutral-800";

/** A cell that takes the room left on its line of a small screen's card (a name, a customer). */
export const growCellClass = "max-sm:min-w-0 max-sm:flex-1 max-sm:basis-40";

/** A cell that goes to the end of its line on a small screen's card (actions, amounts). */
export const endCellClass = "max-sm:ml-auto";

/** A row that opens its item when tapped anywhere (its link is marked with `rowLinkClass`). */
export const openableRowClass = "relative hover:bg-neutral-50";

/** The row's own link, stretched over the whole row, so that a tap anywhere on it opens the item. */
export const rowLinkClass = "after:absolute after:inset-0 after:content-['']";

/** A control of an openable row (a toggle, a button, another link): above the row's link, so it stays its own. */
export const overRowLinkClass = "relative z-10";
