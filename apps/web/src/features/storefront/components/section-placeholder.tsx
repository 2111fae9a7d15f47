import type { ReactNode } from "react";

/** A home-page section whose products arrive with the catalog issue: its heading and what will be there. */
export function SectionPlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${title}-heading`.replace(/\s+/g, "-").toLowerCase()}>
      <h2
        id={`${title}-heading`.replace(/\s+/g, "-").toLowerCase()}
        className="text-xl font-bold tracking-tight text-neutral-900 sm:text-2xl"
      >
        {title}
      </h2>
      <p className="mt-3 rounded-card border border-dashed border-neutral-300 bg-white px-4 py-8 text-center text-sm text-neutral-500">
        {children}
      </p>
    </section>
  );
}
