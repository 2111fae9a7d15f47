import {
  pageTitle as namedPageTitle,
  type StaticPageHead,
  type StaticPagePath,
  staticPageHeads,
} from "@shop/shared/site";
import { useState } from "react";
import { shopSettings } from "./shop-settings";

/** "Checkout — Bazaar": a page's document title, then the shop's name as it is now. */
export function pageTitle(title: string): string {
  return namedPageTitle(title, shopSettings().store.name);
}

/** The head of a fixed storefront page, with the shop's name as it is now (the server sends the same). */
export function staticPageHead(path: StaticPagePath): StaticPageHead {
  return staticPageHeads(shopSettings().store.name)[path];
}

/** Longest description kept: search engines cut snippets at about this length. */
const DESCRIPTION_MAX = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * The page's document title (see pageTitle above) and meta description, rendered by the page: React
 * puts them in the document's head while the page is shown and takes them away when it goes.
 * `title` null keeps the title the page found (a page still loading); a page with no description
 * has none (app/start.tsx takes away the one the server sent with the first page).
 */
export function PageMeta({ title, description }: { title: string | null; description?: string | null }) {
  const [found] = useState(() => document.title);
  return (
    <>
      <title>{title ?? found}</title>
      {description ? <meta name="description" content={clip(description)} /> : null}
    </>
  );
}
