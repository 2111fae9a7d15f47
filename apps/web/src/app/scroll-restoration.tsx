import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Where each page shown in this tab was scrolled to, by its history entry. */
const positions = new Map<string, number>();

/**
 * Every navigation to a new page starts at its top; back and forward put back where the page was.
 * An address with an anchor is left to the browser, which scrolls to it. (React Router's own
 * <ScrollRestoration> works only under its data router, app/router.tsx.)
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // Kept as the shopper scrolls: by the time the next page is committed, the one leaving may be gone.
  useEffect(() => {
    const keep = () => positions.set(key, window.scrollY);
    window.addEventListener("scroll", keep, { passive: true });
    return () => window.removeEventListener("scroll", keep);
  }, [key]);

  useLayoutEffect(() => {
    if (hash) return;
    window.scrollTo(0, type === "POP" ? (positions.get(key) ?? 0) : 0);
  }, [key, hash, type]);

  return null;
}
