import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The API (apps/api) listens here in development; the SPA proxies to it so cookies stay same-origin. */
const API_ORIGIN = "http://127.0.0.1:3000";

// NOTE: changeOrigin stays false: the API refuses mutations whose Origin does not match the Host it
// sees, and the browser's Origin is the dev server's.
const proxy = {
  "/api": { target: API_ORIGIN },
  "/media": { target: API_ORIGIN },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
  },
});
