import { Bars3Icon } from "@heroicons/react/24/outline";
import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { cx } from "#web/lib/cx";
import { useSidebar } from "../hooks/use-sidebar";

export interface SectionLink {
  to: string;
  label: string;
}

interface SectionHeaderProps {
  title: string;
  /** The section's primary action (a button or a link styled as one). */
  action?: ReactNode;
  links?: readonly SectionLink[];
}

/** The top of every dashboard section: menu button (small screens), title, action and sub-navigation. */
export function SectionHeader({ title, action, links }: SectionHeaderProps) {
  const location = useLocation();
  const openSidebar = useSidebar((state) => state.openAt);
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6 lg:px-8">
        <button
          type="button"
          onClick={() => openSidebar(location.key)}
          aria-label="Open sidebar"
          className="-ml-2 inline-flex size-10 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 lg:hidden"
        >
          <Bars3Icon className="size-6" aria-hidden="true" />
        </button>
        <h1 className="truncate text-lg font-semibold text-neutral-900 sm:text-xl">{title}</h1>
        {action ? <div className="ml-auto flex shrink-0 items-center gap-2">{action}</div> : null}
      </div>
      {links && links.length > 0 ? (
        <nav aria-label={`${title} lists`} className="-mb-px flex gap-4 overflow-x-auto px-4 sm:px-6 lg:px-8">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end
              className={({ isActive }) =>
                cx(
                  "border-b-2 py-3 text-sm font-medium whitespace-nowrap",
                  isActive
                    ? "border-brand-600 text-brand-700"
                    : "border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
      ) : null}
    </header>
  );
}

/** The body of a dashboard section, under its header. */
export function SectionBody({ children }: { children: ReactNode }) {
  return <div className="space-y-6 px-4 py-6 sm:px-6 lg:px-8">{children}</div>;
}

/** A titled card inside a section, e.g. 'All Orders'. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card bg-white shadow-card ring-1 ring-neutral-200">
      <h2 className="border-b border-neutral-200 px-4 py-3 text-base font-semibold text-neutral-900 sm:px-6">
        {title}
      </h2>
      <div className="px-4 py-5 sm:px-6">{children}</div>
    </section>
  );
}
