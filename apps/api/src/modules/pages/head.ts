/**
 * The <head> the server sends with each storefront page, so that crawlers and link previews see
 * the title, description, Open Graph tags and schema.org data without running the app, and the app
 * has the shop's name and currency before its first render.
 */
import { type ImageMedia, srcSetOf } from "@shop/shared/images";
import { PAGE_SETTINGS_ELEMENT_ID, type PageSettings } from "@shop/shared/site";

/** The storefront pages whose own code the web build lists (apps/web/vite.config.ts, PAGE_MODULES). */
export type CodedPage = "product" | "category" | "search";

/** The picture a page shows first and largest, fetched with the page: as the app's <img> will draw it. */
export interface PreloadImage {
  media: ImageMedia;
  /** The `sizes` of the app's <img> (`@shop/shared/images`). */
  sizes: string;
}

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonical?: string;
  image?: string;
  type?: "website" | "product";
  /** schema.org data, serialised as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  /** API paths the page's first render asks for: the browser fetches them with the page's code. */
  preload?: string[];
  /** The page whose own code (beside the app's) its first render needs. */
  page?: CodedPage;
  /** That code's files (relative to the web build's folder), fetched with the page. */
  modules?: readonly string[];
  /** The page's largest picture, fetched with the page rather than once the app has drawn it. */
  firstImage?: PreloadImage;
  /** The owner's settings the app reads before its first render (its name, its currency). */
  settings?: PageSettings;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** JSON inside <script> must not be able to close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function meta(attribute: "name" | "property", key: string, content: string) {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

export function renderHead(head: PageHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:type", head.type ?? "website"),
  ];
  if (head.canonical) {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
      meta("property", "og:url", head.canonical),
    );
  }
  if (head.image)
    tags.push(meta("property", "og:image", head.image), meta("name", "twitter:card", "summary_large_image"));
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  // NOTE: crossorigin="anonymous" is the web app's fetch (cors, same-origin credentials): only a
  // preload made the same way is reused by it.
  for (const url of head.preload ?? []) {
    tags.push(`<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="anonymous" />`);
  }
  // NOTE: low priority, as index.html's preload of the app's code, and after it: that code runs first,
  // and the stylesheet, the API answers and the picture are not held up behind either.
  for (const file of head.modules ?? []) {
    tags.push(`<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" fetchpriority="low" />`);
  }
  if (head.firstImage) tags.push(imagePreload(head.firstImage));
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  // NOTE: a meta tag's attribute, not a data script: the page keeps no inline script but the JSON-LD
  // (its Content-Security-Policy and the journeys' checks for stored payloads count on that).
  if (head.settings) tags.push(meta("name", PAGE_SETTINGS_ELEMENT_ID, JSON.stringify(head.settings)));
  return tags.join("\n    ");
}

/**
 * NOTE: the browser uses a preloaded image for an <img> only when the two ask for the same rendition:
 * same `srcset` and `sizes`, so the link carries the <img>'s own.
 */
function imagePreload({ media, sizes }: PreloadImage): string {
  const srcset = srcSetOf(media);
  const candidates = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : ` href="${escapeHtml(media.url)}"`;
  return `<link rel="preload" as="image"${candidates} fetchpriority="high" />`;
}

/**
 * Writes the shop's name into the header bar index.html paints before the app runs: the text of the
 * element marked `data-shop-name="text"`, and the `aria-label` of the one marked `data-shop-name="label"`
 * ("Bazaar home"), so that the bar does not change when the app replaces it.
 */
function withShopName(html: string, name: string): string {
  const label = `aria-label="${escapeHtml(`${name} home`)}"`;
  return html
    .replace(/<[^>]*\sdata-shop-name="label"[^>]*>/g, (tag) => tag.replace(/aria-label="[^"]*"/, () => label))
    .replace(/(<[^>]*\sdata-shop-name="text"[^>]*>)[^<]*/g, (_, open: string) => open + escapeHtml(name));
}

/**
 * Replaces the template's <title> and description with the page's head, and the shop's name in the
 * header bar it paints with the owner's.
 */
export function injectHead(template: string, head: PageHead): string {
  const named = head.settings ? withShopName(template, head.settings.store.name) : template;
  const withoutDefaults = named
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, "");
  const tags = `  ${renderHead(head)}\n  </head>`;
  // NOTE: a function, not a replacement string: a name holding "$&", "$`" or "$'" stays as written.
  return withoutDefaults.replace(/<\/head>/i, () => tags);
}
