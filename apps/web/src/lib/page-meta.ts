import {
  pageTitle as namedPageTitle,
  type StaticPageHead,
  type StaticPagePath,
  staticPageHeads,
} from "@shop/shared/site";
import { useEffect } from "react";
import { shopSettings } from "./shop-settings";

/** "Checkout — Bazaar": a page's document title, then the shop's name as it is now. */
export function pageTitle(title: string): string {
  return namedPageTitle(title, shopSettings().store.name);
}

/** The head of a fixed storefront page, with the shop's name as it is now (the server sends the same). */
export function staticPageHead(path: StaticPagePath): StaticPageHead {
  return staticPageHeads(shopSettings().store.name)[path];
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement("meta");
    tag.name = "description";
    document.head.append(tag);
  }
  return tag;
}

/** Longest description kept: search engines cut snippets at about this length. */
const DESCRIPTION_MAX = 160;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

/**
 * What the pages shown set of one part of the head: the newest is shown, and when it goes the one
 * before it comes back (the head as index.html had it once none is left). A stack, not each page
 * putting back what it found: the next page's effect may run before the last page's clean-up.
 */
function headStack(read: () => string, write: (value: string) => void) {
  const shown: { value: string }[] = [];
  let initial = "";
  return (value: string) => {
    if (shown.length === 0) initial = read();
    const entry = { value };
    shown.push(entry);
    write(value);
    return () => {
      shown.splice(shown.indexOf(entry), 1);
      write(shown.at(-1)?.value ?? initial);
    };
  };
}

const showTitle = headStack(
  () => document.title,
  (value) => {
    document.title = value;
  },
);
const showDescription = headStack(
  () => descriptionTag().content,
  (value) => {
    descriptionTag().content = value;
  },
);

/**
 * Sets the page's document title (see pageTitle above) and meta description while the page is shown;
 * when it goes, the page shown before it has its own back (or the defaults of index.html).
 * `title` null keeps the current title (a page still loading).
 */
export function usePageMeta({ title, description }: { title: string | null; description?: string | null }) {
  useEffect(() => (title === null ? undefined : showTitle(title)), [title]);
  useEffect(() => (description ? showDescription(clip(description)) : undefined), [description]);
}
