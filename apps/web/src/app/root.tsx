import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/spinner";
import { APP_SHELL_HTML } from "../lib/app-shell";
import { ErrorBoundary } from "./error-boundary";
import { ErrorPage } from "./error-page";
import { ScrollRestoration } from "./scroll-restoration";

/** While the code of the first page shown loads: the header bar index.html drew, a spinner below. */
function FirstPageFallback() {
  return (
    <>
      <div
        className="contents"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own index.html markup, read at start.
        dangerouslySetInnerHTML={{ __html: APP_SHELL_HTML }}
      />
      <PageSpinner />
    </>
  );
}

/**
 * The root route: every navigation to a new page starts at its top, back and forward restore the
 * position. The first page's code (a lazy page or layout) is awaited here, with the header bar
 * index.html drew; later navigations are transitions, which keep the page shown until the next is in.
 */
export function Root() {
  return (
    <ErrorBoundary fallback={(error) => <ErrorPage fullPage error={error} />}>
      <ScrollRestoration />
      <Suspense fallback={<FirstPageFallback />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
