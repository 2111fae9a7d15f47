import { errors } from "@shop/shared/messages";
import { Link } from "react-router";
import { buttonClasses } from "../components/button";
import { cx } from "../lib/cx";
import { PageMeta, pageTitle } from "../lib/page-meta";

export function NotFoundPage() {
  const head = <PageMeta title={pageTitle("Page not found")} />;
  return (
    <>
      {head}
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">
          Page not found
        </h1>
        <p className="mt-3 text-neutral-600">{errors.pageNotFound}</p>
        <Link to="/" className={cx(buttonClasses(), "mt-8")}>
          Go back home
        </Link>
      </section>
    </>
  );
}
