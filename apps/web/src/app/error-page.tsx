import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";
import { crash } from "@shop/shared/messages";
import { useEffect } from "react";
import { Link } from "react-router";
import { useShopName } from "#web/lib/shop-settings";
import { Button, buttonClasses } from "../components/button";
import { Logo } from "../components/logo";

/**
 * Shown when a screen crashes (a render error, a failed chunk download). Distinct from the 404 page:
 * it says something broke and offers a reload. `fullPage` when no layout is left around it.
 */
export function ErrorPage({ error, fullPage = false }: { error: unknown; fullPage?: boolean }) {
  const shopName = useShopName();

  useEffect(() => {
    console.error(error);
  }, [error]);

  const content = (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <ExclamationTriangleIcon className="size-12 text-danger-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">{crash.title}</h1>
      <p className="mt-3 text-neutral-600">{crash.explanation}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{crash.reload}</Button>
        {/* A plain link: a full load gets a fresh copy of the app if an update caused the crash. */}
        <a href="/" className={buttonClasses({ variant: "secondary" })}>
          {crash.home}
        </a>
      </div>
    </section>
  );

  if (!fullPage) return content;
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50">
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Link to="/" aria-label={`${shopName} home`}>
            <Logo />
          </Link>
        </div>
      </header>
      <main className="flex-1">{content}</main>
    </div>
  );
}
