import type { ReactNode } from "react";

interface PagePlaceholderProps {
  title: string;
  /** What this page will hold once it is built. */
  children: ReactNode;
}

/** A page whose content is not built yet: its heading and one honest line. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-neutral-600">{children}</p>
    </section>
  );
}
