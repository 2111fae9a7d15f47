import { ChevronRightIcon } from "@heroicons/react/20/solid";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Absent for the current page, the last crumb. */
  to?: string;
}

/** Where a page sits in the shop: Home / category / product. */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-neutral-600">
        {items.map((item, index) => (
          <li key={item.to ?? item.label} className="flex min-w-0 items-center gap-1.5">
            {index > 0 ? (
              <ChevronRightIcon className="size-4 shrink-0 text-neutral-400" aria-hidden="true" />
            ) : null}
            {item.to ? (
              <Link to={item.to} className="hover:text-brand-700 hover:underline hover:underline-offset-4">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-neutral-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
