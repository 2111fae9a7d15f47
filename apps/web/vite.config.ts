import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
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
 * index.html preloads the app's code (APP_MODULES and every chunk they import), which main.tsx only
 * imports after the first paint: it is downloaded at once, with the page, and evaluated after.
 */
function preloadAppCode(): Plugin {
  return {
    name: "shop:preload-app-code",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const chunks = new Map<string, { isEntry: boolean; imports: string[] }>();
        const starts = new Map<string, string>();
        for (const output of Object.values(bundle ?? {})) {
          if (output.type !== "chunk") continue;
          chunks.set(output.fileName, output);
          // NOTE: a chunk with no exports has no facade module: look for the module among its own.
          const module = APP_MODULES.find((name) => output.moduleIds.some((id) => id.endsWith(name)));
          if (output.isDynamicEntry && module) starts.set(module, output.fileName);
        }
        const missing = APP_MODULES.filter((name) => !starts.has(name));
        if (missing.length > 0) throw new Error(`preload-app-code: no chunk for ${missing.join(", ")}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          // The entry (main.tsx) is index.html's own script already.
          if (files.has(fileName) || !chunk || chunk.isEntry) return;
          files.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const fileName of starts.values()) visit(fileName);
        return [...files].map(
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
