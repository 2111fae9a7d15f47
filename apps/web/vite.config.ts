import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { OutputBundle, OutputChunk } from "rollup";
import { defineConfig, type HtmlTagDescriptor, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

/** The API (apps/api) listens here in development; the SPA proxies to it so cookies stay same-origin. */
const API_ORIGIN = "http://127.0.0.1:3000";

// NOTE: changeOrigin stays false: the API refuses mutations whose Origin does not match the Host it
// sees, and the browser's Origin is the dev server's.
const proxy = {
  "/api": { target: API_ORIGIN },
  "/media": { target: API_ORIGIN },
};

/** The module main.tsx imports once the first frame is painted: the app, React with it. */
const APP_MODULES = ["/src/app/start.tsx"];

/**
 * The storefront pages whose code the server preloads with the page (apps/api/src/modules/pages):
 * the page's name in `.vite/page-code.json` and its module. Their chunks would otherwise be asked for
 * only once the app's code has run and the router has found the page.
 */
const PAGE_MODULES = {
  product: "/src/features/storefront/product-page.tsx",
  category: "/src/features/storefront/category-page.tsx",
  search: "/src/features/storefront/search-page.tsx",
} as const;

/** The file the server reads each page's chunks from; beside Vite's manifest, so never served. */
export const PAGE_CODE_FILE = ".vite/page-code.json";

/**
 * The chunk of each of `modules` (a lazily imported module) and every chunk it imports statically,
 * leaving out the entry (index.html's own script) and the files in `without`.
 */
function chunksOf(
  bundle: OutputBundle,
  modules: readonly string[],
  without: ReadonlySet<string> = new Set(),
) {
  const chunks = new Map<string, OutputChunk>();
  const starts: string[] = [];
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== "chunk") continue;
    chunks.set(chunk.fileName, chunk);
    // NOTE: a chunk with no exports has no facade module: look for the module among its own.
    if (chunk.isDynamicEntry && modules.some((name) => chunk.moduleIds.some((id) => id.endsWith(name)))) {
      starts.push(chunk.fileName);
    }
  }
  if (starts.length < modules.length)
    throw new Error(`preload-app-code: no chunk for one of ${modules.join(", ")}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (files.has(fileName) || without.has(fileName) || !chunk || chunk.isEntry) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const fileName of starts) visit(fileName);
  return files;
}

/**
 * index.html preloads the app's code (APP_MODULES and every chunk they import), which main.tsx only
 * imports after the first paint: it is downloaded at once, with the page, and evaluated after. Each
 * storefront page's own chunks (PAGE_MODULES) go into PAGE_CODE_FILE, for the server to preload with
 * that page.
 */
function preloadAppCode(): Plugin {
  return {
    name: "shop:preload-app-code",
    apply: "build",
    generateBundle(_options, bundle) {
      const app = chunksOf(bundle, APP_MODULES);
      const pages = Object.fromEntries(
        Object.entries(PAGE_MODULES).map(([page, module]) => [page, [...chunksOf(bundle, [module], app)]]),
      );
      this.emitFile({
        type: "asset",
        fileName: PAGE_CODE_FILE,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle)
          throw new Error("preload-app-code: index.html is transformed without the build's chunks");
        return [...chunksOf(bundle, APP_MODULES)].map(
          (fileName): HtmlTagDescriptor => ({
            tag: "link",
            // Low priority: the stylesheet, and the API answers the server preloads, come first.
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${fileName}`, fetchpriority: "low" },
            injectTo: "head",
          }),
        );
      },
    },
  };
}

export default defineConfig({
  // Assets are written pre-compressed (gzip and brotli) beside the originals; the server sends the
  // variant the browser accepts (@fastify/static preCompressed).
  plugins: [
    react(),
    tailwindcss(),
    preloadAppCode(),
    compression({ threshold: 1024, exclude: [/index\.html$/] }),
  ],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // dist/.vite/manifest.json: each chunk with its source module and imports, which
    // scripts/check-budgets.mjs reads to weigh each storefront route's first load.
    manifest: true,
  },
});
