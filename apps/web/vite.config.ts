import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/** The API (apps/api) listens here in development; the SPA proxies to it so cookies stay same-origin. */
const API_ORIGIN = "http://127.0.0.1:3000";

// NOTE: changeOrigin stays false: the API refuses mutations whose Origin does not match the Host it
// sees, and the browser's Origin is the dev server's.
const proxy = {
  "/api": { target: API_ORIGIN },
  "/media": { target: API_ORIGIN },
};

export default defineConfig({
  // Assets are written pre-compressed (gzip and brotli) beside the originals; the server sends the
  // variant the browser accepts (@fastify/static preCompressed).
  plugins: [react(), tailwindcss(), compression({ threshold: 1024, exclude: [/index\.html$/] })],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
  },
});
