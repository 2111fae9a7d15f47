import type { StaticPagePath } from "@shop/shared/site";
import type { ReactNode } from "react";
import { PageMeta, staticPageHead } from "#web/lib/page-meta";

interface StaticPageProps {
  title: string;
  lead?: string;
  /** The page's path: its document title and meta description are the ones the server writes for it. */
  path: StaticPagePath;
  children: ReactNode;
}

/** A text page: a title, an optional lead, and readable paragraphs. */
export function StaticPage({ title, lead, path, children }: StaticPageProps) {
  const head = <PageMeta {...staticPageHead(path)} />;
  return (
    <>
      {head}
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 text-lg text-neutral-600">{lead}</p> : null}
        <div className="mt-8 space-y-4 text-base leading-7 text-neutral-700 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-neutral-900">
          {children}
        </div>
      </article>
    </>
  );
}
