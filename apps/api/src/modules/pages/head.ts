/**
 * The <head> the server sends with each storefront page, so that crawlers and link previews see
 * the title, description, Open Graph tags and schema.org data without running the app.
 */
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
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join("\n    ");
}

/** Replaces the template's <title> and description with the page's head. */
export function injectHead(template: string, head: PageHead): string {
  const withoutDefaults = template
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, "");
  const tags = `  ${renderHead(head)}\n  </head>`;
  // NOTE: a function, not a replacement string: a name holding "$&", "$`" or "$'" stays as written.
  return withoutDefaults.replace(/<\/head>/i, () => tags);
}
