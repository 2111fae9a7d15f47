import { ArrowRightIcon } from "@heroicons/react/20/solid";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface ProductSectionProps {
  /** Also the base of the heading's id, which names the section. */
  id: string;
  title: string;
  /** A link to the full list, shown beside the heading. */
  viewAll?: { to: string; label: string };
  children: ReactNode;
}

/** A titled band of products on the home and product pages. */
export function ProductSection({ id, title, viewAll, children }: ProductSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-4 flex items-end justify-between gap-4 sm:mb-6">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-neutral-900 sm:text-2xl">
          {title}
        </h2>
        {viewAll ? (
          <Link
            to={viewAll.to}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline hover:underline-offset-4"
          >
            {viewAll.label}
            <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
