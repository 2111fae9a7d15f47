import type { ReactNode } from "react";
import { cx } from "#web/lib/cx";

interface DataTableProps {
  /** The table's name for screen readers, e.g. "Orders". */
  caption: string;
  columns: readonly { label: string; className?: string; srOnly?: boolean }[];
  children: ReactNode;
}

/** A dashboard table; it scrolls sideways on small screens instead of squeezing its columns. */
export function DataTable({ caption, columns, children }: DataTableProps) {
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table className="min-w-full divide-y divide-neutral-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
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
        <tbody className="divide-y divide-neutral-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = "px-4 py-3 align-middle text-neutral-800";
