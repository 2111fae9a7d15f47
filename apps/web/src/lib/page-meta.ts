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
 * Sets the page's document title (see pageTitle above) and meta description while the page is shown, and puts back what was there
 * before when it goes (so a page that sets nothing keeps the defaults of index.html).
 * `title` null keeps the current title (a page still loading).
 */
export function usePageMeta({ title, description }: { title: string | null; description?: string | null }) {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const tag = descriptionTag();
    const previous = tag.content;
    tag.content = clip(description);
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
